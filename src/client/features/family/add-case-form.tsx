// "Add another case": same fields and rules as /fmform (issue 3, item 6).
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CaseType } from '#shared/constants.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { CaseFields, useFamilyRules, type CaseValues } from './case-fields.tsx';
import { useAddCase } from './family.api.ts';
import { fieldErrorsOf } from './field-errors.ts';

export function AddCaseForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('family');
  const errorText = useErrorText();
  const rules = useFamilyRules();
  const form = useForm<CaseValues>({
    mode: 'controlled',
    initialValues: { caseNumber: '', detail: '', caseType: '' },
    validate: { caseNumber: rules.caseNumber, detail: rules.detail, caseType: rules.caseType },
  });
  const add = useAddCase();
  const submit = form.onSubmit((v) =>
    add.mutate(
      { caseNumber: v.caseNumber.trim(), detail: v.detail.trim(), caseType: v.caseType as CaseType },
      {
        onSuccess: (c) => {
          notify.success(t('addCase.added', { caseNumber: c.caseNumber }));
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'case_exists') form.setFieldError('caseNumber', t('caseNumber.exists'));
          else form.setErrors(fieldErrorsOf(err, t));
          notify.error(errorText(err));
        },
      },
    ),
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="add-case-title">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-case-title">
            {t('addCase.title')}
          </Title>
          <CaseFields form={form} />
          <Group gap="sm">
            <Button type="submit" loading={add.isPending}>
              {t('addCase.submit')}
            </Button>
            <Button variant="default" onClick={onDone}>
              {t('addCase.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
