// Who looked at my case (docs/decisions/0049-access-log.md): the family's lawyer opens the case; the
// family, on a 360 px phone, follows "Who looked at this case" from /family-case and reads the lawyer's
// name, role and what they opened; then in Hindi. The State-Administrator asks /access-log what the
// lawyer's account read and sees the prisoner. Axe and 360 px on each.
import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
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

test('the family sees which lawyer opened the case (English and Hindi), and the administrator what the lawyer read, at 360 px', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const familyEmail = uniqueEmail('accessfamily');
  const lawyerName = `Adv. Access ${tag}`;
  const lawyerEmail = uniqueEmail('accesslawyer');
  const api = () => playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: SAME_ORIGIN });
  const familyApi = await api();
  const lawyerApi = await api();
  await signUpAndConfirm(familyApi, { role: 'Family-Member', name: `Kamla Access ${tag}`, email: familyEmail, password: PASSWORD });
  await ok(
    await familyApi.put('/api/family/registration', {
      data: {
        prisonerConsent: 'visit',
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
  await acceptedLawyer(familyApi, lawyerApi, { name: lawyerName, email: lawyerEmail });
  // The lawyer opens the case.
  await ok(await lawyerApi.get(`/api/cases/${caseId}`));

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
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

    // The administrator's breach question, on a phone too.
    const admin = await adminContext.newPage();
    await signInViaApi(admin, 'State-Administrator', 'admin.demo@gmail.com', DEMO_PASSWORD);
    await admin.goto('/access-log');
    await expect(admin.getByRole('heading', { level: 1, name: 'Access log' })).toBeVisible();
    await admin.getByLabel(/^Account/).fill(lawyerEmail);
    await admin.getByRole('button', { name: 'Show' }).click();
    await expect(admin.getByText(`${lawyerName} · ${lawyerEmail} · lawyer`)).toBeVisible();
    const read = admin.getByRole('listitem').filter({ hasText: 'Opened: the case' });
    await expect(read).toContainText(`Prisoner: Ravi Access ${tag}`);
    await expectNoHorizontalScroll(admin);
    await expectAccessible(admin, '/access-log');
  } finally {
    await context.close();
    await adminContext.close();
    await familyApi.dispose();
    await lawyerApi.dispose();
  }
});
