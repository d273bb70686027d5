// /ngo-details: the rehabilitation centre (NGO) the jail authority assigned (docs/spec.md#2-screens-and-routes).
import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '#client/app/paths.ts';
import { HomeButton } from '#client/components/home-button.tsx';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { ngoQuery } from './family.api.ts';
import { RequireRegistration } from './require-registration.tsx';
import { FamilyStatusPanel } from './family-status-panel.tsx';
import { PhoneText } from '#client/components/phone-text.tsx';
import { QueryError } from '#client/components/query-error.tsx';

export function NgoDetailsPage() {
  const { t } = useTranslation('family');
  return (
    <RequireRegistration loadingLabel={t('loading')}>
      <NgoDetails />
    </RequireRegistration>
  );
}

function NgoDetails() {
  const { t } = useTranslation('family');
  const query = useQuery(ngoQuery);
  const ngo = query.data?.ngo;
  return (
    <Page title={t('ngo.title')} size="sm" lead={<FamilyStatusPanel />}>
      {query.isPending ? (
        <Loading label={t('loading')} />
      ) : query.error ? (
        <QueryError error={query.error} />
      ) : !ngo ? (
        <Text>{t('ngo.empty')}</Text>
      ) : (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {ngo.name}
            </Title>
            <Item label={t('ngo.address')} value={ngo.address} />
            <Item label={t('ngo.contact')} value={<PhoneText text={ngo.contactInfo} />} />
            <Item label={t('ngo.report')} value={ngo.report || t('ngo.noReport')} />
          </Stack>
        </Card>
      )}
      <HomeButton to={paths.familyHome} label={t('ngo.back')} />
    </Page>
  );
}

function Item({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Text component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
