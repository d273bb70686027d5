// Case ID, case details and case type: the same fields and rules on /fmform and "Add another case".
// The case type is asked in the family's words ("What is the case about?", src/shared/case-topics.ts);
// only "Something else…" shows the nine lawyer types.
import { NativeSelect, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CASE_TOPICS, caseTypeOfTopic, isCaseTopic } from '#shared/case-topics.ts';
import { CASE_TYPES, LIMITS, type CaseType } from '#shared/constants.ts';
import type { CreateCaseInput } from '#shared/family.ts';
import type { FieldTexts } from '#client/lib/form-resolver.ts';

export interface CaseValues {
  caseNumber: string;
  detail: string;
  /** The family's answer (a CaseTopic) or '' before one is chosen. */
  caseAbout: string;
  caseType: string;
}

/** A saved case's answer: the family's words are not stored, so a saved type reads as "Something else…". */
export function caseAboutOf(caseType: string | undefined): string {
  return caseType ? 'other' : '';
}

/** A form's errors with a missing type shown on "What is the case about?" unless the family chose "Something else…". */
export function withCaseAbout<V extends CaseValues>(validate: (v: V) => Record<string, string>, t: (key: string) => string) {
  return (v: V) => {
    const errors = validate(v);
    if (errors.caseType && v.caseAbout !== 'other') {
      delete errors.caseType;
      errors.caseAbout = t('caseAbout.required');
    }
    return errors;
  };
}

/** This screen's words for the shared schemas' rules (RegisterFamilySchema, CreateCaseSchema). */
export const FAMILY_TEXTS: FieldTexts = {
  phone: { required: 'phone.required', otherwise: 'phone.rule' },
  address: { required: 'address.required', too_long: 'address.tooLong' },
  caseNumber: { required: 'caseNumber.required', too_long: 'caseNumber.tooLong' },
  detail: { required: 'detail.required', too_long: 'detail.tooLong' },
  caseType: 'caseType.required',
};

/** The case part of a family form's request. */
export function caseOf(v: CaseValues): Omit<CreateCaseInput, 'facts'> {
  return { caseNumber: v.caseNumber.trim(), detail: v.detail.trim(), caseType: v.caseType as CaseType };
}

/** "What is the case about?", and the nine lawyer types only after "Something else…". */
export function CaseAboutFields<V extends CaseValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation('family');
  const about = form.values.caseAbout;
  const mapped = isCaseTopic(about) ? caseTypeOfTopic(about) : null;
  const aboutProps = form.getInputProps('caseAbout');
  return (
    <>
      <NativeSelect
        {...aboutProps}
        label={t('caseAbout.label')}
        description={t('caseAbout.hint')}
        required
        onChange={(e) => {
          const topic = e.currentTarget.value;
          form.setFieldValue('caseAbout' as never, topic);
          const type = isCaseTopic(topic) ? caseTypeOfTopic(topic) : null;
          form.setFieldValue('caseType' as never, type ?? '');
          form.clearFieldError('caseType');
        }}
        data={[
          { value: '', label: t('caseAbout.placeholder'), disabled: true },
          ...CASE_TOPICS.map((c) => ({ value: c, label: t(`caseAbout.${c}`) })),
        ]}
      />
      {mapped && (
        <Text size="sm" aria-live="polite">
          {t('caseAbout.lawyers', { type: t(`caseType.${mapped}`) })}
        </Text>
      )}
      {about === 'other' && (
        <NativeSelect
          label={t('caseType.label')}
          description={t('caseType.otherHint')}
          required
          {...form.getInputProps('caseType')}
          data={[
            { value: '', label: t('caseType.placeholder'), disabled: true },
            ...CASE_TYPES.map((c) => ({ value: c, label: t(`caseType.${c}`) })),
          ]}
        />
      )}
    </>
  );
}

export function CaseFields<V extends CaseValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation('family');
  return (
    <>
      <TextInput
        label={t('caseNumber.label')}
        description={t('caseNumber.hint')}
        required
        maxLength={LIMITS.caseNumberMax + 10}
        {...form.getInputProps('caseNumber')}
      />
      <Textarea
        label={t('detail.label')}
        description={t('detail.hint')}
        required
        autosize
        minRows={3}
        maxRows={10}
        {...form.getInputProps('detail')}
      />
      <CaseAboutFields form={form} />
    </>
  );
}
