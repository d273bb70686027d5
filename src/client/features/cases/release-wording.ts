// The release explanation's words for one case, worded for who reads it: the family reads plain words,
// the prisoner named first, with advice for them; the lawyer and the jail read the professional wording
// (the prisoner named, the sections cited, their own next step). Pure: the same lines are shown, read
// aloud and tested.
import type { TFunction } from 'i18next';
import type { Role } from '#shared/constants.ts';
import { assessCase, countedOffences, type CaseFacts } from '#shared/cases.ts';
import { addDays } from '#shared/release.ts';

export const HELPLINE = '15100';

/** Who reads the explanation: the family (plain words), or a lawyer (also the DLSA and the administrator) or the jail (professional wording). */
export type Audience = 'family' | 'lawyer' | 'jail';

export function audienceOf(role: Role | undefined): Audience {
  if (!role || role === 'Family-Member') return 'family';
  return role === 'Jail-Authority' ? 'jail' : 'lawyer';
}

export type Line = { key: string; text: string; strong?: boolean };

/** The prisoner as the wording names them: the name on the record, else "your family member" (the family) or "the undertrial" (the others). */
const nameOf = (t: TFunction<'release'>, facts: CaseFacts, audience: Audience) =>
  facts.prisonerName?.trim() || t(audience === 'family' ? 'someone' : 'pro.undertrial');

export function releasedText(
  t: TFunction<'release'>,
  day: (iso: string) => string,
  released: string,
  facts: CaseFacts,
  audience: Audience,
) {
  return t(audience === 'family' ? 'released' : 'pro.released', { date: day(released), name: nameOf(t, facts, audience) });
}

/** What to do next: the family asks the lawyer or the DLSA; the lawyer applies; the jail applies under S.479(3). */
export function nextSteps(t: TFunction<'release'>, audience: Audience): { title: string; steps: string[] } {
  if (audience === 'family') return { title: t('next.title'), steps: [t('next.lawyer'), t('next.dlsa')] };
  return { title: t('pro.next.title'), steps: [audience === 'jail' ? t('pro.next.jail') : t('pro.next.lawyer'), t('pro.next.dlsa')] };
}

/** The explanation's lines for one case in custody, in the language of `t` and `day`, worded for `audience`. */
export function explanationLines(
  t: TFunction<'release'>,
  day: (iso: string) => string,
  facts: CaseFacts,
  a: NonNullable<ReturnType<typeof assessCase>>,
  today: string,
  audience: Audience = 'family',
  otherCasesHeld = 0,
): Line[] {
  const lines: Line[] = [];
  const gravest = countedOffences(facts).some((o) => o.life || o.death);
  const { s479, defaultBail } = a;
  const fraction = s479.fraction === '1/3' ? 'third' : 'half';
  // The professional keys are the family's under "pro.", with the prisoner's name.
  const pro = audience !== 'family';
  const k = (key: string) => (pro ? `pro.${key}` : key);
  const name = nameOf(t, facts, audience);
  if (s479.status === 'eligible' && s479.eligibleOn)
    lines.push({ key: 's479', text: t(k(`s479.eligible.${fraction}`), { date: day(s479.eligibleOn), name }), strong: true });
  else if (s479.status === 'not-yet' && s479.eligibleOn)
    lines.push({ key: 's479', text: t(k(`s479.notYet.${fraction}`), { date: day(s479.eligibleOn), name }), strong: true });
  else if (s479.status === 'barred') {
    lines.push({ key: 's479', text: t('s479.barred') });
    // The cases Rihaai holds count without the family typing them (S.479(2), src/shared/cases.ts releaseInput).
    if (otherCasesHeld > 0) lines.push({ key: 'held', text: t('s479.barredHeld', { count: otherCasesHeld }) });
  } else lines.push({ key: 's479', text: gravest ? t('s479.lifeOrDeath') : t('s479.noImprisonment') });
  // Once the court framed the charges, the dates count from them (src/shared/cases.ts countedOffences).
  if (facts.chargesFramed.length > 0 && facts.chargesFramedOn)
    lines.push({ key: 'framed', text: t('framed', { date: day(facts.chargesFramedOn) }) });
  if (s479.status === 'not-yet' && facts.firstOffence === null) lines.push({ key: 'first', text: t(k('s479.firstUnknown'), { name }) });
  if (s479.maximumEndsOn)
    lines.push(
      s479.maximumEndsOn <= today
        ? { key: 'max', text: t(k('maximum.past'), { date: day(s479.maximumEndsOn), name }), strong: true }
        : { key: 'max', text: t('maximum.future', { date: day(s479.maximumEndsOn) }) },
    );
  if (facts.delayByAccusedDays > 0 && s479.maximumEndsOn)
    lines.push({ key: 'delay', text: t('delay', { days: facts.delayByAccusedDays }) });
  if (defaultBail.eligibleOn && defaultBail.days) {
    const lastDay = day(addDays(defaultBail.eligibleOn, -1));
    const args = {
      days: defaultBail.days,
      lastDay,
      date: day(defaultBail.eligibleOn),
      filed: facts.chargesheetFiledOn ? day(facts.chargesheetFiledOn) : '',
      name,
    };
    if (defaultBail.status === 'eligible') lines.push({ key: 'bail', text: t(k('bail.eligible'), args), strong: true });
    else if (defaultBail.status === 'not-applicable') lines.push({ key: 'bail', text: t('bail.notApplicable', args) });
    else if (facts.chargesheetFiledOn && facts.chargesheetFiledOn <= today) lines.push({ key: 'bail', text: t('bail.late', args) });
    else lines.push({ key: 'bail', text: t(k('bail.notYet'), args) });
  }
  return lines;
}

/** Everything the explanation says, as one text to be read aloud (the helpline's number digit by digit). */
export function spokenText(
  t: TFunction<'release'>,
  lines: Line[],
  released: string | null,
  day: (iso: string) => string,
  facts: CaseFacts,
  audience: Audience,
): string {
  if (released) return [t('title'), releasedText(t, day, released, facts, audience)].join('\n');
  const next = nextSteps(t, audience);
  return [
    t('title'),
    ...lines.map((l) => l.text),
    next.title,
    ...next.steps,
    ...(audience === 'family' ? [`${t('next.helpline')} ${HELPLINE.split('').join(' ')}`] : []),
  ].join('\n');
}
