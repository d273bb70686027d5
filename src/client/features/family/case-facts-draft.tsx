// The release tracker's facts inside a family form (/fmform and "Add another case"): optional, checked
// before the case is sent, and sent only when something was filled in.
import { Fieldset } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseFacts, CaseFactsCurrent, CaseFactsInput } from '#shared/cases.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { CaseFactsFields, factErrorsOf, useFactsValidation, type FactsPart } from '#client/features/cases/case-facts-fields.tsx';
import { draftOf, EMPTY_DRAFT, inputOf, isEmptyDraft, type FactsDraft } from '#client/features/cases/facts-draft.ts';
import { FactsStaleNotice, staleFactsOf } from '#client/features/cases/facts-stale-notice.tsx';

/**
 * `saved`: the case's facts as the form was loaded (an existing case): their version goes with the
 * save, and a save refused because someone else changed them since shows what they saved.
 */
export function useCaseFactsDraft(saved?: { facts: CaseFacts; version: number }, restored?: FactsDraft) {
  const { t } = useTranslation('release');
  const validateFacts = useFactsValidation();
  const [facts, setFacts] = useState<FactsDraft>(() => restored ?? (saved ? draftOf(saved.facts) : EMPTY_DRAFT));
  const [loaded, setLoaded] = useState(saved);
  const [stale, setStale] = useState<{ error: unknown; current: CaseFactsCurrent } | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  return {
    facts,
    setFacts,
    errors,
    loaded,
    stale,
    /** Takes the facts as saved now into the form, with their version. */
    loadCurrent(current: CaseFactsCurrent) {
      setFacts(draftOf(current.facts));
      setLoaded({ facts: current.facts, version: current.version });
      setStale(null);
      setErrors({});
    },
    /** false, with the wrong facts marked and a notice, when one is wrong; `only`: check just these facts. */
    check(only?: readonly string[]): boolean {
      const all = isEmptyDraft(facts) ? {} : validateFacts(facts);
      const found = only ? Object.fromEntries(Object.entries(all).filter(([k]) => only.includes(k.split('.')[0] ?? k))) : all;
      setErrors(found);
      if (Object.keys(found).length === 0) return true;
      notify.error(t('form.fix'));
      return false;
    },
    /** The facts part of the request: nothing when no fact was filled in. */
    body(): { facts?: CaseFactsInput; factsVersion?: number } {
      if (isEmptyDraft(facts)) return {};
      return loaded ? { facts: inputOf(facts), factsVersion: loaded.version } : { facts: inputOf(facts) };
    },
    /** Marks the facts the server refused, or shows the facts someone else saved meanwhile. */
    showServerErrors(err: unknown) {
      const current = staleFactsOf(err);
      setStale(current ? { error: err, current } : null);
      if (err instanceof ApiError && err.code === 'validation') setErrors(factErrorsOf(err.details, t));
    },
  };
}

export function CaseFactsFieldset({
  draft,
  idPrefix,
  part,
}: {
  draft: ReturnType<typeof useCaseFactsDraft>;
  idPrefix: string;
  part?: FactsPart;
}) {
  const { t } = useTranslation('release');
  return (
    <Fieldset legend={t('facts.legend')} p="sm">
      <CaseFactsFields value={draft.facts} onChange={draft.setFacts} errors={draft.errors} idPrefix={idPrefix} part={part} />
      {draft.stale && draft.loaded && (
        <FactsStaleNotice
          error={draft.stale.error}
          loaded={draft.loaded.facts}
          current={draft.stale.current}
          onLoad={() => draft.stale && draft.loadCurrent(draft.stale.current)}
        />
      )}
    </Fieldset>
  );
}
