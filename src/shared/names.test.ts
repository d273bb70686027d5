// The Latin form of a name, for search and for screens of people who do not read its script.
import { describe, expect, it } from 'vitest';
import { latinName, searchLatin } from './names.ts';

describe('latinName', () => {
  it('writes Indian scripts by sound, without the unspoken final vowel', () => {
    expect(latinName('रमेश कुमार')).toBe('Ramesh Kumar');
  });

  it('keeps only letters from other scripts: no backtick for an Urdu ain', () => {
    const urdu = latinName('عمران خان');
    expect(urdu).toMatch(/^[A-Za-z ]+$/);
    expect(urdu).not.toContain('`');
  });

  it('returns a Latin name as typed, spaces tidied', () => {
    expect(latinName('  Ramesh   Kumar ')).toBe('Ramesh Kumar');
  });

  it('searches by the same letters', () => {
    expect(searchLatin('Ramesh')).toBe('ramesh');
  });
});
