import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { validationText } from './validation-text.ts';

// A stand-in for i18next: knows one schema text and the rule texts, in Hindi.
const hindi: Record<string, string> = {
  'Select NGO': 'एनजीओ चुनें',
  'validation.too_long': 'बहुत लंबा: अधिकतम {{limit}} अक्षर लिखें।',
  'validation.invalid': 'कृपया यह फ़ील्ड जाँचें।',
};
const t = ((key: string, options?: { defaultValue?: string; limit?: number }) => {
  const text = hindi[key];
  if (text === undefined) return options?.defaultValue ?? key;
  return text.replace('{{limit}}', String(options?.limit ?? ''));
}) as unknown as TFunction;

describe('validationText', () => {
  it("never shows a validator's own English: the rule's translated text instead", () => {
    const raw = { path: 'name', message: 'Too big: expected string to have <=120 characters', rule: 'too_long' as const, limit: 120 };
    expect(validationText(raw, t)).toBe('बहुत लंबा: अधिकतम 120 अक्षर लिखें।');
    expect(validationText({ path: 'x', message: 'Invalid input' }, t)).toBe('कृपया यह फ़ील्ड जाँचें।');
  });
  it('shows a schema text the app translated', () => {
    expect(validationText({ path: 'ngoId', message: 'Select NGO', rule: 'invalid_format' }, t)).toBe('एनजीओ चुनें');
  });
});
