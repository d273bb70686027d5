// /my-data: everything Rihaai holds about the family member and the prisoners they follow, with whom
// it was shared and who read it, as a readable page (printable, and saved as an HTML file) and as a
// JSON file; each part links to where it is corrected, and the prisoner's details are corrected here
// (docs/decisions/0054-rights-a-family-can-use.md).
import { Anchor, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRISONER_GENDERS } from '#shared/prisoners.ts';
import { RELATIONS } from '#shared/cases.ts';
import { UpdatePrisonerSchema, type MyData } from '#shared/my-data.ts';
import { paths } from '#client/app/paths.ts';
import { HomeButton } from '#client/components/home-button.tsx';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryError } from '#client/components/query-error.tsx';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useAccessText, useFormatTime } from '#client/features/access-log/access-texts.ts';
import { MY_DATA_URL, myDataQuery, useCorrectPrisoner } from './my-data.api.ts';
import classes from './my-data.module.css';

/** Access-log rows drawn on the page; the file holds them all. */
const LOG_SHOWN = 30;

const casePath = (caseId: string) => paths.caseFacts.replace(':caseId', encodeURIComponent(caseId));

export function MyDataPage() {
  const { t } = useTranslation(['myData', 'common']);
  const query = useQuery(myDataQuery);
  const sheet = useRef<HTMLDivElement>(null);
  return (
    <Page title={t('title')}>
      <Text>{t('intro')}</Text>
      <Group gap="sm" data-no-save>
        <Button component="a" href={MY_DATA_URL} download styles={WRAPPING_LABEL}>
          {t('download.json')}
        </Button>
        <Button
          variant="outline"
          styles={WRAPPING_LABEL}
          disabled={!query.data}
          onClick={() => sheet.current && saveAsHtml(sheet.current, t('title'))}
        >
          {t('download.html')}
        </Button>
        <Button variant="default" onClick={() => window.print()}>
          {t('print')}
        </Button>
      </Group>
      {query.isPending ? (
        <Loading label={t('loading', { ns: 'common' })} />
      ) : query.isError ? (
        <QueryError error={query.error} />
      ) : (
        <div ref={sheet} className={classes.sheet}>
          <Title order={1} size="h2" className={classes.printOnly} data-no-save>
            {t('title')}
          </Title>
          <Sheet data={query.data} />
        </div>
      )}
      <HomeButton to={paths.familyHome} />
    </Page>
  );
}

/** The page's sheet as a standalone HTML file: links made absolute, buttons and forms left out. */
function saveAsHtml(node: HTMLElement, title: string) {
  const copy = node.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[data-no-save], button, form').forEach((el) => el.remove());
  copy.querySelectorAll('a[href]').forEach((a) => a.setAttribute('href', new URL(a.getAttribute('href')!, window.location.origin).href));
  const lang = document.documentElement.lang || 'en';
  const dir = document.documentElement.dir || 'ltr';
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:48rem;margin:0 auto;padding:1rem;color:#111}section{border:1px solid #bbb;border-radius:6px;padding:.5rem 1rem;margin:.75rem 0}h2{font-size:1.2rem}a{color:#0b4ea2}ul,ol{padding-inline-start:1.2rem}</style></head><body><h1>${escapeHtml(title)}</h1>${copy.innerHTML}</body></html>`;
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `rihaai-my-data-${new Date().toISOString().slice(0, 10)}.html`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function useDay() {
  const { i18n } = useTranslation();
  const fmt = new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
  return (iso: string) => fmt.format(new Date(iso));
}

function Part({ id, title, correct, children }: { id: string; title: string; correct?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={id} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {children}
        {correct}
      </Stack>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

function CorrectLink({ to }: { to: string }) {
  const { t } = useTranslation('myData');
  return (
    <Anchor component={Link} to={to} fw={600} size="sm">
      {t('correct')}
    </Anchor>
  );
}

function Sheet({ data }: { data: MyData }) {
  const { t } = useTranslation(['myData', 'accessLog']);
  const day = useDay();
  const time = useFormatTime();
  const did = useAccessText();
  const reg = data.registration;
  const prisonerName = (id: string | null) => data.prisoners.find((p) => p.id === id)?.name || t('prisoner.unnamed');
  return (
    <Stack gap="sm">
      <Part id="my-data-you" title={t('you.heading')} correct={<CorrectLink to={paths.editProfile} />}>
        <Fact label={t('you.name')} value={data.account.name} />
        <Fact label={t('you.email')} value={data.account.email} />
        {reg && <Fact label={t('you.phone')} value={reg.phone} />}
        {reg && <Fact label={t('you.address')} value={reg.address} />}
        <Fact label={t('you.since')} value={day(data.account.createdAt)} />
      </Part>

      <Part id="my-data-nominee" title={t('nominee.heading')} correct={<CorrectLink to={`${paths.profile}#nominee`} />}>
        {data.nominee ? (
          <>
            <Fact label={t('nominee.name')} value={data.nominee.name} />
            <Fact label={t('nominee.relation')} value={data.nominee.relation} />
            {data.nominee.email && <Fact label={t('you.email')} value={data.nominee.email} />}
            {data.nominee.phone && <Fact label={t('you.phone')} value={data.nominee.phone} />}
          </>
        ) : (
          <Text size="sm">{t('nominee.none')}</Text>
        )}
      </Part>

      {data.prisoners.map((p) => (
        <PrisonerPart key={p.id} prisoner={p} />
      ))}

      <Part id="my-data-cases" title={t('cases.heading')}>
        {data.cases.length === 0 && <Text size="sm">{t('empty')}</Text>}
        {data.cases.map((c) => (
          <Stack key={c.id} gap={2}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('cases.number', { number: c.caseNumber })}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {c.detail}
            </Text>
            <Fact label={t('cases.prisoner')} value={prisonerName(c.prisonerId)} />
            {typeof c.facts.firNumber === 'string' && <Fact label={t('cases.fir')} value={c.facts.firNumber} />}
            {typeof c.facts.court === 'string' && <Fact label={t('cases.court')} value={c.facts.court} />}
            {c.hearings.length > 0 && <Fact label={t('cases.hearings')} value={c.hearings.map((h) => day(h.hearingOn)).join(', ')} />}
            <CorrectLink to={casePath(c.id)} />
          </Stack>
        ))}
      </Part>

      <Part id="my-data-papers" title={t('papers.heading')}>
        <Text size="sm">{t('files')}</Text>
        {data.documents.length === 0 && <Text size="sm">{t('empty')}</Text>}
        {data.documents.map((d) => (
          <Stack key={d.id} gap={0}>
            <Anchor href={d.downloadUrl} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('papers.download', { name: d.filename })}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('papers.by', { name: d.uploadedBy?.name ?? '—', date: day(d.createdAt) })}
            </Text>
          </Stack>
        ))}
      </Part>

      <Part id="my-data-shared" title={t('shared.heading')}>
        <SharedWith data={data} />
      </Part>

      <Part id="my-data-log" title={t('log.heading')}>
        {data.accessLog.length === 0 && <Text size="sm">{t('empty')}</Text>}
        <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.accessLog.slice(0, LOG_SHOWN).map((row, i) => {
            const role = t(`role.${row.actorRole}`, { ns: 'accessLog' });
            const who = row.you
              ? t('log.you')
              : row.actorName
                ? t('row.named', { ns: 'accessLog', name: row.actorName, role })
                : t('row.unnamed', { ns: 'accessLog' });
            return (
              <Text key={`${row.at}-${i}`} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
                <time dateTime={row.at}>{time(row.at)}</time> · {who} · {did(row.action, row.what)}
              </Text>
            );
          })}
        </Stack>
        {data.accessLog.length > LOG_SHOWN && <Text size="sm">{t('log.more', { n: data.accessLog.length - LOG_SHOWN })}</Text>}
        <Anchor component={Link} to={paths.caseAccess} size="sm" fw={600}>
          {t('log.full')}
        </Anchor>
      </Part>

      <Text size="sm" c="dimmed">
        {t('also', { changes: data.changes.length, notifications: data.notifications.length, messages: data.contactMessages.length })}
      </Text>
    </Stack>
  );
}

function SharedWith({ data }: { data: MyData }) {
  const { t } = useTranslation('myData');
  const lines: string[] = [];
  for (const l of data.sharedWith.lawyers) lines.push(t('shared.lawyer', { name: l.name, status: t(`shared.status.${l.status}`) }));
  if (data.sharedWith.ngo) lines.push(t('shared.ngo', { name: data.sharedWith.ngo.name }));
  for (const p of data.prisoners) {
    if (p.prison) {
      lines.push(t('shared.jail', { prison: p.prison.name }));
      if (p.prison.dlsaName || p.prison.dlsaEmail)
        lines.push(t('shared.dlsa', { name: p.prison.dlsaName || p.prison.dlsaEmail, district: p.prison.district }));
    }
  }
  for (const a of data.legalAid) lines.push(t('shared.legalAid', { district: a.district }));
  if (lines.length === 0) return <Text size="sm">{t('shared.none')}</Text>;
  return (
    <Stack gap={4} component="ul" style={{ paddingInlineStart: '1.2rem', margin: 0 }}>
      {[...new Set(lines)].map((line) => (
        <Text key={line} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

type PrisonerRow = MyData['prisoners'][number];

/** A relation chosen from the list reads in the reader's language; one typed in words stays as typed. */
const isListed = (relation: string) => (RELATIONS as readonly string[]).includes(relation);

function PrisonerPart({ prisoner: p }: { prisoner: PrisonerRow }) {
  const { t } = useTranslation(['myData', 'release']);
  const [editing, setEditing] = useState(false);
  const name = p.name || p.nameLatin || t('prisoner.unnamed');
  return (
    <Part
      id={`my-data-prisoner-${p.id}`}
      title={t('prisoner.heading', { name })}
      correct={
        editing ? (
          <PrisonerForm prisoner={p} onDone={() => setEditing(false)} />
        ) : (
          <Button variant="outline" size="sm" styles={WRAPPING_LABEL} onClick={() => setEditing(true)} style={{ alignSelf: 'flex-start' }}>
            {t('correct')}
          </Button>
        )
      }
    >
      <Fact label={t('prisoner.nameLatin')} value={p.nameLatin || '—'} />
      <Fact label={t('prisoner.relativeName')} value={p.relativeName || '—'} />
      <Fact label={t('prisoner.gender')} value={t(`gender.${p.gender}`)} />
      <Fact label={t('prisoner.birthYear')} value={p.birthYear ?? '—'} />
      <Fact label={t('prisoner.number')} value={p.prisonerNumber ?? '—'} />
      <Fact
        label={t('prisoner.yourRelation')}
        value={isListed(p.yourRelation) ? t(`relation.${p.yourRelation}`, { ns: 'release' }) : p.yourRelation || '—'}
      />
      <Fact label={t('prisoner.prison')} value={p.prison ? p.prison.name : (p.prisonTyped ?? '—')} />
      <Fact label={t('prisoner.followers')} value={p.followers.map((f) => (f.you ? t('log.you') : f.name)).join(', ')} />
    </Part>
  );
}

function PrisonerForm({ prisoner: p, onDone }: { prisoner: PrisonerRow; onDone: () => void }) {
  const { t } = useTranslation('myData');
  const errorText = useErrorText();
  const mutation = useCorrectPrisoner(p.id);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: p.name,
      nameLatin: p.nameLatin,
      relativeName: p.relativeName,
      gender: p.gender,
      birthYear: p.birthYear === null ? '' : String(p.birthYear),
      prisonerNumber: p.prisonerNumber ?? '',
    },
    validate: {
      name: (v) => (v.trim() ? null : t('prisoner.error.name')),
      nameLatin: (v) => (/^[A-Za-z .'-]*$/.test(v.trim()) ? null : t('prisoner.error.nameLatin')),
      birthYear: (v) => (v.trim() === '' || /^(19|20)\d\d$/.test(v.trim()) ? null : t('prisoner.error.birthYear')),
    },
  });
  const submit = form.onSubmit((v) => {
    const body = UpdatePrisonerSchema.parse({
      name: v.name,
      nameLatin: v.nameLatin,
      relativeName: v.relativeName,
      gender: v.gender,
      birthYear: v.birthYear.trim() === '' ? null : Number(v.birthYear),
      prisonerNumber: v.prisonerNumber.trim() === '' ? null : v.prisonerNumber,
      version: p.version,
    });
    mutation.mutate(body, {
      onSuccess: () => {
        notify.success(t('prisoner.saved'));
        onDone();
      },
      onError: (err) => notify.error(errorText(err)),
    });
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xs">
        <TextInput label={t('prisoner.name')} required {...form.getInputProps('name')} />
        <TextInput
          label={t('prisoner.nameLatin')}
          description={t('prisoner.nameLatinHint')}
          autoCapitalize="words"
          {...form.getInputProps('nameLatin')}
        />
        <TextInput label={t('prisoner.relativeName')} {...form.getInputProps('relativeName')} />
        <NativeSelect
          label={t('prisoner.gender')}
          data={PRISONER_GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))}
          {...form.getInputProps('gender')}
        />
        <TextInput label={t('prisoner.birthYear')} inputMode="numeric" {...form.getInputProps('birthYear')} />
        <TextInput label={t('prisoner.number')} {...form.getInputProps('prisonerNumber')} />
        <Group gap="sm">
          <Button type="submit" loading={mutation.isPending} styles={WRAPPING_LABEL}>
            {t('prisoner.save')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('prisoner.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
