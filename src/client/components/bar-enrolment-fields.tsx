// The lawyer's Bar Council enrolment: the number and the State Bar Council, on the registration form and
// the profile (docs/decisions/0048-lawyers-verified-before-families-see-them.md). A change waits for
// verification again, which the description says.
import { NativeSelect, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useStateOptions } from './location-fields.tsx';

/** Any @mantine/form form with `barEnrolmentNumber` and `barCouncilState` string fields. */
export function BarEnrolmentFields<T extends { barEnrolmentNumber: string; barCouncilState: string }>({
  form,
}: {
  form: UseFormReturnType<T>;
}) {
  const { t } = useTranslation('lawyers');
  const states = useStateOptions();
  return (
    <>
      <TextInput
        label={t('enrolment.number')}
        required
        maxLength={40}
        description={t('enrolment.number.hint')}
        autoComplete="off"
        {...form.getInputProps('barEnrolmentNumber')}
      />
      <NativeSelect
        label={t('enrolment.state')}
        required
        data={[{ value: '', label: t('enrolment.state.placeholder'), disabled: true }, ...states]}
        {...form.getInputProps('barCouncilState')}
      />
    </>
  );
}
