import { describe, expect, it } from 'vitest';
import { CASE_TOPICS, CASE_TYPE_OF_TOPIC, caseTypeOfTopic, isCaseTopic } from '#shared/case-topics.ts';
import { CASE_TYPES } from '#shared/constants.ts';

describe('the case asked in the family words', () => {
  it('stores every answer but "something else" as one of the nine lawyer types', () => {
    for (const topic of CASE_TOPICS.filter((t) => t !== 'other')) expect(CASE_TYPES).toContain(caseTypeOfTopic(topic));
    expect(Object.keys(CASE_TYPE_OF_TOPIC).sort()).toEqual(CASE_TOPICS.filter((t) => t !== 'other').sort());
  });

  it('maps each answer to the lawyer who takes such cases', () => {
    expect(caseTypeOfTopic('theft-cheating')).toBe('Criminal Defense Lawyer');
    expect(caseTypeOfTopic('fight-injury')).toBe('Criminal Defense Lawyer');
    expect(caseTypeOfTopic('drugs')).toBe('Criminal Defense Lawyer');
    expect(caseTypeOfTopic('cheque-money')).toBe('Criminal Defense Lawyer');
    expect(caseTypeOfTopic('land-property')).toBe('Civil Litigation Attorney');
    expect(caseTypeOfTopic('family-marriage')).toBe('Civil Litigation Attorney');
    expect(caseTypeOfTopic('work-wages')).toBe('Labor & Employment Attorney');
    expect(caseTypeOfTopic('government-office')).toBe('Constitutional Lawyer');
  });

  it('leaves "something else" to the family, and knows its own answers', () => {
    expect(caseTypeOfTopic('other')).toBeNull();
    expect(isCaseTopic('drugs')).toBe(true);
    expect(isCaseTopic('Criminal Defense Lawyer')).toBe(false);
    expect(isCaseTopic(undefined)).toBe(false);
  });
});
