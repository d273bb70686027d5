// The API answers the server put in the page for the first screen (api-client.ts readPageAnswers).
import { describe, expect, it } from 'vitest';
import { PAGE_ANSWERS_SCRIPT_ID } from '#shared/first-screens.ts';
import { readPageAnswers } from './api-client.ts';

const page = (text: string | null) => ({
  getElementById: (id: string) => (id === PAGE_ANSWERS_SCRIPT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null),
});

describe('readPageAnswers', () => {
  it('reads each URL with its status and body', () => {
    const answers = readPageAnswers(
      page(
        JSON.stringify({
          '/api/family/registration': { status: 200, body: { phone: '9' } },
          '/api/x': { status: 404, body: { error: {} } },
        }),
      ),
    );
    expect([...answers]).toEqual([
      ['/api/family/registration', { status: 200, body: { phone: '9' } }],
      ['/api/x', { status: 404, body: { error: {} } }],
    ]);
  });

  it('reads nothing from no page, no block, an unreadable block, and skips answers that are no status a response may replay', () => {
    expect(readPageAnswers(undefined).size).toBe(0);
    expect(readPageAnswers(page(null)).size).toBe(0);
    expect(readPageAnswers(page('{not json')).size).toBe(0);
    expect(readPageAnswers(page('null')).size).toBe(0);
    const answers = readPageAnswers(
      page(
        JSON.stringify({
          a: { status: 500, body: {} },
          b: { status: 204, body: null },
          c: { status: '200', body: {} },
          d: null,
          e: { status: 200, body: 1 },
        }),
      ),
    );
    expect([...answers.keys()]).toEqual(['e']);
  });
});
