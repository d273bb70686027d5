// A family with two cases says which one (and so which prisoner) a lawyer request is for; the lawyer's
// pending request names that prisoner and case.
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, registerFamilyViaApi, registerLawyerViaApi, signUpViaApi } from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

test('a request names the case it is for, on a phone, for the family and the lawyer', async ({ page, browser }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const lawyerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const lawyerPage = await lawyerContext.newPage();
  await lawyerPage.setViewportSize({ width: 360, height: 740 });
  const lawyerName = `Adv. Which ${Date.now().toString(36)}`;
  await signUpViaApi(lawyerPage, 'Lawyer', lawyerName);
  await registerLawyerViaApi(lawyerPage, 'Environmental Lawyer');

  await signUpViaApi(page, 'Family-Member', 'Savitri Devi');
  await registerFamilyViaApi(page, 'Environmental Lawyer', 'FIR-61/2026');
  const second = await page.request.post('/api/family/cases', {
    data: {
      caseNumber: 'FIR-62/2026',
      detail: 'Son held for cutting trees.',
      caseType: 'Environmental Lawyer',
      facts: { prisonerName: 'Mohan Lal' },
      prisonerConsent: 'visit',
    },
    headers: SAME_ORIGIN,
  });
  expect(second.status(), await second.text()).toBe(201);

  await page.goto('/lawyerSearch');
  const which = page.getByRole('combobox', { name: 'Which case is this request for?' });
  await which.click();
  await page.getByRole('option', { name: 'Mohan Lal · FIR-62/2026' }).click();
  await expect(which).toHaveValue('Mohan Lal · FIR-62/2026');
  await expectAccessible(page, 'lawyer search with a case to choose');
  await expectNoHorizontalScroll(page);
  await page.getByRole('article', { name: lawyerName }).getByRole('button', { name: 'Request Lawyer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Request sent to ${lawyerName}.` })).toBeVisible();

  await lawyerPage.goto('/pending-case');
  const request = lawyerPage.getByRole('region', { name: 'Savitri Devi' });
  await expect(request.getByText('Asked about Mohan Lal, case FIR-62/2026')).toBeVisible();
  await expectAccessible(lawyerPage, 'pending request naming its case');
  await expectNoHorizontalScroll(lawyerPage);
  await lawyerContext.close();
});
