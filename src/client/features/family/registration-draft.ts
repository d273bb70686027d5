// The /fmform draft kept on this device while it is typed: a reload or a lost connection does not
// cost the family what they typed. One key per account id, so a phone shared in a family never
// shows one account's draft to another; removed on submit or "Discard draft".
import { EMPTY_DRAFT, type FactsDraft } from '#client/features/cases/facts-draft.ts';

export interface RegistrationValues {
  phone: string;
  address: string;
  state: string;
  district: string;
  caseNumber: string;
  detail: string;
  caseAbout: string;
  caseType: string;
}

export interface RegistrationDraft {
  values: RegistrationValues;
  facts: FactsDraft;
  step: number;
}

const PREFIX = 'rihaai.fmform-draft.';
const keyOf = (accountId: string) => `${PREFIX}${accountId}`;

/** Only what has the shape of the form's values: anything else stored under the key is ignored. */
function sameShape<T extends object>(template: T, value: unknown): value is T {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return Object.entries(template).every(([k, x]) => (Array.isArray(x) ? Array.isArray(v[k]) : typeof v[k] === typeof x));
}

const EMPTY_VALUES: RegistrationValues = {
  phone: '',
  address: '',
  state: '',
  district: '',
  caseNumber: '',
  detail: '',
  caseAbout: '',
  caseType: '',
};

export function readDraft(accountId: string): RegistrationDraft | undefined {
  try {
    const raw = localStorage.getItem(keyOf(accountId));
    if (!raw) return undefined;
    const d = JSON.parse(raw) as Partial<RegistrationDraft>;
    if (!sameShape(EMPTY_VALUES, d.values) || !sameShape(EMPTY_DRAFT, d.facts)) return undefined;
    const step = typeof d.step === 'number' && d.step >= 0 && d.step <= 2 ? Math.floor(d.step) : 0;
    return { values: d.values, facts: d.facts, step };
  } catch {
    return undefined;
  }
}

export function writeDraft(accountId: string, draft: RegistrationDraft) {
  try {
    localStorage.setItem(keyOf(accountId), JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the form still works, only without the draft.
  }
}

export function removeDraft(accountId: string) {
  try {
    localStorage.removeItem(keyOf(accountId));
  } catch {
    // As above: nothing was kept.
  }
}
