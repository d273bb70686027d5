// "Add another case": same fields and rules as /fmform.
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CreateCaseSchema } from '#shared/family.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { schemaResolver, serverFieldErrors } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { CaseFields, FAMILY_TEXTS, caseOf, withCaseAbout, type CaseValues } from './case-fields.tsx';
import { CaseFactsFieldset, useCaseFactsDraft } from './case-facts-draft.tsx';
import { useAddCase } from './family.api.ts';
import { useState } from 'react';
import type { PrisonerConsentBasis } from '#shared/privacy.ts';
import { ConsentChoice } from '#client/features/privacy/consent-choice.tsx';

export function AddCaseForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('family');
  const errorText = useErrorText();
  const form = useForm<CaseValues>({
    mode: 'controlled',
    initialValues: { caseNumber: '', detail: '', caseAbout: '', caseType: '' },
    validate: withCaseAbout(schemaResolver(CreateCaseSchema, t, { texts: FAMILY_TEXTS, input: caseOf }), t),
  });
  const add = useAddCase();
  const facts = useCaseFactsDraft();
  // A case naming a prisoner not followed yet needs their consent or the legal basis
  // (docs/decisions/0053-notice-and-consent.md): asked for once the server says so.
  const [consent, setConsent] = useState<PrisonerConsentBasis | ''>('');
  const [consentError, setConsentError] = useState<string | undefined>();
  const submit = form.onSubmit((v) => {
    if (!facts.check()) return;
    add.mutate(
      { ...caseOf(v), ...facts.body(), ...(consent ? { prisonerConsent: consent } : {}) },
      {
        onSuccess: (c) => {
          notify.success(t('addCase.added', { caseNumber: c.caseNumber }));
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'prisoner_consent_required') setConsentError(errorText(err));
          if (err instanceof ApiError && err.code === 'case_exists') form.setFieldError('caseNumber', errorText(err));
          else form.setErrors(serverFieldErrors(err, t, FAMILY_TEXTS, v));
          facts.showServerErrors(err);
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
          <CaseFactsFieldset draft={facts} idPrefix="add-case" />
          {consentError !== undefined && (
            <ConsentChoice
              name="add-case-consent"
              value={consent}
              onChange={(b) => {
                setConsent(b);
                setConsentError('');
              }}
              error={consentError || undefined}
            />
          )}
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
