// Shared browser-test helpers: unique accounts, sign-up/sign-in through the API (only the
// account journeys go through the forms), the axe scan, and the test mailbox.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  expect,
  request as apiRequest,
  type APIRequestContext,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { CaseType, Role } from '#shared/constants.ts';
import config, { MAILBOX_DIR } from '../../playwright.config.ts';

export const DEMO_PASSWORD = 'rihaai-demo-2024';
export const JAIL_CODE = 'RIHAAI-JAIL-2024';
export const PASSWORD = 'e2e-password-123';

let n = 0;
export function uniqueEmail(prefix: string) {
  n += 1;
  return `${prefix}${Date.now().toString(36)}${n}${Math.random().toString(36).slice(2, 6)}@gmail.com`;
}

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/**
 * Opens an account by the link emailed to it, read from the test mailbox, as its owner would: the
 * session lands in `request`'s context (docs/decisions/0018-signup-confirm-by-email-link.md).
 */
export async function confirmByMail(request: APIRequestContext, email: string, password: string): Promise<{ id: string }> {
  const mail = await waitForMail(email, /\/confirm-email\?token=[\w-]+/);
  const token = /\/confirm-email\?token=([\w-]+)/.exec(mail.raw)![1]!;
  return (await ok(await request.post('/api/auth/confirm', { data: { token, password }, headers: SAME_ORIGIN }))) as { id: string };
}

/** Signs up through the API and opens the account by its emailed link (sign-up itself signs no one in). */
export async function signUpAndConfirm(
  request: APIRequestContext,
  data: { role: Role; name: string; email: string; password: string; registrationCode?: string },
): Promise<{ id: string }> {
  // The person accepts the privacy notice and is 18 or older (docs/decisions/0053-notice-and-consent.md).
  const res = await request.post('/api/auth/signup', { data: { acceptNotice: true, adult: true, ...data }, headers: SAME_ORIGIN });
  expect(res.status(), await res.text()).toBe(201);
  const user = await confirmByMail(request, data.email, data.password);
  await passSecondFactorViaApi(request, data.email);
  return user;
}

/** The demo officials' published second-factor secret (src/server/db/demo-data.ts). */
export const DEMO_SECOND_FACTOR_SECRET = 'KRUGS4ZANFZSAYJAMRSW23ZAONSWG4TF';

/** Each account's second-factor secret known to this worker (enrolled here, or the demo's), and its last step used. */
const secondFactors = new Map<string, { secret: string; lastStep: number }>();

const stepNow = () => Math.floor(Date.now() / 30_000);
export const totpCode = (secret: string, step = stepNow()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * 30_000 });

/** Remembers an account's second-factor secret read from the enrolment screen (a spec that enrols through the page). */
export function rememberSecondFactor(email: string, secret: string, lastStep = stepNow()) {
  secondFactors.set(email, { secret: secret.replace(/\s/g, ''), lastStep });
}

/**
 * A code for the account's next step not used yet (a code is accepted once; one step either side of
 * now is accepted): waits for the next step when this worker has used them all.
 */
export async function nextSecondFactorCode(email: string): Promise<string> {
  const known =
    secondFactors.get(email) ?? (email.endsWith('.demo@gmail.com') ? { secret: DEMO_SECOND_FACTOR_SECRET, lastStep: 0 } : undefined);
  if (!known) throw new Error(`no second-factor secret known for ${email}`);
  secondFactors.set(email, known);
  const step = Math.max(stepNow() - 1, known.lastStep + 1);
  while (step > stepNow() + 1) await new Promise((r) => setTimeout(r, 1000));
  known.lastStep = step;
  return totpCode(known.secret, step);
}

/**
 * Passes the session's second factor through the API, as its owner would
 * (docs/decisions/0043-second-factor-for-officials.md): enrols the account the first time (the secret
 * is kept for later sign-ins), later enters a fresh code. Nothing for a session that needs none.
 */
export async function passSecondFactorViaApi(request: APIRequestContext, email: string) {
  const session = (await ok(await request.get('/api/auth/session'))) as { user: { secondFactor?: string } | null };
  const step = session.user?.secondFactor;
  if (!step) return;
  if (step === 'enrol') {
    const { secret } = (await ok(await request.post('/api/second-factor/enrolment', { headers: SAME_ORIGIN }))) as { secret: string };
    rememberSecondFactor(email, secret);
    await ok(await request.post('/api/second-factor/enrolment/confirm', { data: { code: totpCode(secret) }, headers: SAME_ORIGIN }));
    return;
  }
  // Another worker may have used a step of a shared (demo) account: try the next one.
  for (let attempt = 0; attempt < 6; attempt++) {
    const res = await request.post('/api/second-factor/verify', {
      data: { code: await nextSecondFactorCode(email) },
      headers: SAME_ORIGIN,
    });
    if (res.ok()) return;
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
    if (body.error?.code !== 'second_factor_code_used') expect(res.status(), JSON.stringify(body)).toBe(200);
  }
  throw new Error(`second factor of ${email}: every code tried was used already`);
}

/** Creates an account through the API and opens it by its emailed link (the cookie lands in the page's context). */
export async function signUpViaApi(page: Page, role: Role, name = `E2E ${role}`) {
  const email = uniqueEmail(role.toLowerCase().replace(/[^a-z]/g, ''));
  await signUpAndConfirm(page.request, {
    role,
    name,
    email,
    password: PASSWORD,
    ...(role === 'Jail-Authority' ? { registrationCode: JAIL_CODE } : {}),
  });
  return { email, name, password: PASSWORD };
}

export async function signInViaApi(page: Page, role: Role, email: string, password = PASSWORD) {
  const res = await page.request.post('/api/auth/signin', {
    data: { role, email, password },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status(), await res.text()).toBe(200);
  await passSecondFactorViaApi(page.request, email);
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe scan: no serious or critical violations. */
export async function expectAccessible(page: Page, label: string) {
  // A dialog or menu still fading in has transient colours: scan the settled page. A transition
  // starts a frame or two after its element mounts, so let those frames pass before asking.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => done())))),
  );
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // axe-core itself, in the page's one frame (the app has no frames), loaded once per document: a scan
  // after a click on the same page reuses it. Only the violations come back. @axe-core/playwright loaded
  // its 580 kB again for every scan and returned every rule's passes too: 0.84-1.32 s a scan of the jail
  // dashboard here, against 0.58-0.63 s once loaded (docs/decisions/0075-axe-scan-loads-axe-core-once.md).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const bad = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, AXE_TAGS);
  expect(bad.map((v) => `${label}: ${v}`)).toEqual([]);
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

/** Waits for an email to `to` whose raw text matches `match` (and does not contain `not`, e.g. a link already used). */
export async function waitForMail(to: string, match: RegExp = /./, timeoutMs = 15_000, not?: string): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    for (const f of fs.existsSync(MAILBOX_DIR)
      ? fs
          .readdirSync(MAILBOX_DIR)
          .filter((name) => name.endsWith('.json'))
          .sort()
      : []) {
      const mail = JSON.parse(fs.readFileSync(path.join(MAILBOX_DIR, f), 'utf8')) as Mail;
      const raw = decodeQuotedPrintable(mail.raw);
      if (mail.to.includes(to) && match.test(raw) && !(not && raw.includes(not))) return { ...mail, raw };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no email to ${to} matching ${match} within ${timeoutMs} ms`);
}

export function decodeQuotedPrintable(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * Chooses a family form's case type as a family would: "Something else…" under "What is the case
 * about?", then the lawyer type itself (the family's words map to a type, src/shared/case-topics.ts).
 */
export async function chooseCaseType(scope: Page | Locator, caseType: CaseType) {
  await scope.getByLabel(/^What is the case about\?/).selectOption('other');
  await scope.getByLabel(/^Case type/).selectOption(caseType);
}

/**
 * Sign-up's consent, as a person ticks it (docs/decisions/0053-notice-and-consent.md): "I am 18 or
 * older" and the privacy notice accepted; by the inputs, so it reads the same in every language.
 */
export async function acceptSignUpConsent(page: Page) {
  await page.locator('input[name="age"][value="adult"], input[type="checkbox"]').first().check();
  await page.locator('input[type="checkbox"]').last().check();
}

/**
 * /fmform's choice of how the prisoner agreed, in a visit; only a first registration asks it (an
 * update registers no prisoner), so nothing is done where the form does not show it.
 */
export async function recordPrisonerConsent(page: Page | Locator, name = 'fmform-consent') {
  const choice = page.locator(`input[name="${name}"][value="visit"]`);
  if ((await choice.count()) > 0) await choice.check();
}

/** On a phone /fmform asks one group at a time: goes on to the next (the step's fields must be right). */
export async function fmformNext(page: Page) {
  const heading = page.getByRole('heading', { level: 2, name: /^Step \d of 3/ });
  const before = await heading.textContent();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(heading).not.toHaveText(before ?? '');
}

/** Submits /fmform through the API for the signed-in family member. */
export async function registerFamilyViaApi(page: Page, caseType = 'Criminal Defense Lawyer', caseNumber = 'FIR-12/2024') {
  const res = await page.request.put('/api/family/registration', {
    data: {
      phone: '9876543210',
      address: '14 Gandhi Nagar, Delhi',
      caseNumber,
      detail: 'Held at Tihar under IPC 379.',
      caseType,
      prisonerConsent: 'visit',
    },
    headers: SAME_ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A plausible Bar Council enrolment for /lawyerform (docs/decisions/0048-lawyers-verified-before-families-see-them.md):
 * the council's letters, a number and the year, as on a certificate (D/4821/2015 for Delhi).
 */
export function barEnrolment(barCouncilState = 'DL') {
  const letters = barCouncilState === 'DL' ? 'D' : barCouncilState;
  const number = 1000 + Math.floor(Math.random() * 9000);
  const year = 2005 + Math.floor(Math.random() * 18);
  return { barEnrolmentNumber: `${letters}/${number}/${year}`, barCouncilState };
}

/** The demo State-Administrator's session cookies, signed in once per worker (each sign-in spends a second-factor code). */
let adminState: Promise<Awaited<ReturnType<APIRequestContext['storageState']>>> | undefined;

async function signInAdministrator() {
  const admin = await apiRequest.newContext({ baseURL: config.use?.baseURL, extraHTTPHeaders: SAME_ORIGIN });
  try {
    const res = await admin.post('/api/auth/signin', {
      data: { role: 'State-Administrator', email: 'admin.demo@gmail.com', password: DEMO_PASSWORD },
    });
    expect(res.status(), await res.text()).toBe(200);
    await passSecondFactorViaApi(admin, 'admin.demo@gmail.com');
    return await admin.storageState();
  } finally {
    await admin.dispose();
  }
}

/**
 * Verifies a lawyer's Bar Council enrolment as the State-Administrator does on /lawyer-verification,
 * so families find them (decision 0048). The lawyer must have given the enrolment.
 */
export async function verifyLawyerViaApi(lawyerId: string) {
  for (let attempt = 0; ; attempt++) {
    const state = adminState ?? (adminState = signInAdministrator());
    const admin = await apiRequest.newContext({
      baseURL: config.use?.baseURL,
      extraHTTPHeaders: SAME_ORIGIN,
      storageState: await state.catch((err: unknown) => {
        adminState = undefined;
        throw err;
      }),
    });
    try {
      const res = await admin.post(`/api/lawyer-verification/${lawyerId}/verify`);
      // The kept session may have ended (signed out elsewhere): sign in again once.
      if (res.status() === 401 && attempt === 0) {
        adminState = undefined;
        continue;
      }
      expect(res.status(), await res.text()).toBe(200);
      return;
    } finally {
      await admin.dispose();
    }
  }
}

/** Verifies the lawyer signed in on `request` (see verifyLawyerViaApi); returns their id. */
export async function verifySignedInLawyer(request: APIRequestContext): Promise<string> {
  const { user } = (await ok(await request.get('/api/auth/session'))) as { user: { id: string } };
  await verifyLawyerViaApi(user.id);
  return user.id;
}

/**
 * Submits /lawyerform through the API for the signed-in lawyer, with a Bar Council enrolment, and has
 * the administrator verify it so families find them (unless `verified: false`). Returns the lawyer's id.
 */
export async function registerLawyerViaApi(page: Page, lawyerType = 'Criminal Defense Lawyer', { verified = true } = {}) {
  const res = await page.request.put('/api/lawyers/registration', {
    data: { phone: '9811111111', address: '7 Court Road, Delhi', lawyerType, courtArea: 'Tis Hazari Courts', ...barEnrolment() },
    headers: SAME_ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
  if (verified) return verifySignedInLawyer(page.request);
  const { user } = (await ok(await page.request.get('/api/auth/session'))) as { user: { id: string } };
  return user.id;
}

/** Signs up through the API and completes the role's registration form, as a returning user would be. */
export async function signUpRegisteredViaApi(page: Page, role: Role, name?: string) {
  const account = await signUpViaApi(page, role, name);
  if (role === 'Family-Member') await registerFamilyViaApi(page);
  if (role === 'Lawyer') await registerLawyerViaApi(page);
  return account;
}

export async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
  return res.json().catch(() => null);
}

/** The first day of the month `months` from today's month (UTC), as YYYY-MM-DD: no month-end clamping. */
export function firstOfMonth(months: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
}
export interface Client {
  name: string;
  email: string;
  prisoner: string;
  caseNumber: string;
  caseId: string;
  lawyerName: string;
  lawyerEmail: string;
}

/**
 * A family member whose son has been held for theft (3 years, first offence) since the first of the
 * month two years ago: one third (12 months) has passed, so he is eligible now. Their lawyer accepted.
 */
/**
 * Signs `lawyer` up as a criminal defence lawyer (enrolment verified), has `family` (a registered family member) request
 * them, and has them accept. Returns the lawyer's id.
 */
export async function acceptedLawyer(
  family: APIRequestContext,
  lawyer: APIRequestContext,
  account: { name: string; email: string },
): Promise<string> {
  const { id: lawyerId } = await signUpAndConfirm(lawyer, { role: 'Lawyer', ...account, password: PASSWORD });
  await ok(
    await lawyer.put('/api/lawyers/registration', {
      data: {
        phone: '9811100000',
        address: 'Chamber 9, Saket Courts',
        lawyerType: 'Criminal Defense Lawyer',
        courtArea: 'Saket',
        ...barEnrolment(),
      },
    }),
  );
  await verifyLawyerViaApi(lawyerId);
  await ok(await family.post('/api/family/requests', { data: { lawyerId } }));
  const { requests } = (await ok(await lawyer.get('/api/lawyers/requests'))) as { requests: { id: string }[] };
  await ok(await lawyer.post(`/api/lawyers/requests/${requests[0]!.id}/accept`));
  return lawyerId;
}

export async function eligibleClient(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string): Promise<Client> {
  const tag = Math.random().toString(36).slice(2, 8);
  const context = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN });
  const family = await context();
  const lawyer = await context();
  const c = {
    name: `Sunita Release ${tag}`,
    email: uniqueEmail('sunita'),
    prisoner: `Ravi Release ${tag}`,
    caseNumber: `FIR-479-${tag}`,
    caseId: '',
    lawyerName: `Adv. Release ${tag}`,
    lawyerEmail: uniqueEmail('advrelease'),
  };
  await signUpAndConfirm(family, { role: 'Family-Member', name: c.name, email: c.email, password: PASSWORD });
  await ok(
    await family.put('/api/family/registration', {
      data: {
        prisonerConsent: 'visit',
        phone: '9876501234',
        address: '5 Rohini, Delhi',
        caseNumber: c.caseNumber,
        detail: 'Son held for theft',
        caseType: 'Criminal Defense Lawyer',
        facts: {
          prisonerName: c.prisoner,
          prisonerRelation: 'son',
          prison: 'Tihar Jail No. 4',
          custodySince: firstOfMonth(-24),
          court: 'Saket District Court',
          cnr: 'DLST010012342024',
          offences: [{ code: 'theft' }],
          firstOffence: true,
          chargesheetFiledOn: firstOfMonth(-23),
        },
      },
    }),
  );
  const reg = (await ok(await family.get('/api/family/registration'))) as { cases: { id: string }[] };
  c.caseId = reg.cases[0]!.id;
  await acceptedLawyer(family, lawyer, { name: c.lawyerName, email: c.lawyerEmail });
  await family.dispose();
  await lawyer.dispose();
  return c;
}
