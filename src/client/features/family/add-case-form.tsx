// "Add another case": same fields and rules as /fmform.
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
import { useState } from 'react';
import { Fieldset } from '@mantine/core';
import { CaseFactsFields, factErrorsOf, useFactsValidation } from '#client/features/cases/case-facts-fields.tsx';
import { EMPTY_DRAFT, inputOf, isEmptyDraft } from '#client/features/cases/facts-draft.ts';

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
  const { t: tr } = useTranslation('release');
  const validateFacts = useFactsValidation();
  const [facts, setFacts] = useState(EMPTY_DRAFT);
  const [factErrors, setFactErrors] = useState<Record<string, string | undefined>>({});
  const submit = form.onSubmit((v) => {
    const found = isEmptyDraft(facts) ? {} : validateFacts(facts);
    setFactErrors(found);
    if (Object.keys(found).length > 0) {
      notify.error(tr('form.fix'));
      return;
    }
    add.mutate(
      {
        caseNumber: v.caseNumber.trim(),
        detail: v.detail.trim(),
        caseType: v.caseType as CaseType,
        ...(isEmptyDraft(facts) ? {} : { facts: inputOf(facts) }),
      },
      {
        onSuccess: (c) => {
          notify.success(t('addCase.added', { caseNumber: c.caseNumber }));
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'case_exists') form.setFieldError('caseNumber', errorText(err));
          else form.setErrors(fieldErrorsOf(err, t));
          if (err instanceof ApiError && err.code === 'validation') setFactErrors(factErrorsOf(err.details, tr));
          notify.error(errorText(err));
        },
      },
    );
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="add-case-title">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-case-title">
            {t('addCase.title')}
          </Title>
          <CaseFields form={form} />
          <Fieldset legend={tr('facts.legend')} p="sm">
            <CaseFactsFields value={facts} onChange={setFacts} errors={factErrors} idPrefix="add-case" />
          </Fieldset>
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
