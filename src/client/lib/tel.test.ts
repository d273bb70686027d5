import { describe, expect, it } from 'vitest';
import { PHONE_IN_TEXT, telHref } from './tel.ts';

describe('telHref', () => {
  it('keeps digits and a leading +', () => {
    expect(telHref('98765 43210')).toBe('tel:9876543210');
    expect(telHref('+91 (11) 2345-6789')).toBe('tel:+911123456789');
    expect(telHref('15100')).toBe('tel:15100');
  });
});

describe('PHONE_IN_TEXT', () => {
  it('finds the numbers in an NGO contact text and leaves the rest', () => {
    const parts = 'Call +91 98111 22233 or 011-2345 6789, email aasra@gmail.com'.split(PHONE_IN_TEXT);
    expect(parts.filter((_, i) => i % 2 === 1)).toEqual(['+91 98111 22233', '011-2345 6789']);
    expect(parts.join('')).toBe('Call +91 98111 22233 or 011-2345 6789, email aasra@gmail.com');
  });
});
