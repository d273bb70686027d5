// A family member withdraws a pending lawyer request from Case Status, behind a confirmation: the
// lawyer's pending list no longer shows it, the lawyer is told in the app, and the family member can
// request a lawyer again.
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, registerFamilyViaApi, registerLawyerViaApi, signUpViaApi } from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

test('a family member withdraws a pending request and can then request a lawyer again', async ({ page, browser }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const lawyerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const lawyerPage = await lawyerContext.newPage();
  const lawyerName = `Adv. Withdraw ${Date.now().toString(36)}`;
  await signUpViaApi(lawyerPage, 'Lawyer', lawyerName);
  await registerLawyerViaApi(lawyerPage, 'Environmental Lawyer');
  const me = await (await lawyerPage.request.get('/api/auth/session')).json();
  const lawyerId: string = me.user.id;

  await signUpViaApi(page, 'Family-Member', 'Kamla Devi');
  await registerFamilyViaApi(page, 'Environmental Lawyer', 'FIR-55/2026');
  const created = await page.request.post('/api/family/requests', { data: { lawyerId }, headers: SAME_ORIGIN });
  expect(created.status(), await created.text()).toBe(201);
  const pendingBefore = await (await lawyerPage.request.get('/api/lawyers/requests')).json();
  expect(pendingBefore.requests.map((r: { familyMember: { name: string } }) => r.familyMember.name)).toContain('Kamla Devi');

  await page.goto('/family-case');
  const caseCard = page.getByRole('region', { name: 'Case ID: FIR-55/2026' });
  await expect(caseCard.getByText(`Requested, waiting for ${lawyerName}`)).toBeVisible();
  const withdraw = caseCard.getByRole('button', { name: `Withdraw request (${lawyerName})` });
  // The lawyer is named in the button's text, not only for screen readers.
  await expect(withdraw).toHaveText(`Withdraw request (${lawyerName})`);

  // Cancelling the confirmation changes nothing.
  await withdraw.click();
  const dialog = page.getByRole('dialog', { name: `Withdraw your request to ${lawyerName}?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'withdraw confirmation');
  await dialog.getByRole('button', { name: 'Keep the request' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(caseCard.getByText(`Requested, waiting for ${lawyerName}`)).toBeVisible();

  await withdraw.click();
  await dialog.getByRole('button', { name: 'Yes, withdraw' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Your request to ${lawyerName} was withdrawn.` })).toBeVisible();
  await expect(caseCard.getByText('Request withdrawn. You can request another lawyer in Legal Services.')).toBeVisible();
  await expect(caseCard.getByText(`You withdrew the request to ${lawyerName}`)).toBeVisible();
  await expect(caseCard.getByRole('button', { name: /Withdraw request/ })).toHaveCount(0);
  await expectAccessible(page, 'case status after withdrawing');
  await expectNoHorizontalScroll(page);

  // The lawyer no longer has it pending, and is told in the app.
  await lawyerPage.goto('/pending-case');
  await expect(lawyerPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(lawyerPage.getByRole('heading', { name: 'Kamla Devi' })).toHaveCount(0);
  const notices = await (await lawyerPage.request.get('/api/notifications')).json();
  expect(notices.items[0]).toMatchObject({ kind: 'request_withdrawn', title: 'Kamla Devi withdrew their case request' });
  await lawyerContext.close();

  // The way on: the lawyer search shows the lawyer again.
  await caseCard.getByRole('link', { name: 'Request another lawyer' }).click();
  await expect(page).toHaveURL(/\/lawyerSearch$/);
  const card = page.getByRole('article', { name: lawyerName });
  await card.getByRole('button', { name: 'Request Lawyer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Request sent to ${lawyerName}.` })).toBeVisible();
});
