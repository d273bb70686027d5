// Who looked at my case (docs/decisions/0049-access-log.md): the family's lawyer opens the case and
// downloads nothing yet; the family, on a 360 px phone, follows "Who looked at this case" from
// /family-case and reads the lawyer's name, role and what they opened; then in Hindi. Axe on each.
import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  acceptedLawyer,
  expectAccessible,
  expectNoHorizontalScroll,
  ok,
  signInViaApi,
  signUpAndConfirm,
  uniqueEmail,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

test('the family sees which lawyer opened the case, in English and Hindi, at 360 px', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const familyEmail = uniqueEmail('accessfamily');
  const lawyerName = `Adv. Access ${tag}`;
  const api = () => playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: SAME_ORIGIN });
  const familyApi = await api();
  const lawyerApi = await api();
  await signUpAndConfirm(familyApi, { role: 'Family-Member', name: `Kamla Access ${tag}`, email: familyEmail, password: PASSWORD });
  await ok(
    await familyApi.put('/api/family/registration', {
      data: {
        phone: '9876501234',
        address: '5 Rohini, Delhi',
        caseNumber: `FIR-ACCESS-${tag}`,
        detail: 'Son held for theft',
        caseType: 'Criminal Defense Lawyer',
        facts: { prisonerName: `Ravi Access ${tag}`, prisonerRelation: 'son' },
      },
    }),
  );
  const caseId = ((await ok(await familyApi.get('/api/family/registration'))) as { cases: { id: string }[] }).cases[0]!.id;
  await acceptedLawyer(familyApi, lawyerApi, { name: lawyerName, email: uniqueEmail('accesslawyer') });
  // The lawyer opens the case.
  await ok(await lawyerApi.get(`/api/cases/${caseId}`));

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  try {
    await signInViaApi(page, 'Family-Member', familyEmail);
    await page.goto('/family-case');
    await page.getByRole('link', { name: 'Who looked at this case' }).click();
    await expect(page).toHaveURL(/\/case-access/);
    await expect(page.getByRole('heading', { level: 1, name: `Who looked at Ravi Access ${tag}'s case` })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: lawyerName });
    await expect(row).toContainText(`${lawyerName} (lawyer)`);
    await expect(row).toContainText('Opened: the case');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, '/case-access');

    // The same screen in Hindi.
    await page.evaluate(() => localStorage.setItem('rihaai.language', 'hi'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Ravi Access ${tag} का मामला किसने देखा` })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: lawyerName })).toContainText(`${lawyerName} (वकील)`);
    await expect(page.getByRole('listitem').filter({ hasText: lawyerName })).toContainText('खोला: मामला');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, '/case-access in Hindi');
  } finally {
    await context.close();
    await familyApi.dispose();
    await lawyerApi.dispose();
  }
});
