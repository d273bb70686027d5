// Case ID, case details and case type: the same fields and rules on /fmform and "Add another case".
import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CASE_TYPES, LIMITS } from '#shared/constants.ts';
import { AddressSchema, CaseDetailSchema, CaseNumberSchema, CaseTypeInputSchema, PhoneSchema } from '#shared/family.ts';

export interface CaseValues {
  caseNumber: string;
  detail: string;
  caseType: string;
}

type Rule = (value: string) => string | null;

/** Client-side checks from the shared schemas; the server checks the same again. */
export function useFamilyRules() {
  const { t } = useTranslation('family');
  const rule =
    (schema: { safeParse: (v: unknown) => { success: boolean } }, required: string, invalid: string): Rule =>
    (v) =>
      !v.trim() ? required : schema.safeParse(v).success ? null : invalid;
  return {
    phone: rule(PhoneSchema, t('phone.required'), t('phone.rule')),
    address: rule(AddressSchema, t('address.required'), t('address.tooLong', { max: LIMITS.addressMax })),
    caseNumber: rule(CaseNumberSchema, t('caseNumber.required'), t('caseNumber.tooLong', { max: LIMITS.caseNumberMax })),
    detail: rule(CaseDetailSchema, t('detail.required'), t('detail.tooLong', { max: LIMITS.caseDetailMax })),
    caseType: rule(CaseTypeInputSchema, t('caseType.required'), t('caseType.required')),
  } satisfies Record<string, Rule>;
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
