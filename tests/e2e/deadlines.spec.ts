// Deadlines: the accepted lawyer records a hearing; the family sees it as the next
// hearing at the top of the case status and in the bell (unread count, mark as read, link); the
// administrator keeps the prisons' DLSA addresses and the jail authority sees the deadline flags. Axe on each screen.
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectAccessible,
  expectNoHorizontalScroll,
  registerFamilyViaApi,
  registerLawyerViaApi,
  signInViaApi,
  signUpViaApi,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

function inDays(days: number) {
  const d = new Date(Date.now() + 330 * 60_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function userId(page: Page) {
  const res = await page.request.get('/api/auth/session');
  return ((await res.json()) as { user: { id: string } }).user.id;
}

const bell = (page: Page) => page.getByTestId('notification-bell');

// Long journeys with several axe scans: a generous bound for a loaded machine, not a speed check.
test.describe.configure({ timeout: 180_000 });

test('hearing recorded by the lawyer: next hearing on the case status, the bell, mark read and follow the link', async ({
  browser,
  baseURL,
}) => {
  const lawyerContext = await browser.newContext({ baseURL });
  const familyContext = await browser.newContext({ baseURL });
  const lawyerPage = await lawyerContext.newPage();
  const page = await familyContext.newPage();
  try {
    await signUpViaApi(lawyerPage, 'Lawyer', 'Adv. Meera Iyer');
    await registerLawyerViaApi(lawyerPage);
    const lawyerId = await userId(lawyerPage);

    await signUpViaApi(page, 'Family-Member', 'Asha Verma');
    const caseNumber = `FIR-${Math.floor(Math.random() * 9000) + 1000}/2025`;
    await registerFamilyViaApi(page, 'Criminal Defense Lawyer', caseNumber);
    const req = await page.request.post('/api/family/requests', { data: { lawyerId }, headers: SAME_ORIGIN });
    expect(req.status()).toBe(201);
    const { id: requestId } = (await req.json()) as { id: string };
    expect((await lawyerPage.request.post(`/api/lawyers/requests/${requestId}/accept`, { headers: SAME_ORIGIN })).status()).toBe(200);

    // The lawyer opens the case's hearings from Current Cases and records the next hearing.
    await lawyerPage.goto('/lawyer-cases');
    await lawyerPage.getByRole('link', { name: `Hearings and bail: ${caseNumber}` }).click();
    await expect(lawyerPage.getByRole('heading', { level: 1, name: `Hearings and bail: case ${caseNumber}` })).toBeVisible();
    await expectAccessible(lawyerPage, 'case hearings');
    const day = inDays(6);
    const form = lawyerPage.getByRole('form', { name: 'Add a hearing' });
    await form.getByRole('button', { name: 'Add hearing' }).click();
    await expect(form.getByText('Enter the court.')).toBeVisible();
    await form.getByLabel('Hearing date').fill(day);
    await form.getByLabel('Court').fill('Saket District Court, Room 4');
    await form.getByLabel('Purpose').fill('Bail arguments');
    await form.getByRole('button', { name: 'Add hearing' }).click();
    await expect(lawyerPage.getByTestId('hearing').filter({ hasText: 'Saket District Court, Room 4 — Bail arguments' })).toBeVisible();
    await expectAccessible(lawyerPage, 'case hearings with a hearing');

    // The family: the next hearing at the top of the case status.
    await page.goto('/family-case');
    const next = page.getByTestId('next-hearing');
    await expect(next).toContainText('Next hearing:');
    await expect(next).toContainText('Saket District Court, Room 4');
    await expect(next).toContainText(caseNumber);
    await expectAccessible(page, 'case status with next hearing');

    // The bell: two unread (the lawyer accepted; a hearing was recorded), newest first.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
    await expect(page.getByTestId('notification-count')).toHaveText('2');
    await bell(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const items = page.getByTestId('notification');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(`for case ${caseNumber}`);
    await expect(items.nth(1)).toContainText('Adv. Meera Iyer accepted your lawyer request');
    await expectAccessible(page, 'notifications');

    await items.nth(1).getByRole('button', { name: 'Mark as read' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(items.nth(1).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

    // Following a notification opens its screen and marks it read.
    await items.nth(0).getByRole('link', { name: 'Open' }).click();
    await expect(page).toHaveURL(/\/family-case$/);
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    await expect(page.getByTestId('notification-count')).toHaveCount(0);

    // At 360 px the bell and the next hearing still fit.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(page.getByTestId('next-hearing')).toBeVisible();
    await expect(bell(page)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, 'case status at 360 px');
  } finally {
    await lawyerContext.close();
    await familyContext.close();
  }
});

test('mark all as read; reminder emails can be turned off in the profile', async ({ page }) => {
  await signUpViaApi(page, 'Family-Member', 'Ravi Kumar');
  await registerFamilyViaApi(page);
  await page.goto('/notifications');
  await expect(page.getByText('No notifications yet.')).toBeVisible();
  await expectAccessible(page, 'notifications empty');

  await page.goto('/edit-profile');
  const toggle = page.getByRole('switch', { name: 'Send me reminders by email' });
  await expect(toggle).toBeChecked();
  // Turned off from the keyboard (the switch is a native checkbox: Space toggles it).
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('alert').filter({ hasText: 'Reminder emails are off.' })).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expectAccessible(page, 'edit profile with reminder setting');
  const prefs = await page.request.get('/api/notifications/preferences');
  expect(await prefs.json()).toEqual({ emailReminders: false });
});

test('jail authority: bail dates on a case in a prison on record, and the dashboard flags', async ({ page, browser, baseURL }) => {
  // A family member bailed 9 days ago with no release recorded.
  const familyContext = await browser.newContext({ baseURL });
  const family = await familyContext.newPage();
  await signUpViaApi(family, 'Family-Member', 'Gita Devi');
  const caseNumber = `FIR-${Math.floor(Math.random() * 9000) + 1000}/2025`;
  await registerFamilyViaApi(family, 'Criminal Defense Lawyer', caseNumber);
  const cases = (await (await family.request.get('/api/family/cases')).json()) as { cases: { id: string }[] };
  const caseId = cases.cases[0]!.id;
  await familyContext.close();

  // The administrator keeps the prisons (tests/e2e/prisons.spec.ts drives that screen).
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInViaApi(admin, 'State-Administrator', 'admin.demo@gmail.com', DEMO_PASSWORD);
  const prisonName = `Central Jail ${Math.floor(Math.random() * 9000) + 1000}`;
  const created = await admin.request.post('/api/prisons', {
    data: { name: prisonName, state: 'MH', district: 'Pune', type: 'central', dlsaEmail: 'dlsa.pune@example.org' },
    headers: SAME_ORIGIN,
  });
  expect(created.status(), await created.text()).toBe(201);
  await adminContext.close();

  await signUpViaApi(page, 'Jail-Authority', 'Supt. Rao');
  await page.goto(`/cases/${caseId}/hearings`);
  const bailForm = page.getByRole('region', { name: 'Bail and release' });
  await bailForm.getByLabel('Prison', { exact: true }).fill(prisonName);
  await bailForm.getByLabel('Bail granted on').fill(inDays(-9));
  await bailForm.getByRole('button', { name: 'Save bail dates' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bail dates saved.' })).toBeVisible();
  // The bail timeline (src/shared/bail-timeline.ts) follows: the order is done, the bonds come next.
  await expect(page.getByRole('region', { name: 'Bail: from the order to release' })).toContainText(
    'Next step: bonds and sureties to be furnished',
  );
  await expectAccessible(page, 'case bail dates');

  await page.goto('/dashboard');
  const flags = page.getByTestId('deadline-flags');
  await expect(flags.getByRole('heading', { name: 'Bailed, not released (7 days or more)' })).toBeVisible();
  await expect(flags.getByRole('link', { name: new RegExp(`Gita Devi, case ${caseNumber.replace('/', '\\/')}`) })).toBeVisible();
  await expectAccessible(page, 'dashboard with deadline flags');
});
