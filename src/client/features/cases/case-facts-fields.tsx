// The case facts as a family (or the lawyer, or the jail) types them: who, where, since when, for
// what. Offences come from a searchable list (name, BNS section or old IPC section) or "other" with
// the maximum typed. Used on /fmform, "Add another case" and the case page.
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CaseFactsInputSchema, FACT_LIMITS, RELATIONS } from '#shared/cases.ts';
import { OFFENCES, OTHER_OFFENCE } from '#shared/offences.ts';
import { todayInIndia } from '#shared/release.ts';
import { schemaResolver, type FieldTexts } from '#client/lib/form-resolver.ts';
import { EMPTY_OFFENCE, inputOf, type FactsDraft, type OffenceDraft } from './facts-draft.ts';
import { useFormatMaximum } from './format.ts';
import { audienceOf } from './release-wording.ts';
import { useSession } from '#client/lib/use-session.ts';

type Errors = Record<string, string | undefined>;
export type FactsPart = 'all' | 'person' | 'case';
/** The facts a `person` part shows (who is held, where, since when); `case` shows the others. */
export const PERSON_FACTS = ['prisonerName', 'prisonerRelation', 'prison', 'custodySince'] as const;
/** The fields typed or chosen as one text value (all but the offences). */
type TypedField = Exclude<keyof FactsDraft, OffenceListField>;
/** The two lists of offences: those alleged, and the charges the court framed. */
type OffenceListField = 'offences' | 'chargesFramed';
const isOffenceList = (field: string): field is OffenceListField => field === 'offences' || field === 'chargesFramed';

/** Each fact's own text for any rule it breaks (the screen's wording); an offence's fields share one. */
const FACT_TEXTS: FieldTexts = Object.fromEntries(Object.keys(CaseFactsInputSchema.shape).map((field) => [field, `error.${field}`]));

/** An error path as this form's key: a field, or one offence ("offences.0.maxMonths" → "offences.0"). */
function factKey(path: string): string {
  const [field = '', index] = path.split('.');
  return isOffenceList(field) && index !== undefined ? `${field}.${index}` : field;
}

/** Checks the draft with the shared schema through the one form resolver; errors by field name, in the reader's language. */
export function checkFacts(draft: FactsDraft, t: TFunction, today = todayInIndia()): Errors {
  const errors: Errors = {};
  const found = schemaResolver<FactsDraft>(CaseFactsInputSchema, t, { input: inputOf, texts: FACT_TEXTS })(draft);
  for (const [path, text] of Object.entries(found)) {
    const key = factKey(path);
    errors[key] ??= /^(offences|chargesFramed)\./.test(key) ? t('error.offences') : text;
  }
  for (const k of ['custodySince', 'chargesheetFiledOn', 'chargesFramedOn'] as const)
    if (draft[k] && draft[k] > today && !errors[k]) errors[k] = t('error.future');
  return errors;
}

export function useFactsValidation() {
  const { t } = useTranslation('release');
  return (draft: FactsDraft): Errors => checkFacts(draft, t);
}

/** Server field details ("facts.cnr", "cnr", "offences.0.maxMonths") as this form's error keys. */
export function factErrorsOf(details: { path: string }[], t: (k: string) => string): Errors {
  const out: Errors = {};
  for (const d of details) {
    const parts = d.path.replace(/^facts\./, '').split('.');
    const field = parts[0] ?? '';
    const key = isOffenceList(field) && parts[1] ? `${field}.${parts[1]}` : field;
    out[key] ??= t(isOffenceList(field) ? 'error.offences' : `error.${field}`);
  }
  return out;
}

export function CaseFactsFields({
  value,
  onChange,
  errors = {},
  idPrefix,
  part = 'all',
}: {
  value: FactsDraft;
  onChange: (next: FactsDraft) => void;
  errors?: Errors;
  idPrefix: string;
  /** A stepped form shows who and where (`person`) on one screen and the rest (`case`) on another. */
  part?: FactsPart;
}) {
  const { t } = useTranslation('release');
  // The lawyer and the jail change the facts too: their labels speak of the prisoner, not "him or her".
  const pro = audienceOf(useSession().user?.role) !== 'family';
  const today = todayInIndia();
  const set = <K extends keyof FactsDraft>(key: K, v: FactsDraft[K]) => onChange({ ...value, [key]: v });
  /** An input's value, change handler and error for one of the typed fields. */
  const field = <K extends TypedField>(key: K) => ({
    value: value[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(key, e.currentTarget.value as FactsDraft[K]),
    error: errors[key],
  });
  /** A date of the case: not in the future, not before the earliest date accepted. */
  const dateLimits = { type: 'date', max: today, min: FACT_LIMITS.earliestDate } as const;
  const person = (
    <>
      <TextInput label={t('facts.prisonerName')} maxLength={FACT_LIMITS.textMax} {...field('prisonerName')} />
      <NativeSelect
        label={pro ? t('pro.facts.relation') : t('facts.relation')}
        {...field('prisonerRelation')}
        data={[{ value: '', label: t('facts.choose') }, ...RELATIONS.map((r) => ({ value: r, label: t(`relation.${r}`) }))]}
      />
      <TextInput label={t('facts.prison')} maxLength={FACT_LIMITS.textMax} {...field('prison')} />
      <TextInput {...dateLimits} label={t('facts.custodySince')} description={t('facts.custodySinceHint')} {...field('custodySince')} />
    </>
  );
  if (part === 'person') return <Stack gap="sm">{person}</Stack>;
  return (
    <Stack gap="sm">
      <Text size="sm">{pro ? t('pro.facts.intro') : t('facts.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        {part === 'all' && person}
        <TextInput label={t('facts.court')} maxLength={FACT_LIMITS.textMax} {...field('court')} />
        <TextInput
          label={t('facts.cnr')}
          description={t('facts.cnrHint')}
          maxLength={24}
          autoCapitalize="characters"
          spellCheck={false}
          {...field('cnr')}
        />
      </SimpleGrid>

      <OffenceList
        legend={t('facts.offences')}
        empty={t('facts.noOffence')}
        add={t('facts.addOffence')}
        idPrefix={idPrefix}
        list={value.offences}
        onChange={(list) => set('offences', list)}
        errors={errors}
        name="offences"
      />
      {/* The charges the court framed: recorded by the lawyer or the jail; once given, the dates count from them. */}
      {pro ? (
        <Fieldset legend={t('facts.chargesFramed')} p="sm">
          <Stack gap="sm">
            <Text size="sm">{t('facts.chargesFramedHint')}</Text>
            <TextInput {...dateLimits} label={t('facts.chargesFramedOn')} {...field('chargesFramedOn')} />
            <OffenceList
              empty={t('facts.noCharge')}
              add={t('facts.addCharge')}
              idPrefix={`${idPrefix}-framed`}
              list={value.chargesFramed}
              onChange={(list) => set('chargesFramed', list)}
              errors={errors}
              name="chargesFramed"
            />
          </Stack>
        </Fieldset>
      ) : null}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <NativeSelect
          label={t('facts.firstOffence')}
          description={t('facts.firstOffenceHint')}
          {...field('firstOffence')}
          data={[
            { value: '', label: t('facts.unknown') },
            { value: 'yes', label: t('facts.yes') },
            { value: 'no', label: t('facts.no') },
          ]}
        />
        <TextInput
          type="number"
          inputMode="numeric"
          min={0}
          max={FACT_LIMITS.otherPendingCasesMax}
          label={pro ? t('pro.facts.otherPendingCases') : t('facts.otherPendingCases')}
          description={t('facts.otherPendingCasesHint')}
          {...field('otherPendingCases')}
        />
        <TextInput
          type="number"
          inputMode="numeric"
          min={0}
          max={FACT_LIMITS.delayDaysMax}
          label={t('facts.delay')}
          description={t('facts.delayHint')}
          {...field('delayByAccusedDays')}
        />
        <TextInput
          {...dateLimits}
          label={t('facts.chargesheet')}
          description={t('facts.chargesheetHint')}
          {...field('chargesheetFiledOn')}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** A list of offences (alleged, or the charges framed), a row each, with "add" under it. */
function OffenceList({
  legend,
  empty,
  add,
  idPrefix,
  list,
  onChange,
  errors,
  name,
}: {
  legend?: string;
  empty: string;
  add: string;
  idPrefix: string;
  list: OffenceDraft[];
  onChange: (next: OffenceDraft[]) => void;
  errors: Errors;
  name: OffenceListField;
}) {
  const rows = (
    <Stack gap="sm">
      {list.length === 0 && <Text size="sm">{empty}</Text>}
      {list.map((o, i) => (
        <OffenceRow
          key={i}
          index={i}
          idPrefix={idPrefix}
          value={o}
          onChange={(next) => onChange(list.map((x, j) => (j === i ? next : x)))}
          onRemove={() => onChange(list.filter((_, j) => j !== i))}
          error={errors[`${name}.${i}`]}
        />
      ))}
      {list.length < FACT_LIMITS.offencesMax && (
        <Group>
          <Button
            variant="outline"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onChange([...list, { ...EMPTY_OFFENCE }])}
          >
            {add}
          </Button>
        </Group>
      )}
      {errors[name] && (
        <Text size="sm" c="red.9" role="alert">
          {errors[name]}
        </Text>
      )}
    </Stack>
  );
  return legend ? (
    <Fieldset legend={legend} p="sm">
      {rows}
    </Fieldset>
  ) : (
    rows
  );
}

function OffenceRow({
  index,
  idPrefix,
  value,
  onChange,
  onRemove,
  error,
}: {
  index: number;
  idPrefix: string;
  value: OffenceDraft;
  onChange: (o: OffenceDraft) => void;
  onRemove: () => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('release');
  const maximum = useFormatMaximum();
  const data = [
    ...OFFENCES.map((o) => ({
      value: o.id,
      label: `${t(`offence.${o.id}`)} — ${o.section}${o.ipc ? ` (IPC ${o.ipc})` : ''} — ${maximum(o)}`,
    })),
    { value: OTHER_OFFENCE, label: t('offence.other') },
  ];
  const n = index + 1;
  return (
    <Paper withBorder p="xs" radius="sm">
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            id={`${idPrefix}-offence-${index}`}
            label={t('facts.offence', { n })}
            placeholder={t('facts.offenceSearch')}
            searchable
            nothingFoundMessage={t('facts.offenceNone')}
            data={data}
            value={value.code || null}
            onChange={(v) => onChange({ ...value, code: v ?? '' })}
            error={value.code === OTHER_OFFENCE ? undefined : error}
            style={{ flex: 1, minWidth: 0 }}
            comboboxProps={{ withinPortal: true }}
          />
          <ActionIcon variant="outline" color="red.9" size="lg" aria-label={t('facts.removeOffence', { n })} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        {value.code === OTHER_OFFENCE && (
          <Stack gap="xs">
            <TextInput
              label={t('facts.otherName')}
              maxLength={FACT_LIMITS.textMax}
              value={value.label}
              onChange={(e) => onChange({ ...value, label: e.currentTarget.value })}
            />
            <Group gap="xs" grow>
              <TextInput
                type="number"
                inputMode="numeric"
                min={0}
                label={t('facts.years')}
                value={value.years}
                onChange={(e) => onChange({ ...value, years: e.currentTarget.value })}
              />
              <TextInput
                type="number"
                inputMode="numeric"
                min={0}
                max={11}
                label={t('facts.months')}
                value={value.months}
                onChange={(e) => onChange({ ...value, months: e.currentTarget.value })}
              />
            </Group>
            <Group gap="md">
              <Checkbox
                label={t('facts.life')}
                checked={value.life}
                onChange={(e) => onChange({ ...value, life: e.currentTarget.checked })}
              />
              <Checkbox
                label={t('facts.death')}
                checked={value.death}
                onChange={(e) => onChange({ ...value, death: e.currentTarget.checked })}
              />
            </Group>
            {error && (
              <Text size="sm" c="red.9" role="alert">
                {error}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
