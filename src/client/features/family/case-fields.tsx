// Case ID, case details and case type: the same fields and rules on /fmform and "Add another case".
import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CASE_TYPES, LIMITS, type CaseType } from '#shared/constants.ts';
import type { CreateCaseInput } from '#shared/family.ts';
import type { FieldTexts } from '#client/lib/form-resolver.ts';

export interface CaseValues {
  caseNumber: string;
  detail: string;
  caseType: string;
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
      <NativeSelect
        label={t('caseType.label')}
        required
        {...form.getInputProps('caseType')}
        data={[
          { value: '', label: t('caseType.placeholder'), disabled: true },
          ...CASE_TYPES.map((c) => ({ value: c, label: t(`caseType.${c}`) })),
        ]}
      />
    </>
  );
}
