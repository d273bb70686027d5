// Back to the page that asked for a sign-in (an invitation link), once, within a day; nothing outside the app.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isReturnPath, rememberReturnTo, takeReturnTo } from './return-to.ts';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('the page to return to after signing in', () => {
  it('returns once to the invitation link, with its code', () => {
    rememberReturnTo('/join?code=AB12CD', 1_000);
    expect(takeReturnTo('Family-Member', 2_000)).toBe('/join?code=AB12CD');
    // Once: the next sign-in goes home.
    expect(takeReturnTo('Family-Member', 3_000)).toBe('/family-member');
  });

  it('goes home after a day, and with nothing remembered', () => {
    rememberReturnTo('/join?code=AB12CD', 0);
    expect(takeReturnTo('Family-Member', 24 * 60 * 60 * 1000 + 1)).toBe('/family-member');
    expect(takeReturnTo('Lawyer')).toBe('/lawyer');
  });

  it('follows only addresses inside the app', () => {
    for (const bad of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'join', '/signin', '/second-factor', 42, null])
      expect(isReturnPath(bad), String(bad)).toBe(false);
    expect(isReturnPath('/family-case')).toBe(true);
    store.set('rihaai.returnTo', JSON.stringify({ path: '//evil.example', at: Date.now() }));
    expect(takeReturnTo('Family-Member')).toBe('/family-member');
    store.set('rihaai.returnTo', 'not json');
    expect(takeReturnTo('Family-Member')).toBe('/family-member');
  });
});
