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
