import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('PUBLIC_URL follows PORT', () => {
  it('defaults to http://localhost:<PORT>, so the start-up banner names the port really used', () => {
    expect(parseEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '4321' }).PUBLIC_URL).toBe('http://localhost:4321');
  });
  it('keeps a PUBLIC_URL set by hand', () => {
    expect(parseEnv({ PORT: '4321', PUBLIC_URL: 'https://rihaai.example' }).PUBLIC_URL).toBe('https://rihaai.example');
  });
});

describe('HOST', () => {
  it('listens on 127.0.0.1 outside production unless HOST says otherwise', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(parseEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
  it('listens on every address in production unless HOST says otherwise', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://rihaai.example.org',
      JAIL_AUTHORITY_CODE: 'Prod-Code-7fK2xQ9mLp4Zr8',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SECOND_FACTOR_KEY: 'k3Vq9-second-factor-key-of-this-deployment',
    };
    expect(parseEnv(production).HOST).toBe('0.0.0.0');
    expect(parseEnv({ ...production, HOST: '127.0.0.1' }).HOST).toBe('127.0.0.1');
  });

  it('refuses the published second-factor key in production, and a short one anywhere', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://rihaai.example.org',
      JAIL_AUTHORITY_CODE: 'Prod-Code-7fK2xQ9mLp4Zr8',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    };
    expect(() => parseEnv(production)).toThrow(/SECOND_FACTOR_KEY/);
    expect(() => parseEnv({ NODE_ENV: 'development', SECOND_FACTOR_KEY: 'short' })).toThrow(/SECOND_FACTOR_KEY/);
    expect(parseEnv({ NODE_ENV: 'development' }).SECOND_FACTOR_KEY.length).toBeGreaterThanOrEqual(32);
  });
});
