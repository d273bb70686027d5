// A search typed as a phone number, in any format, becomes the prefixes the stored numbers start with.
import { describe, expect, it } from 'vitest';
import { phoneSearchForms } from './family.ts';

describe('phoneSearchForms', () => {
  it.each([
    ['9876543210', '+919876543210', '9876543210'],
    ['+91 98765 43210', '+919876543210', '9876543210'],
    ['+91-98765-43210', '+919876543210', '9876543210'],
    ['098765 43210', '+919876543210', '9876543210'],
    ['919876543210', '+919876543210', '9876543210'],
    ['(987) 654', '+91987654', '987654'],
    ['+91 987', '+91987', '987'],
    ['9123', '+919123', '9123'],
  ])('%s → %s / %s', (typed, canonical, local) => {
    expect(phoneSearchForms(typed)).toEqual({ canonical, local });
  });

  it.each(['Ramesh', 'FIR-12', '98', '+91 98', '+1 415 555', '', '  ', 'a9876543210'])('%j is not a phone number', (typed) => {
    expect(phoneSearchForms(typed)).toBeNull();
  });
});
