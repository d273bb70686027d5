// The facts form's values (strings, as inputs hold them) and their conversion to and from the API.
import { RELATIONS, type CaseFacts, type CaseFactsInput, type OffenceInput, type Relation } from '#shared/cases.ts';
import { OTHER_OFFENCE, type OffenceId } from '#shared/offences.ts';

export interface OffenceDraft {
  code: OffenceId | typeof OTHER_OFFENCE | '';
  label: string;
  years: string;
  months: string;
  life: boolean;
  death: boolean;
}

export interface FactsDraft {
  prisonerName: string;
  prisonerRelation: Relation | '';
  prison: string;
  custodySince: string;
  court: string;
  cnr: string;
  offences: OffenceDraft[];
  firstOffence: 'yes' | 'no' | '';
  otherPendingCases: string;
  delayByAccusedDays: string;
  chargesheetFiledOn: string;
  chargesFramedOn: string;
  chargesFramed: OffenceDraft[];
}

export const EMPTY_OFFENCE: OffenceDraft = { code: '', label: '', years: '', months: '', life: false, death: false };

export const EMPTY_DRAFT: FactsDraft = {
  prisonerName: '',
  prisonerRelation: '',
  prison: '',
  custodySince: '',
  court: '',
  cnr: '',
  offences: [],
  firstOffence: '',
  otherPendingCases: '0',
  delayByAccusedDays: '0',
  chargesheetFiledOn: '',
  chargesFramedOn: '',
  chargesFramed: [],
};

export function draftOf(f: CaseFacts): FactsDraft {
  return {
    prisonerName: f.prisonerName ?? '',
    prisonerRelation: f.prisonerRelation ?? '',
    prison: f.prison ?? '',
    custodySince: f.custodySince ?? '',
    court: f.court ?? '',
    cnr: f.cnr ?? '',
    offences: f.offences.map(offenceDraftOf),
    firstOffence: f.firstOffence === null ? '' : f.firstOffence ? 'yes' : 'no',
    otherPendingCases: String(f.otherPendingCases),
    delayByAccusedDays: String(f.delayByAccusedDays),
    chargesheetFiledOn: f.chargesheetFiledOn ?? '',
    chargesFramedOn: f.chargesFramedOn ?? '',
    chargesFramed: f.chargesFramed.map(offenceDraftOf),
  };
}

function offenceDraftOf(o: CaseFacts['offences'][number]): OffenceDraft {
  return {
    code: o.code,
    label: o.label ?? '',
    years: o.maxMonths !== null ? String(Math.floor(o.maxMonths / 12)) : '',
    months: o.maxMonths !== null ? String(o.maxMonths % 12) : '',
    life: o.life,
    death: o.death,
  };
}

const int = (s: string) => (s.trim() === '' ? 0 : Number(s));

/** Unchosen offence rows are dropped; numbers the user left empty count as 0. */
export function inputOf(d: FactsDraft): CaseFactsInput {
  const offences = offenceInputsOf(d.offences);
  return {
    prisonerName: d.prisonerName.trim() || null,
    prisonerRelation: (RELATIONS as readonly string[]).includes(d.prisonerRelation) ? (d.prisonerRelation as Relation) : null,
    prison: d.prison.trim() || null,
    custodySince: d.custodySince || null,
    court: d.court.trim() || null,
    cnr: d.cnr.trim() || null,
    offences,
    firstOffence: d.firstOffence === '' ? null : d.firstOffence === 'yes',
    otherPendingCases: int(d.otherPendingCases),
    delayByAccusedDays: int(d.delayByAccusedDays),
    chargesheetFiledOn: d.chargesheetFiledOn || null,
    chargesFramedOn: d.chargesFramedOn || null,
    chargesFramed: offenceInputsOf(d.chargesFramed),
  };
}

function offenceInputsOf(list: OffenceDraft[]): OffenceInput[] {
  return list
    .filter((o) => o.code !== '')
    .map((o) => {
      if (o.code !== OTHER_OFFENCE) return { code: o.code as OffenceId };
      const months = int(o.years) * 12 + int(o.months);
      return { code: OTHER_OFFENCE, label: o.label.trim(), maxMonths: months > 0 ? months : null, life: o.life, death: o.death };
    });
}

/** True when the family typed anything: /fmform sends facts only then. */
export function isEmptyDraft(d: FactsDraft): boolean {
  return JSON.stringify(d) === JSON.stringify(EMPTY_DRAFT);
}
