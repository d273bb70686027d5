// /fmform: the family member's registration (docs/spec.md#2-screens-and-routes, §4, §5). Name and email come from the account.
// On a phone it asks one short group at a time (the person in custody, the case, your contact), each
// checked on Next; a desktop shows the three groups on one page. A failed check moves focus to the
// first marked field and announces it; what was typed is kept on the device (registration-draft.ts).
import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RegisterFamilySchema, type FamilyRegistration, type RegisterFamilyInput } from '#shared/family.ts';
import { paths } from '#client/app/paths.ts';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { schemaResolver, serverFieldErrors } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSession } from '#client/lib/use-session.ts';
import { LocationFields } from '#client/components/location-fields.tsx';
import { PrisonPicker } from './prison-picker.tsx';
import { CaseFactsFields, PERSON_FACTS, useFactsValidation } from '#client/features/cases/case-facts-fields.tsx';
import { draftOf, EMPTY_DRAFT, isEmptyDraft, type FactsDraft } from '#client/features/cases/facts-draft.ts';
import { CaseFields, FAMILY_TEXTS, caseAboutOf, caseOf, withCaseAbout } from './case-fields.tsx';
import { CaseFactsFieldset, useCaseFactsDraft } from './case-facts-draft.tsx';
import { registrationQuery, useSaveRegistration } from './family.api.ts';
import { readDraft, removeDraft, writeDraft, type RegistrationValues } from './registration-draft.ts';
import { QueryError } from '#client/components/query-error.tsx';
import { PhoneInput } from '#client/components/contact-inputs.tsx';
import { FamilyStatusPanel } from './family-status-panel.tsx';
import type { PrisonerConsentBasis } from '#shared/privacy.ts';
import { ConsentChoice } from '#client/features/privacy/consent-choice.tsx';

/** The /fmform request without its facts; the location only when a state was chosen. */
function registrationOf(v: RegistrationValues): Omit<RegisterFamilyInput, 'facts'> {
  return {
    phone: v.phone.trim(),
    address: v.address.trim(),
    ...caseOf(v),
    ...(v.state ? { state: v.state, district: v.district } : {}),
  };
}

const STEPS = ['person', 'case', 'contact'] as const;
const CASE_FACTS = Object.keys(EMPTY_DRAFT).filter((k) => !(PERSON_FACTS as readonly string[]).includes(k));
/** Each step's form fields and facts, in the order the steps come. */
const STEP_FIELDS: { form: readonly string[]; facts: readonly string[] }[] = [
  { form: ['state', 'district'], facts: PERSON_FACTS },
  { form: ['caseNumber', 'caseAbout', 'caseType', 'detail'], facts: CASE_FACTS },
  { form: ['phone', 'address'], facts: [] },
];
/** The first step holding one of these fields (form fields or facts), or undefined. */
function stepOf(keys: string[]): number | undefined {
  const i = STEP_FIELDS.findIndex((s) => keys.some((k) => s.form.includes(k) || s.facts.includes(k.split('.')[0] ?? k)));
  return i === -1 ? undefined : i;
}

/** Same breakpoint as Mantine's `sm` (48em): below it, one step per screen. */
const PHONE_QUERY = '(max-width: 47.99em)';

export function FamilyFormPage() {
  const { t } = useTranslation('family');
  const { user } = useSession();
  const { data, isPending, error } = useQuery(registrationQuery);
  if (isPending || !user) return <Loading label={t('loading')} />;
  if (error) return <QueryError error={error} p="md" />;
  return <RegistrationForm registration={data} accountId={user.id} />;
}

function savedValuesOf(registration: FamilyRegistration | null): RegistrationValues {
  const first = registration?.cases[0];
  return {
    phone: registration?.phone ?? '',
    address: registration?.address ?? '',
    caseNumber: first?.caseNumber ?? '',
    detail: first?.detail ?? '',
    caseAbout: caseAboutOf(first?.caseType),
    caseType: first?.caseType ?? '',
    state: registration?.state ?? '',
    district: registration?.district ?? '',
  };
}

/** A marked field's label as the person sees it (its message is read with the field once focused). */
function labelOf(el: HTMLElement): string {
  return (el as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\*\s*$/, '') ?? '';
}

function RegistrationForm({ registration, accountId }: { registration: FamilyRegistration | null; accountId: string }) {
  const { t } = useTranslation('family');
  const errorText = useErrorText();
  const { user } = useSession();
  const navigate = useNavigate();
  const stepped = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const first = registration?.cases[0];
  const [saved] = useState(() => savedValuesOf(registration));
  const [savedFacts] = useState<FactsDraft>(() => (first ? draftOf(first.facts) : EMPTY_DRAFT));
  const [restored] = useState(() => readDraft(accountId));
  const validate = withCaseAbout(schemaResolver(RegisterFamilySchema, t, { texts: FAMILY_TEXTS, input: registrationOf }), t);
  const form = useForm<RegistrationValues>({ mode: 'controlled', initialValues: restored?.values ?? saved });
  const save = useSaveRegistration();
  const validateFacts = useFactsValidation();
  const facts = useCaseFactsDraft(first ? { facts: first.facts, version: first.factsVersion } : undefined, restored?.facts);
  const [step, setStep] = useState(restored?.step ?? 0);
  const [prisonId, setPrisonId] = useState('');
  // Before a prisoner is registered: their consent or the legal basis (docs/decisions/0053-notice-and-consent.md).
  const [consent, setConsent] = useState<PrisonerConsentBasis | ''>('');
  const [consentError, setConsentError] = useState<string | undefined>();
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const announce = useRef<HTMLParagraphElement>(null);
  const lastStep = useRef(step);
  const submitted = useRef(false);

  const changed = JSON.stringify(form.values) !== JSON.stringify(saved) || JSON.stringify(facts.facts) !== JSON.stringify(savedFacts);
  useEffect(() => {
    if (submitted.current) return;
    if (changed) writeDraft(accountId, { values: form.values, facts: facts.facts, step });
    else removeDraft(accountId);
  }, [accountId, changed, form.values, facts.facts, step]);

  // A new step: its heading takes the focus, so a screen reader says where the person is.
  useEffect(() => {
    if (lastStep.current === step) return;
    lastStep.current = step;
    stepHeading.current?.focus();
    stepHeading.current?.scrollIntoView({ block: 'start' });
  }, [step]);

  // After a failed check: the first marked field, on screen, focused, and announced.
  useEffect(() => {
    if (focusRequest === 0) return;
    const el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
    if (announce.current) announce.current.textContent = t('form.fixFirst', { field: labelOf(el) });
  }, [focusRequest, t]);

  const clearAnnouncement = () => {
    if (announce.current) announce.current.textContent = '';
  };
  const showErrors = () => setFocusRequest((n) => n + 1);

  /** Checks one step's fields (all of them when `at` is undefined); true when they are right. */
  const check = (at?: number): boolean => {
    const all = validate(form.values);
    const only = at === undefined ? undefined : STEP_FIELDS[at];
    const errors = only ? Object.fromEntries(Object.entries(all).filter(([k]) => only.form.includes(k))) : all;
    form.setErrors(errors);
    const factsOk = facts.check(only?.facts);
    if (Object.keys(errors).length === 0 && factsOk) {
      clearAnnouncement();
      return true;
    }
    if (stepped && at === undefined) {
      const factErrors = factsOk || isEmptyDraft(facts.facts) ? {} : validateFacts(facts.facts);
      const wrong = stepOf([...Object.keys(errors), ...Object.keys(factErrors)]);
      if (wrong !== undefined) setStep(wrong);
    }
    showErrors();
    return false;
  };

  const next = () => {
    if (check(step)) setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };
  const back = () => {
    clearAnnouncement();
    setStep((s) => Math.max(s - 1, 0));
  };
  const discard = () => {
    removeDraft(accountId);
    form.setValues(saved);
    form.setErrors({});
    facts.setFacts(savedFacts);
    clearAnnouncement();
    setStep(0);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Enter in a field of an earlier step goes on to the next step, as Next does.
    if (stepped && step < STEPS.length - 1) return next();
    if (!check()) return;
    if (!registration && !consent) {
      setConsentError(t('consent.required', { ns: 'privacy' }));
      showErrors();
      return;
    }
    const v = form.values;
    save.mutate(
      { ...registrationOf(v), ...facts.body(), ...(prisonId ? { prisonId } : {}), ...(consent ? { prisonerConsent: consent } : {}) },
      {
        onSuccess: () => {
          submitted.current = true;
          removeDraft(accountId);
          notify.success(t('form.saved'));
          void navigate(paths.familyHome);
        },
        onError: (err) => {
          notify.error(t('form.saveFailed'));
          const errors = serverFieldErrors(err, t, FAMILY_TEXTS, registrationOf(v));
          if (err instanceof ApiError && err.code === 'prisoner_consent_required') setConsentError(errorText(err));
          if (err instanceof ApiError && err.code === 'case_exists') errors.caseNumber = errorText(err);
          form.setErrors(errors);
          facts.showServerErrors(err);
          const wrong = stepOf(Object.keys(errors));
          if (stepped && wrong !== undefined) setStep(wrong);
          showErrors();
        },
      },
    );
  };

  const sections = {
    person: (
      <>
        <CaseFactsFields value={facts.facts} onChange={facts.setFacts} errors={facts.errors} idPrefix="fmform" part="person" />
        <LocationFields form={form} purpose="family" />
        <PrisonPicker
          state={form.values.state}
          district={form.values.district}
          value={prisonId}
          onChange={(id, name) => {
            setPrisonId(id);
            if (name) facts.setFacts({ ...facts.facts, prison: name });
          }}
        />
      </>
    ),
    case: (
      <>
        <CaseFields form={form} />
        <CaseFactsFieldset draft={facts} idPrefix="fmform" part="case" />
      </>
    ),
    contact: (
      <>
        <TextInput
          label={t('name.label')}
          value={registration?.name ?? user?.name ?? ''}
          readOnly
          variant="filled"
          description={t('readOnly.hint')}
        />
        <TextInput label={t('email.label')} value={registration?.email ?? user?.email ?? ''} readOnly variant="filled" />
        <PhoneInput label={t('phone.label')} description={t('phone.hint')} {...form.getInputProps('phone')} />
        <Textarea
          label={t('address.label')}
          autoComplete="street-address"
          required
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('address')}
        />
        {!registration && (
          <ConsentChoice
            name="fmform-consent"
            value={consent}
            onChange={(b) => {
              setConsent(b);
              setConsentError(undefined);
            }}
            error={consentError}
          />
        )}
      </>
    ),
  };
  const current = STEPS[step] ?? 'person';
  // Keyed apart from Next: Submit takes Next's place on the last step, and were it the same button
  // turned into a submit during Next's click, that click would also send the form (every field of
  // the last step marked wrong before the person has seen it).
  const submitButton = (
    <Button key="submit" type="submit" loading={save.isPending} fullWidth={!stepped}>
      {t('form.submit')}
    </Button>
  );

  return (
    <Page title={t('form.title')} size="sm" lead={registration ? <FamilyStatusPanel /> : null}>
      <Text>{registration ? t('form.introRegistered') : t('form.intro')}</Text>
      {!registration && (
        <Text size="sm">
          <Link to={paths.join}>{t('follow.haveCode')}</Link>
        </Text>
      )}
      {changed && (
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text size="sm">{t('draft.kept')}</Text>
          <Button variant="default" onClick={discard}>
            {t('draft.discard')}
          </Button>
        </Group>
      )}
      <Paper withBorder p="md" radius="md">
        <form ref={formRef} noValidate onSubmit={submit}>
          <Stack gap="sm">
            <Text ref={announce} role="alert" c="red.9" fw={600} size="sm" />
            {stepped ? (
              <>
                <Title order={2} size="h4" ref={stepHeading} tabIndex={-1}>
                  {t('steps.progress', { step: step + 1, total: STEPS.length })}: {t(`steps.${current}`)}
                </Title>
                {sections[current]}
                <Group gap="sm" justify="space-between" wrap="nowrap">
                  {step > 0 ? (
                    <Button variant="default" onClick={back}>
                      {t('steps.back')}
                    </Button>
                  ) : (
                    <span />
                  )}
                  {step < STEPS.length - 1 ? (
                    <Button key="next" type="button" onClick={next}>
                      {t('steps.next')}
                    </Button>
                  ) : (
                    submitButton
                  )}
                </Group>
              </>
            ) : (
              <>
                {STEPS.map((s) => (
                  <Stack gap="sm" key={s} component="section" aria-labelledby={`fmform-${s}`}>
                    <Title order={2} size="h4" id={`fmform-${s}`}>
                      {t(`steps.${s}`)}
                    </Title>
                    {sections[s]}
                  </Stack>
                ))}
                {submitButton}
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
