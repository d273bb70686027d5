// /prisons: the State-Administrator keeps the state's prisons (with each district's DLSA), issues the
// registration codes that make jail and DLSA accounts, sees counts per prison (numbers, no names),
// disables a jail account and matches the prisons families typed (docs/decisions/0046-prisoner-and-prisons.md).
import { Badge, Button, Card, Code, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { PRISON_LIMITS, PRISON_TYPES, SavePrisonSchema, type PrisonRecord } from '#shared/prisoners.ts';
import { Page } from '#client/components/page.tsx';
import { EmailInput } from '#client/components/contact-inputs.tsx';
import { LocationFields, useDistrictName, useStateName } from '#client/components/location-fields.tsx';
import { QueryList } from '#client/components/query-state.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { schemaResolver, serverFieldErrors, type FieldTexts } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import {
  jailAccountsQuery,
  prisonCountsQuery,
  prisonRecordsQuery,
  unmatchedQuery,
  useIssueDistrictCode,
  useIssuePrisonCode,
  useMatchPrison,
  useRevokePrisonCode,
  useSavePrison,
  useSetAccountDisabled,
} from './prisons.api.ts';

const ERROR_CONTRAST = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

export function PrisonsPage() {
  const { t } = useTranslation('prisons');
  const records = useQuery(prisonRecordsQuery);
  const counts = useQuery(prisonCountsQuery);
  const countOf = new Map((counts.data?.prisons ?? []).map((c) => [c.id, c]));
  return (
    <Page title={t('title')}>
      <Text size="sm">{t('intro')}</Text>
      <PrisonForm prison={null} />
      <QueryList
        query={records}
        loadingLabel={t('loading')}
        items={(data) => data.prisons}
        empty={<Text>{t('empty')}</Text>}
        listLabel={t('list')}
      >
        {(p) => <PrisonItem key={p.id} prison={p} count={countOf.get(p.id)} />}
      </QueryList>
      <DistrictCodeForm />
      <UnmatchedPrisons prisons={records.data?.prisons ?? []} />
    </Page>
  );
}

type Count = { prisoners: number; inCustody: number; bailedNotReleased: number; jailAccounts: number; hasCode: boolean };

function IssuedCode({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation('prisons');
  return (
    <Card withBorder padding="sm" role="status" aria-label={label}>
      <Stack gap={4}>
        <Text fw={700} size="sm">
          {label}
        </Text>
        <Code fz="lg" c="dark.9" style={{ overflowWrap: 'anywhere' }}>
          {code}
        </Code>
        <Text size="sm">{t('code.once')}</Text>
      </Stack>
    </Card>
  );
}

function PrisonItem({ prison, count }: { prison: PrisonRecord; count: Count | undefined }) {
  const { t } = useTranslation('prisons');
  const stateName = useStateName();
  const districtName = useDistrictName();
  const errorText = useErrorText();
  const [editing, setEditing] = useState(false);
  const [showAccounts, setShowAccounts] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const issue = useIssuePrisonCode();
  const revoke = useRevokePrisonCode();
  if (editing) {
    return (
      <Card component="li" withBorder padding="sm">
        <PrisonForm prison={prison} onDone={() => setEditing(false)} />
      </Card>
    );
  }
  return (
    <Card component="li" withBorder padding="sm">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {prison.name}
          </Title>
          <Badge variant="outline" color="gray.8">
            {t(`type.${prison.type}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('place', { district: districtName(prison.state, prison.district), state: stateName(prison.state) || t('stateMissing') })}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('dlsa', { name: prison.dlsaName || '—', email: prison.dlsaEmail, phone: prison.dlsaPhone || '—' })}
        </Text>
        {count && (
          <Text size="sm">
            {t('counts', {
              prisoners: count.prisoners,
              inCustody: count.inCustody,
              bailed: count.bailedNotReleased,
              accounts: count.jailAccounts,
            })}
          </Text>
        )}
        {code && <IssuedCode code={code} label={t('code.issued', { name: prison.name })} />}
        <Group gap="xs">
          <Button size="xs" variant="outline" onClick={() => setEditing(true)} aria-label={t('editNamed', { name: prison.name })}>
            {t('edit')}
          </Button>
          <Button
            size="xs"
            loading={issue.isPending}
            onClick={() =>
              issue.mutate(prison.id, {
                onSuccess: (r) => setCode(r.code),
                onError: (err) => notify.error(errorText(err)),
              })
            }
            aria-label={t('code.issueNamed', { name: prison.name })}
          >
            {count?.hasCode ? t('code.replace') : t('code.issue')}
          </Button>
          {count?.hasCode && (
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(prison.id, {
                  onSuccess: () => {
                    setCode(null);
                    notify.success(t('code.revoked', { name: prison.name }));
                  },
                  onError: (err) => notify.error(errorText(err)),
                })
              }
              aria-label={t('code.revokeNamed', { name: prison.name })}
            >
              {t('code.revoke')}
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={() => setShowAccounts((v) => !v)} aria-expanded={showAccounts}>
            {t('accounts.show')}
          </Button>
        </Group>
        {showAccounts && <JailAccounts prisonId={prison.id} />}
      </Stack>
    </Card>
  );
}

function JailAccounts({ prisonId }: { prisonId: string }) {
  const { t } = useTranslation('prisons');
  const errorText = useErrorText();
  const query = useQuery(jailAccountsQuery(prisonId));
  const set = useSetAccountDisabled();
  return (
    <QueryList
      query={query}
      loadingLabel={t('loading')}
      items={(d) => d.accounts}
      empty={<Text size="sm">{t('accounts.none')}</Text>}
      listLabel={t('accounts.list')}
    >
      {(a) => (
        <Group key={a.id} component="li" gap="xs" wrap="wrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {a.name} · {a.email} {a.disabled ? `· ${t('accounts.disabled')}` : ''}
          </Text>
          <Button
            size="xs"
            variant="outline"
            color={a.disabled ? undefined : 'red.9'}
            onClick={() =>
              set.mutate(
                { id: a.id, disabled: !a.disabled },
                { onSuccess: () => void query.refetch(), onError: (err) => notify.error(errorText(err)) },
              )
            }
            aria-label={t(a.disabled ? 'accounts.enableNamed' : 'accounts.disableNamed', { name: a.name })}
          >
            {t(a.disabled ? 'accounts.enable' : 'accounts.disable')}
          </Button>
        </Group>
      )}
    </QueryList>
  );
}

const PRISON_TEXTS: FieldTexts = {
  name: { required: 'nameRequired' },
  district: 'districtRequired',
  state: 'stateRequired',
  dlsaEmail: 'emailInvalid',
};

type PrisonValues = {
  name: string;
  state: string;
  district: string;
  type: string;
  address: string;
  phone: string;
  dlsaName: string;
  dlsaAddress: string;
  dlsaPhone: string;
  dlsaEmail: string;
};

function PrisonForm({ prison, onDone }: { prison: PrisonRecord | null; onDone?: () => void }) {
  const { t } = useTranslation('prisons');
  const errorText = useErrorText();
  const save = useSavePrison();
  const form = useForm<PrisonValues>({
    mode: 'controlled',
    initialValues: {
      name: prison?.name ?? '',
      state: prison?.state ?? '',
      district: prison?.district ?? '',
      type: prison?.type ?? 'district',
      address: prison?.address ?? '',
      phone: prison?.phone ?? '',
      dlsaName: prison?.dlsaName ?? '',
      dlsaAddress: prison?.dlsaAddress ?? '',
      dlsaPhone: prison?.dlsaPhone ?? '',
      dlsaEmail: prison?.dlsaEmail ?? '',
    },
    validate: schemaResolver(SavePrisonSchema, t, {
      texts: PRISON_TEXTS,
      input: (v: PrisonValues) => ({ ...v, dlsaEmail: v.dlsaEmail.trim() }),
    }),
  });
  const titleId = prison ? `prison-form-${prison.id}` : 'prison-form-new';
  return (
    <form
      noValidate
      style={ERROR_CONTRAST}
      aria-labelledby={titleId}
      onSubmit={form.onSubmit((v) =>
        save.mutate(
          {
            id: prison?.id ?? null,
            input: { ...SavePrisonSchema.parse({ ...v, dlsaEmail: v.dlsaEmail.trim() }), ...(prison ? { version: prison.version } : {}) },
          },
          {
            onSuccess: (saved) => {
              notify.success(t('saved', { name: saved.name }));
              if (onDone) onDone();
              else form.reset();
            },
            onError: (err) => {
              form.setErrors(serverFieldErrors(err, t, PRISON_TEXTS, form.getValues()));
              if (err instanceof ApiError && err.code === 'prison_exists') form.setFieldError('name', errorText(err));
              notify.error(errorText(err));
            },
          },
        ),
      )}
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {prison ? t('editTitle', { name: prison.name }) : t('addTitle')}
        </Title>
        <TextInput label={t('name')} required maxLength={PRISON_LIMITS.nameMax} {...form.getInputProps('name')} />
        <NativeSelect
          label={t('typeLabel')}
          data={PRISON_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
          {...form.getInputProps('type')}
        />
        <LocationFields form={form} purpose="prison" />
        <TextInput label={t('address')} maxLength={PRISON_LIMITS.addressMax} {...form.getInputProps('address')} />
        <TextInput label={t('phone')} type="tel" maxLength={PRISON_LIMITS.phoneMax} {...form.getInputProps('phone')} />
        <TextInput label={t('dlsaName')} maxLength={PRISON_LIMITS.nameMax} {...form.getInputProps('dlsaName')} />
        <TextInput label={t('dlsaAddress')} maxLength={PRISON_LIMITS.addressMax} {...form.getInputProps('dlsaAddress')} />
        <TextInput label={t('dlsaPhone')} type="tel" maxLength={PRISON_LIMITS.phoneMax} {...form.getInputProps('dlsaPhone')} />
        <EmailInput
          label={t('dlsaEmail')}
          required
          autoComplete="off"
          maxLength={254}
          {...form.getInputProps('dlsaEmail')}
          onFix={(email) => form.setFieldValue('dlsaEmail', email)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
          {onDone && (
            <Button variant="subtle" onClick={onDone}>
              {t('cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function DistrictCodeForm() {
  const { t } = useTranslation('prisons');
  const errorText = useErrorText();
  const issue = useIssueDistrictCode();
  const [code, setCode] = useState<string | null>(null);
  const districtName = useDistrictName();
  const form = useForm({ mode: 'controlled', initialValues: { state: '', district: '' } });
  return (
    <form
      noValidate
      aria-labelledby="dlsa-code-title"
      onSubmit={form.onSubmit((v) =>
        issue.mutate(v, {
          onSuccess: (r) => setCode(r.code),
          onError: (err) => {
            form.setErrors(serverFieldErrors(err, t, {}, form.getValues()));
            notify.error(errorText(err));
          },
        }),
      )}
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="dlsa-code-title">
          {t('dlsaCode.title')}
        </Title>
        <Text size="sm">{t('dlsaCode.intro')}</Text>
        <LocationFields form={form} purpose="prison" />
        {code && (
          <IssuedCode code={code} label={t('dlsaCode.issued', { district: districtName(form.values.state, form.values.district) })} />
        )}
        <Group>
          <Button type="submit" loading={issue.isPending}>
            {t('dlsaCode.issue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function UnmatchedPrisons({ prisons }: { prisons: PrisonRecord[] }) {
  const { t } = useTranslation('prisons');
  const errorText = useErrorText();
  const query = useQuery(unmatchedQuery);
  const match = useMatchPrison();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('unmatched.title')}
      </Title>
      <Text size="sm">{t('unmatched.intro')}</Text>
      <QueryList
        query={query}
        loadingLabel={t('loading')}
        items={(d) => d.unmatched}
        empty={<Text size="sm">{t('unmatched.none')}</Text>}
        listLabel={t('unmatched.list')}
      >
        {(u) => (
          <Card key={u.typed} component="li" withBorder padding="xs">
            <Stack gap={4}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('unmatched.item', { typed: u.typed, count: u.prisoners })}
              </Text>
              <Group gap="xs" align="flex-end">
                <NativeSelect
                  label={t('unmatched.choose', { typed: u.typed })}
                  value={chosen[u.typed] ?? ''}
                  onChange={(e) => setChosen((c) => ({ ...c, [u.typed]: e.currentTarget.value }))}
                  data={[
                    { value: '', label: t('unmatched.placeholder'), disabled: true },
                    ...prisons.map((p) => ({ value: p.id, label: p.name })),
                  ]}
                />
                <Button
                  size="xs"
                  disabled={!chosen[u.typed]}
                  onClick={() =>
                    match.mutate(
                      { typed: u.typed, prisonId: chosen[u.typed] ?? '' },
                      {
                        onSuccess: (r) => notify.success(t('unmatched.matched', { count: r.matched })),
                        onError: (err) => notify.error(errorText(err)),
                      },
                    )
                  }
                >
                  {t('unmatched.match')}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </QueryList>
    </Stack>
  );
}
