// A relative joins a prisoner by invitation (docs/decisions/0050-relatives-join-by-invitation.md): the
// wife who registered her husband invites his brother from /family-case, the brother (signed up, no
// family record yet) types the code on /join, sees whom it is for and who sent it, joins and sees the
// prisoner's case; then he stops following and the case is gone from his screen. At 360 px, axe on each.
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, signUpViaApi } from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

test('relative A invites, relative B joins with the code, sees the prisoner, and leaves', async ({ page, browser }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const caseNumber = `FIR-${Date.now().toString(36)}/2026`;
  const inviter = `Geeta Devi ${Date.now().toString(36)}`;
  await signUpViaApi(page, 'Family-Member', inviter);
  const registered = await page.request.put('/api/family/registration', {
    data: {
      prisonerConsent: 'visit',
      phone: '9876543210',
      address: '14 Station Road, Sitapur',
      caseNumber,
      detail: 'Held under BNS 303.',
      caseType: 'Criminal Defense Lawyer',
      facts: { prisonerName: 'रमेश कुमार' },
    },
    headers: SAME_ORIGIN,
  });
  expect(registered.status(), await registered.text()).toBe(200);

  // A: the prisoner is named first, with A as the only follower (who may not leave yet).
  await page.goto('/family-case');
  const prisonerHeading = page.getByRole('heading', { level: 2, name: /^Prisoner: रमेश कुमार/ });
  await expect(prisonerHeading).toBeVisible();
  await expect(page.getByText(/You are the only relative following रमेश कुमार/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop following' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Invite a relative' }).click();
  const invitation = page.getByRole('region', { name: 'Invitation for a relative' });
  const code = (await invitation.getByTestId('invite-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  await expect(invitation).toContainText(`/join?code=${code}`);
  await expectAccessible(page, 'case status with an invitation');
  await expectNoHorizontalScroll(page);

  // B: signed up, no family record; types the code in lower case with a space, as read on the phone.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 360, height: 740 } });
  const b = await context.newPage();
  await signUpViaApi(b, 'Family-Member', 'Suresh Kumar');
  await b.goto('/join');
  await b.getByLabel('Invitation code').fill(code.toLowerCase().replace('-', ' '));
  await b.getByRole('button', { name: 'Check the code' }).click();
  await expect(b.getByText(`${inviter} invites you to follow रमेश कुमार`)).toBeVisible();
  await b.getByLabel(/How are you related to रमेश कुमार/).fill('Brother');
  await b.getByLabel('Phone number').fill('98765 43210');
  await b.getByLabel('Address').fill('2 Civil Lines, Sitapur');
  await expectAccessible(b, 'join with a code');
  await expectNoHorizontalScroll(b);
  await b.getByRole('button', { name: 'Join', exact: true }).click();

  // B sees the prisoner and A's case, marked as A's.
  await expect(b).toHaveURL(/\/family-case$/);
  await expect(b.getByRole('heading', { level: 2, name: /^Prisoner: रमेश कुमार/ })).toBeVisible();
  const caseCard = b.getByRole('region', { name: `Case ID: ${caseNumber}` });
  await expect(caseCard).toBeVisible();
  await expect(caseCard.getByText(`Registered by ${inviter}`)).toBeVisible();
  await expect(b.getByText(`Relatives following: ${inviter}, you`)).toBeVisible();
  await expectAccessible(b, 'case status of a joined relative');
  await expectNoHorizontalScroll(b);

  // A now sees B among the followers.
  await page.reload();
  await expect(page.getByText(`Relatives following: you, Suresh Kumar (Brother)`)).toBeVisible();

  // B leaves: behind a confirmation; the prisoner and the case are gone from B's screen.
  await b.getByRole('button', { name: 'Stop following' }).click();
  await expectAccessible(b, 'stop following confirmation');
  await b.getByRole('button', { name: 'Yes, stop following' }).click();
  await expect(b.getByText('You no longer follow रमेश कुमार', { exact: false }).first()).toBeVisible();
  await expect(b.getByRole('heading', { level: 2, name: /^Prisoner: रमेश कुमार/ })).toHaveCount(0);
  await expect(b.getByRole('region', { name: `Case ID: ${caseNumber}` })).toHaveCount(0);
  await expectAccessible(b, 'case status after leaving');

  // A keeps the prisoner and the case, alone again.
  await page.reload();
  await expect(page.getByRole('region', { name: `Case ID: ${caseNumber}` })).toBeVisible();
  await expect(page.getByText(/You are the only relative following रमेश कुमार/)).toBeVisible();
  await context.close();
});
