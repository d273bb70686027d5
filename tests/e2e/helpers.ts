// Shared browser-test helpers: unique accounts, sign-up/sign-in through the API (only the
// account journeys go through the forms), the axe scan, and the test mailbox.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { Role } from '#shared/constants.ts';
import { MAILBOX_DIR } from '../../playwright.config.ts';

export const DEMO_PASSWORD = 'rihaai-demo-2024';
export const JAIL_CODE = 'RIHAAI-JAIL-2024';
export const PASSWORD = 'e2e-password-123';

let n = 0;
export function uniqueEmail(prefix: string) {
  n += 1;
  return `${prefix}${Date.now().toString(36)}${n}${Math.random().toString(36).slice(2, 6)}@gmail.com`;
}

/** Creates an account through the API and signs in (cookie lands in the page's context): sign-up itself signs no one in. */
export async function signUpViaApi(page: Page, role: Role, name = `E2E ${role}`) {
  const email = uniqueEmail(role.toLowerCase().replace(/[^a-z]/g, ''));
  const res = await page.request.post('/api/auth/signup', {
    data: { role, name, email, password: PASSWORD, ...(role === 'Jail-Authority' ? { registrationCode: JAIL_CODE } : {}) },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signInViaApi(page, role, email);
  return { email, name, password: PASSWORD };
}

export async function signInViaApi(page: Page, role: Role, email: string, password = PASSWORD) {
  const res = await page.request.post('/api/auth/signin', {
    data: { role, email, password },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** axe scan: no serious or critical violations. */
export async function expectAccessible(page: Page, label: string) {
  // A dialog or menu still fading in has transient colours: scan the settled page.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${label}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** No horizontal scrolling at the current width (360 px screens). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

export interface Mail {
  to: string[];
  raw: string;
}

/** Waits for an email to `to` whose raw text matches `match`. */
export async function waitForMail(to: string, match: RegExp = /./, timeoutMs = 15_000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    for (const f of fs.existsSync(MAILBOX_DIR) ? fs.readdirSync(MAILBOX_DIR).sort() : []) {
      const mail = JSON.parse(fs.readFileSync(path.join(MAILBOX_DIR, f), 'utf8')) as Mail;
      if (mail.to.includes(to) && match.test(decodeQuotedPrintable(mail.raw))) return { ...mail, raw: decodeQuotedPrintable(mail.raw) };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no email to ${to} matching ${match} within ${timeoutMs} ms`);
}

function decodeQuotedPrintable(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** Submits /fmform through the API for the signed-in family member. */
export async function registerFamilyViaApi(page: Page, caseType = 'Criminal Defense Lawyer', caseNumber = 'FIR-12/2024') {
  const res = await page.request.put('/api/family/registration', {
    data: { phone: '9876543210', address: '14 Gandhi Nagar, Delhi', caseNumber, detail: 'Held at Tihar under IPC 379.', caseType },
    headers: SAME_ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Submits /lawyerform through the API for the signed-in lawyer. */
export async function registerLawyerViaApi(page: Page, lawyerType = 'Criminal Defense Lawyer') {
  const res = await page.request.put('/api/lawyers/registration', {
    data: { phone: '9811111111', address: '7 Court Road, Delhi', lawyerType, courtArea: 'Tis Hazari Courts' },
    headers: SAME_ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs up through the API and completes the role's registration form, as a returning user would be. */
export async function signUpRegisteredViaApi(page: Page, role: Role, name?: string) {
  const account = await signUpViaApi(page, role, name);
  if (role === 'Family-Member') await registerFamilyViaApi(page);
  if (role === 'Lawyer') await registerLawyerViaApi(page);
  return account;
}
