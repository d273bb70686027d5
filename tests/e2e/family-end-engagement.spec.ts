// A family member ends an accepted lawyer's engagement from Case Status, behind a confirmation that
// names the lawyer: the lawyer loses the case (their clients list, the case itself), is told in the
// app and by email, and the family member can request another lawyer.
import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  registerFamilyViaApi,
  registerLawyerViaApi,
  signUpViaApi,
  waitForMail,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const CASE_TYPE = 'International Law Attorney';

test('a family member ends a lawyer’s engagement, the lawyer loses the case, and another can be requested', async ({ page, browser }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const tag = Date.now().toString(36);
  const familyName = `Kamla End ${tag}`;
  const caseNumber = `FIR-END-${tag}`;
  const lawyerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const lawyerPage = await lawyerContext.newPage();
  const lawyerName = `Adv. Engaged ${tag}`;
  const lawyer = await signUpViaApi(lawyerPage, 'Lawyer', lawyerName);
  await registerLawyerViaApi(lawyerPage, CASE_TYPE);
  const lawyerId: string = (await (await lawyerPage.request.get('/api/auth/session')).json()).user.id;
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  const otherName = `Adv. Next ${tag}`;
  await signUpViaApi(otherPage, 'Lawyer', otherName);
  await registerLawyerViaApi(otherPage, CASE_TYPE);
  await other.close();

  // The family asks, the lawyer accepts: the member is the lawyer's client.
  await signUpViaApi(page, 'Family-Member', familyName);
  await registerFamilyViaApi(page, CASE_TYPE, caseNumber);
  const created = await page.request.post('/api/family/requests', { data: { lawyerId }, headers: SAME_ORIGIN });
  expect(created.status(), await created.text()).toBe(201);
  const { requests } = await (await lawyerPage.request.get('/api/lawyers/requests')).json();
  const accepted = await lawyerPage.request.post(`/api/lawyers/requests/${requests[0].id}/accept`, { headers: SAME_ORIGIN });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const caseId: string = (await (await page.request.get('/api/family/cases')).json()).cases[0].id;
  expect((await lawyerPage.request.get(`/api/cases/${caseId}`)).status()).toBe(200);
  await lawyerPage.goto('/lawyer-cases');
  await expect(lawyerPage.getByRole('heading', { name: familyName })).toBeVisible();

  await page.goto('/family-case');
  const caseCard = page.getByRole('region', { name: `Case ID: ${caseNumber}` });
  await expect(caseCard.getByText(`Accepted by ${lawyerName}`)).toBeVisible();
  const endButton = caseCard.getByRole('button', { name: `End this lawyer's engagement (${lawyerName})` });
  await expect(endButton).toHaveText(`End this lawyer's engagement (${lawyerName})`);
  await expectAccessible(page, 'case status with an engaged lawyer');

  // The confirmation names the lawyer; the safe choice comes first and has the focus. Cancelling changes nothing.
  await endButton.click();
  const dialog = page.getByRole('dialog', { name: `End the engagement of ${lawyerName}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`${lawyerName} will no longer be your lawyer`)).toBeVisible();
  const keep = dialog.getByRole('button', { name: 'Keep this lawyer' });
  await expect(keep).toBeFocused();
  const choices = await dialog.getByRole('button').allTextContents();
  expect(choices.filter((c) => c !== '')).toEqual(['Keep this lawyer', 'Yes, end the engagement']);
  await expectAccessible(page, 'end engagement confirmation');
  await keep.click();
  await expect(dialog).toHaveCount(0);
  await expect(caseCard.getByText(`Accepted by ${lawyerName}`)).toBeVisible();
  expect((await lawyerPage.request.get(`/api/cases/${caseId}`)).status()).toBe(200);

  await endButton.click();
  await dialog.getByRole('button', { name: 'Yes, end the engagement' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${lawyerName} is no longer your lawyer.` })).toBeVisible();
  await expect(
    caseCard.getByText(`You ended the engagement of ${lawyerName}. You can request another lawyer in Legal Services.`),
  ).toBeVisible();
  await expect(caseCard.getByText(`You ended the engagement of ${lawyerName}`, { exact: true })).toBeVisible();
  await expect(caseCard.getByRole('button', { name: /End this lawyer's engagement/ })).toHaveCount(0);
  await expectAccessible(page, 'case status after ending the engagement');
  await expectNoHorizontalScroll(page);

  // The lawyer no longer has the client or the case, and is told in the app and by email.
  await lawyerPage.reload();
  await expect(lawyerPage.getByText('No requested cases found')).toBeVisible();
  await expect(lawyerPage.getByRole('heading', { name: familyName })).toHaveCount(0);
  expect((await lawyerPage.request.get(`/api/cases/${caseId}`)).status()).toBe(404);
  const notices = await (await lawyerPage.request.get('/api/notifications')).json();
  expect(notices.items[0]).toMatchObject({ kind: 'engagement_ended', title: `${familyName} ended your engagement on their case` });
  await waitForMail(lawyer.email, /ended your engagement/);
  await lawyerContext.close();

  // The way on: the lawyer search, where another lawyer can be requested.
  await caseCard.getByRole('link', { name: 'Request another lawyer' }).click();
  await expect(page).toHaveURL(/\/lawyerSearch$/);
  await expect(page.getByRole('article', { name: lawyerName })).toBeVisible();
  const card = page.getByRole('article', { name: otherName });
  await card.getByRole('button', { name: 'Request Lawyer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Request sent to ${otherName}.` })).toBeVisible();
});
