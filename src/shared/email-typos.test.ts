import { describe, expect, it } from 'vitest';
import { editDistance, suggestEmail } from './email-typos.ts';

describe('suggestEmail', () => {
  it.each([
    ['geeta.devi@gmial.com', 'geeta.devi@gmail.com'],
    ['geeta.devi@gmal.com', 'geeta.devi@gmail.com'],
    ['geeta.devi@gmail.co', 'geeta.devi@gmail.com'],
    ['geeta.devi@gamil.com', 'geeta.devi@gmail.com'],
    ['geeta.devi@gmail.con', 'geeta.devi@gmail.com'],
    ['geeta.devi@gnail.com', 'geeta.devi@gmail.com'],
    ['geeta.devi@gmaill.com', 'geeta.devi@gmail.com'],
    ['geeta.devi@gmailcom', 'geeta.devi@gmail.com'],
    ['geeta.devi@gmail', 'geeta.devi@gmail.com'],
    ['geeta.devi@gmail.co.in', 'geeta.devi@gmail.com'],
    ['  Geeta.Devi@GMIAL.com ', 'geeta.devi@gmail.com'],
    ['ravi@yaho.com', 'ravi@yahoo.com'],
    ['ravi@hotmial.com', 'ravi@hotmail.com'],
    ['ravi@rediffmial.com', 'ravi@rediffmail.com'],
  ])('%s → %s', (typed, meant) => {
    expect(suggestEmail(typed)).toBe(meant);
  });

  it.each([
    'geeta.devi@gmail.com',
    'Geeta.Devi@gmail.com',
    'ravi@yahoo.co.in',
    'ravi@mail.com',
    'ravi@example.org',
    'ravi@nic.in',
    'geeta',
    'geeta@',
    '@gmail.co',
    '',
  ])('leaves %s alone', (typed) => {
    expect(suggestEmail(typed)).toBeNull();
  });
});

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('gmial.com', 'gmail.com')).toBe(1);
    expect(editDistance('gmail.com', 'gmail.com')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
