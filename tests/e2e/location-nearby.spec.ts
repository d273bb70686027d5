// Issue 13 point 4: a family member gives the prison's state and district on /fmform; the lawyer search
// shows lawyers of that district first and says so; the jail's "Select NGO" groups NGOs by place.
// Demo data: Adv. Priya Sharma (Criminal Defense) is in West Delhi, Adv. Mohammed Iqbal in South Delhi;
// Aasra Rehabilitation Trust in South West Delhi, Nayi Disha in Mumbai.
import { expect, test } from '@playwright/test';
import { chooseCaseType, expectAccessible, expectNoHorizontalScroll, fmformNext, signUpViaApi, recordPrisonerConsent } from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

test('the prison district on /fmform puts nearby lawyers first, and the NGO picker groups by place', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const { name } = await signUpViaApi(page, 'Family-Member', `Kamla Near ${Date.now().toString(36)}`);
  await page.goto('/fmform');
  // A phone asks one group at a time: the prison's place comes with the person in custody.
  // The district list waits for a state, and a district of another state cannot be chosen.
  await expect(page.getByLabel(/^District/)).toBeDisabled();
  await page.getByLabel(/^State or union territory/).selectOption({ label: 'Uttar Pradesh' });
  await expect(page.getByLabel(/^District/).locator('option', { hasText: 'Sitapur' })).toBeAttached();
  await page.getByLabel(/^State or union territory/).selectOption({ label: 'Delhi' });
  await expect(page.getByLabel(/^District/)).toHaveValue('');
  await expect(page.getByLabel(/^District/).locator('option', { hasText: 'Sitapur' })).toHaveCount(0);
  await page.getByLabel(/^District/).selectOption('West Delhi');
  await fmformNext(page);
  await page.getByLabel(/^Case ID/).fill(`FIR-${Date.now().toString(36)}`);
  await page.getByLabel(/^Case details/).fill('Brother held at Tihar under IPC 379.');
  await chooseCaseType(page, 'Criminal Defense Lawyer');
  await fmformNext(page);
  await page.getByLabel(/^Phone number/).fill('9876543210');
  await page.getByLabel(/^Address/).fill('14 Gandhi Nagar, Delhi 110031');
  await expectAccessible(page, '/fmform with location');
  await recordPrisonerConsent(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/family-member$/);

  // Saved: the form shows it again.
  await page.goto('/fmform');
  await expect(page.getByLabel(/^State or union territory/)).toHaveValue('DL');
  await expect(page.getByLabel(/^District/)).toHaveValue('West Delhi');

  // Lawyer search: the West Delhi lawyer first, labelled; the sentence says how the list is ordered.
  await page.goto('/lawyerSearch');
  await expect(page.getByText('Shown first: West Delhi, then the rest of Delhi, then other places.')).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toContainText('Adv. Priya Sharma');
  await expect(cards.first()).toContainText('Same district: West Delhi');
  await expect(page.getByRole('article', { name: 'Adv. Mohammed Iqbal' })).toContainText('Same state: Delhi');
  await expectAccessible(page, '/lawyerSearch nearby');
  await expectNoHorizontalScroll(page);

  // Hindi: the labels are translated and the state is named in Devanagari.
  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('article', { name: 'Adv. Mohammed Iqbal' })).toContainText('उसी राज्य में: दिल्ली');

  // The jail authority's "Select NGO" for this member: grouped by place.
  const jailContext = await browser.newContext({ baseURL });
  const jail = await jailContext.newPage();
  await signUpViaApi(jail, 'Jail-Authority');
  await jail.goto(`/dashboard?q=${encodeURIComponent(name)}`);
  const card = jail.getByRole('article', { name });
  const select = card.getByLabel(/^Select NGO/);
  await expect(select.locator('optgroup[label="Same state: Delhi"] option', { hasText: 'Aasra Rehabilitation Trust' })).toBeAttached();
  await expect(select.locator('optgroup[label="Other place"] option', { hasText: 'Nayi Disha Foundation' })).toBeAttached();
  const labels = await select.locator('optgroup').evaluateAll((gs) => gs.map((g) => g.getAttribute('label')));
  expect(labels.indexOf('Same state: Delhi')).toBeLessThan(labels.indexOf('Other place'));
  await expectAccessible(jail, '/dashboard NGO picker');
  await jailContext.close();

  // The server refuses a district of another state, whatever the page sends.
  const res = await page.request.put('/api/family/registration', {
    data: {
      prisonerConsent: 'visit',
      phone: '9876543210',
      address: 'x',
      caseNumber: 'FIR-1',
      detail: 'x',
      caseType: 'Criminal Defense Lawyer',
      state: 'UP',
      district: 'West Delhi',
    },
    headers: SAME_ORIGIN,
  });
  expect(res.status()).toBe(400);
});
