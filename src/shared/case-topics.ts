// "What is the case about?": /fmform asks a family in their own words and stores the lawyer type
// those words call for; lawyers still register with, and are matched by, the nine types (CASE_TYPES).
import type { CaseType } from './constants.ts';

/** The answers a family can give, in the order the form lists them; 'other' lets them pick a type. */
export const CASE_TOPICS = [
  'theft-cheating',
  'fight-injury',
  'land-property',
  'family-marriage',
  'work-wages',
  'drugs',
  'cheque-money',
  'government-office',
  'other',
] as const;
export type CaseTopic = (typeof CASE_TOPICS)[number];

/**
 * The lawyer type each answer is stored as. Cheque bounce (s.138 Negotiable Instruments Act) is a
 * criminal complaint; a dispute with a government office is a writ, the constitutional lawyer's work.
 */
export const CASE_TYPE_OF_TOPIC: Record<Exclude<CaseTopic, 'other'>, CaseType> = {
  'theft-cheating': 'Criminal Defense Lawyer',
  'fight-injury': 'Criminal Defense Lawyer',
  'land-property': 'Civil Litigation Attorney',
  'family-marriage': 'Civil Litigation Attorney',
  'work-wages': 'Labor & Employment Attorney',
  drugs: 'Criminal Defense Lawyer',
  'cheque-money': 'Criminal Defense Lawyer',
  'government-office': 'Constitutional Lawyer',
};

/** The lawyer type to store for an answer; null for 'other' (the family then chooses the type). */
export function caseTypeOfTopic(topic: CaseTopic): CaseType | null {
  return topic === 'other' ? null : CASE_TYPE_OF_TOPIC[topic];
}

export function isCaseTopic(value: unknown): value is CaseTopic {
  return typeof value === 'string' && (CASE_TOPICS as readonly string[]).includes(value);
}
