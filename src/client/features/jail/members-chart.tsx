// The small backlog chart of the dashboard: members by stage and by case type. Loaded lazily
// (recharts is large). The bars are decoration for sighted users; the same numbers are in a
// table for screen readers, so the chart itself is hidden from them.
import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberChart } from '#shared/jail.ts';

interface Bar {
  label: string;
  members: number;
}

export function MembersChart({ chart }: { chart: MemberChart }) {
  const { t } = useTranslation('jail');
  const stages: Bar[] = chart.byStage.map((s) => ({ label: t(`stage.${s.stage}`), members: s.members }));
  const types: Bar[] = chart.byCaseType.map((c) => ({
    label: t(`caseType.${c.caseType}`, { defaultValue: c.caseType }),
    members: c.members,
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" style={{ alignItems: 'start' }}>
      <ChartFigure title={t('chart.byStage')} labelHeader={t('chart.stage')} bars={stages} />
      <ChartFigure title={t('chart.byCaseType')} labelHeader={t('chart.caseType')} bars={types} />
    </SimpleGrid>
  );
}

function ChartFigure({ title, labelHeader, bars }: { title: string; labelHeader: string; bars: Bar[] }) {
  const { t } = useTranslation('jail');
  const captionId = useId();
  return (
    <Paper withBorder p="sm" radius="md" component="figure" m={0} aria-labelledby={captionId}>
      <Text component="figcaption" id={captionId} fw={600} mb="xs">
        {title}
      </Text>
      <div aria-hidden="true">
        <BarChart
          h={bars.length * 30 + 16}
          // The count is part of each label: a zero bar still reads "0", and nothing is cut off at the edge.
          data={bars.map((b) => ({ ...b, label: t('chart.bar', { label: b.label, count: b.members }) }))}
          dataKey="label"
          orientation="vertical"
          series={[{ name: 'members', label: t('chart.members'), color: 'blue.8' }]}
          withTooltip={false}
          gridAxis="none"
          withXAxis={false}
          tickLine="none"
          textColor="gray.9"
          yAxisProps={{ width: 150, interval: 0, tick: { fontSize: 12 } }}
          accessibilityLayer={false}
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{t('chart.members')}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}>
                <th scope="row">{b.label}</th>
                <td>{b.members}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
