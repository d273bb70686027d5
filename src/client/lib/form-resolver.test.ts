import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { z } from 'zod';
import enErrors from '#client/locales/en/errors.json' with { type: 'json' };
import hiErrors from '#client/locales/hi/errors.json' with { type: 'json' };
import { ApiError } from './api-client.ts';
import { schemaResolver, serverFieldErrors } from './form-resolver.ts';

// One field per rule; the limits live in the schema only.
const Everything = z.strictObject({
  required: z.string().trim().min(1),
  tooLong: z.string().max(5),
  tooShort: z.string().min(8),
  tooBig: z.number().max(10),
  tooSmall: z.number().min(0),
  notInteger: z.number().int(),
  format: z.email(),
  choice: z.enum(['a', 'b']),
  custom: z.string().refine((v) => v === 'yes'),
});
const broken = {
  required: '  ',
  tooLong: 'abcdefg',
  tooShort: 'abc',
  tooBig: 11,
  tooSmall: -1,
  notInteger: 1.5,
  format: 'not-an-email',
  choice: 'c',
  custom: 'no',
};

const i18n = i18next.createInstance();
let en: TFunction;
let hi: TFunction;
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    ns: ['errors', 'form'],
    defaultNS: 'form',
    resources: {
      en: { errors: enErrors, form: { 'name.required': 'Please enter your name.', 'name.tooLong': 'At most {{max}} letters.' } },
      hi: { errors: hiErrors, form: { 'name.required': 'कृपया अपना नाम लिखें।', 'name.tooLong': 'अधिकतम {{max}} अक्षर।' } },
    },
  });
  en = i18n.getFixedT('en', 'form');
  hi = i18n.getFixedT('hi', 'form');
});

describe('schemaResolver: the shared schema decides, the person reads their language', () => {
  // field: [English, Hindi]
  const expected: Record<keyof typeof broken, [string, string]> = {
    required: ['Please fill in this field.', 'कृपया यह फ़ील्ड भरें।'],
    tooLong: ['Too long: use at most 5 characters.', 'बहुत लंबा: अधिकतम 5 अक्षर लिखें।'],
    tooShort: ['Too short: use at least 8 characters.', 'बहुत छोटा: कम से कम 8 अक्षर लिखें।'],
    tooBig: ['Enter a number no larger than 10.', '10 से बड़ी संख्या न लिखें।'],
    tooSmall: ['Enter a number no smaller than 0.', '0 से छोटी संख्या न लिखें।'],
    notInteger: ['Enter a whole number.', 'पूर्ण संख्या लिखें।'],
    format: ['This is not in the right format.', 'यह सही प्रारूप में नहीं है।'],
    choice: ['Please choose one of the options.', 'कृपया दिए गए विकल्पों में से एक चुनें।'],
    custom: ['Please check this field.', 'कृपया यह फ़ील्ड जाँचें।'],
  };
  it.each([
    ['English', 0],
    ['Hindi', 1],
  ] as const)('says each rule and its limit in %s', (_language, column) => {
    const t = column === 0 ? en : hi;
    const want = Object.fromEntries(Object.entries(expected).map(([field, texts]) => [field, texts[column]]));
    expect(schemaResolver(Everything, t)(broken)).toEqual(want);
  });

  it('passes a valid form and never shows the validator’s English', () => {
    const ok = { ...broken, required: 'x', tooLong: 'abc', tooShort: 'abcdefgh', tooBig: 3, tooSmall: 0, notInteger: 2 };
    expect(schemaResolver(Everything, en)({ ...ok, format: 'a@b.co', choice: 'a', custom: 'yes' })).toEqual({});
    const texts = Object.values(schemaResolver(Everything, en)(broken)).join(' ');
    expect(texts).not.toMatch(/Invalid|expected|Too big|Too small/);
  });

  it("uses a field's own text for a rule, with the schema's limit, in either language", () => {
    const Name = z.strictObject({ name: z.string().trim().min(1).max(4) });
    const texts = { name: { required: 'name.required', too_long: 'name.tooLong' } };
    expect(schemaResolver(Name, en, { texts })({ name: ' ' })).toEqual({ name: 'Please enter your name.' });
    expect(schemaResolver(Name, en, { texts })({ name: 'abcdef' })).toEqual({ name: 'At most 4 letters.' });
    expect(schemaResolver(Name, hi, { texts })({ name: 'abcdef' })).toEqual({ name: 'अधिकतम 4 अक्षर।' });
    const fallback = { name: { required: 'name.required', otherwise: 'name.tooLong' } };
    expect(schemaResolver(Name, en, { texts: fallback })({ name: 'abcdef' })).toEqual({ name: 'At most 4 letters.' });
  });

  it('a field left empty is "required" whatever else the schema asks of it', () => {
    expect(schemaResolver(z.strictObject({ password: z.string().min(8) }), en)({ password: '' })).toEqual({
      password: 'Please fill in this field.',
    });
    const Seats = z.strictObject({ seats: z.number().int().min(0) });
    expect(
      schemaResolver(Seats, en, { input: (v: { seats: string }) => ({ seats: v.seats === '' ? undefined : Number(v.seats) }) })({
        seats: '',
      }),
    ).toEqual({
      seats: 'Please fill in this field.',
    });
  });

  it('keeps the first broken rule of each field', () => {
    const Two = z.strictObject({ code: z.string().min(3).regex(/^\d+$/) });
    expect(schemaResolver(Two, en)({ code: 'x' })).toEqual({ code: 'Too short: use at least 3 characters.' });
  });
});

describe('serverFieldErrors: the server’s details read like the form’s own', () => {
  it('translates each detail by its rule and the field texts', () => {
    const err = new ApiError(400, 'validation', 'Invalid', [
      { path: 'name', message: 'Too big: expected string to have <=120 characters', rule: 'too_long', limit: 120 },
      { path: 'phone', message: 'Invalid input', rule: 'invalid' },
    ]);
    expect(serverFieldErrors(err, hi, { name: { too_long: 'name.tooLong' } })).toEqual({
      name: 'अधिकतम 120 अक्षर।',
      phone: 'कृपया यह फ़ील्ड जाँचें।',
    });
    expect(serverFieldErrors(new ApiError(409, 'conflict', 'x'), en)).toEqual({});
  });
});
