// The release tracker's facts inside a family form (/fmform and "Add another case"): optional, checked
// before the case is sent, and sent only when something was filled in.
import { Fieldset } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseFactsInput } from '#shared/cases.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { CaseFactsFields, factErrorsOf, useFactsValidation } from '#client/features/cases/case-facts-fields.tsx';
import { EMPTY_DRAFT, inputOf, isEmptyDraft, type FactsDraft } from '#client/features/cases/facts-draft.ts';

export function useCaseFactsDraft(initial: FactsDraft = EMPTY_DRAFT) {
  const { t } = useTranslation('release');
  const validateFacts = useFactsValidation();
  const [facts, setFacts] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  return {
    facts,
    setFacts,
    errors,
    /** false, with the wrong facts marked and a notice, when one is wrong. */
    check(): boolean {
      const found = isEmptyDraft(facts) ? {} : validateFacts(facts);
      setErrors(found);
      if (Object.keys(found).length === 0) return true;
      notify.error(t('form.fix'));
      return false;
    },
    /** The facts part of the request: nothing when no fact was filled in. */
    body(): { facts?: CaseFactsInput } {
      return isEmptyDraft(facts) ? {} : { facts: inputOf(facts) };
    },
    /** Marks the facts the server refused. */
    showServerErrors(err: unknown) {
      if (err instanceof ApiError && err.code === 'validation') setErrors(factErrorsOf(err.details, t));
    },
  };
}

export function CaseFactsFieldset({ draft, idPrefix }: { draft: ReturnType<typeof useCaseFactsDraft>; idPrefix: string }) {
  const { t } = useTranslation('release');
  return (
    <Fieldset legend={t('facts.legend')} p="sm">
      <CaseFactsFields value={draft.facts} onChange={draft.setFacts} errors={draft.errors} idPrefix={idPrefix} />
    </Fieldset>
  );
}
