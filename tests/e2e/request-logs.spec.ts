// Probe defect 3 (decision 0033): opening /confirm-email?token=… or /reset-password?token=… wrote the token in
// the request log, and jail searches wrote the emails and phones searched for. This spec runs after
// every other one (playwright.config.ts projects) and reads the whole run's server log: no request
// log line may hold any token emailed during the run, nor any address an email went to.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { MAILBOX_DIR, SERVER_LOG } from '../../playwright.config.ts';
import { decodeQuotedPrintable } from './helpers.ts';

test('the request log of the whole run holds no emailed token and no email address', () => {
  const lines = fs.readFileSync(SERVER_LOG, 'utf8').split('\n');
  // Request log lines carry the request's id (pino's child logger per request).
  const requestLines = lines.filter((l) => l.includes('"reqId"'));
  expect(requestLines.length, 'the run logged its requests').toBeGreaterThan(500);
  const log = requestLines.join('\n');
  // The links' pages were opened and logged, with the parameter's name and no value.
  expect(log).toContain('"url":"/confirm-email?token=…"');

  const tokens = new Set<string>();
  const addresses = new Set<string>();
  for (const file of fs.readdirSync(MAILBOX_DIR).filter((f) => f.endsWith('.json'))) {
    const mail = JSON.parse(fs.readFileSync(path.join(MAILBOX_DIR, file), 'utf8')) as { to: string[]; raw: string };
    for (const to of mail.to) addresses.add(to.toLowerCase());
    for (const m of decodeQuotedPrintable(mail.raw).matchAll(/[?&]token=([\w-]{20,})/g)) tokens.add(m[1]!);
  }
  expect(tokens.size, 'the run emailed links').toBeGreaterThan(10);
  expect(addresses.size, 'the run emailed people').toBeGreaterThan(10);
  const lower = log.toLowerCase();
  for (const token of tokens) expect(log.includes(token), `token ${token.slice(0, 6)}… in the request log`).toBe(false);
  for (const address of addresses) {
    for (const spelling of [address, encodeURIComponent(address).toLowerCase()]) {
      expect(lower.includes(spelling), `${address} in the request log`).toBe(false);
    }
  }
});
