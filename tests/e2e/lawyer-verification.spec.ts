// Lawyers verified before families see them (docs/decisions/0048-lawyers-verified-before-families-see-them.md):
// a lawyer gives the Bar Council enrolment on /lawyerform and their home says it awaits verification; a
// family of the same case type and district does not find them; the State-Administrator verifies them on
// /lawyer-verification (at 360 px); the family then finds them, marked Verified, and the lawyer's home
// says so. Axe on /lawyer-verification and the lawyer's home. Its own case type (no demo lawyer and no
// other spec uses it), so the family's list is this spec's lawyers only.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, expectNoHorizontalScroll, signInViaApi, signUpViaApi } from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const TYPE = 'Technology/Tech Lawyer';
const MYSURU = { state: 'KA', district: 'Mysuru' };

/** The card of `name` on /lawyer-verification, asking for the next page until it is shown (oldest first). */
async function awaitingCard(page: Page, name: string): Promise<Locator> {
  const card = page.getByRole('article', { name });
  const more = page.getByRole('button', { name: 'Show more' });
  await expect(page.getByRole('article').first()).toBeVisible();
  while (!(await card.isVisible()) && (await more.isVisible())) {
    const count = await page.getByRole('article').count();
    await more.click();
    await expect(page.getByRole('article')).not.toHaveCount(count);
  }
  await expect(card).toBeVisible();
  return card;
}

test('a lawyer is found by families only once an official verifies the Bar Council enrolment', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const lawyerName = `Adv. Verify ${tag}`;
  const enrolment = `KAR/${1000 + Math.floor(Math.random() * 9000)}/2016`;

  // The lawyer fills /lawyerform with the enrolment; their home says it awaits verification.
  await signUpViaApi(page, 'Lawyer', lawyerName);
  await page.goto('/lawyerform');
  await expect(page.getByRole('heading', { level: 1, name: 'Lawyer Registration' })).toBeVisible();
  await page.getByLabel(/^Phone number/).fill('98450 12345');
  await page.getByLabel(/^Address/).fill('Chamber 3, District Court Complex, Mysuru 570001');
  await page.getByLabel(/^Lawyer type/).selectOption(TYPE);
  await page.getByLabel(/^Court area/).fill('Mysuru District Court');
  await page.getByLabel(/^State or union territory/).selectOption(MYSURU.state);
  await page.getByLabel(/^District/).selectOption(MYSURU.district);
  await page.getByLabel(/^Bar Council enrolment number/).fill(enrolment);
  await page.getByLabel(/^State Bar Council/).selectOption('KA');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/lawyer$/);
  const notice = page.getByRole('status').filter({ hasText: 'Awaiting verification' });
  await expect(notice).toContainText('Your Bar Council enrolment is awaiting verification. Families will find you once it is verified.');
  await expectAccessible(page, '/lawyer awaiting verification');

  // A family of the same case type and district does not find the lawyer yet.
  const familyContext = await browser.newContext({ baseURL });
  const family = await familyContext.newPage();
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
  const admin = await adminContext.newPage();
  try {
    await signUpViaApi(family, 'Family-Member', `Geeta Verify ${tag}`);
    const reg = await family.request.put('/api/family/registration', {
      data: {
        prisonerConsent: 'visit',
        phone: '9876543210',
        address: '12 Sayyaji Rao Road, Mysuru',
        caseNumber: `FIR-${tag}`,
        detail: 'Son held at Mysuru Central Prison over a data theft complaint.',
        caseType: TYPE,
        ...MYSURU,
      },
      headers: SAME_ORIGIN,
    });
    expect(reg.status(), await reg.text()).toBe(200);
    await family.goto('/lawyerSearch');
    await expect(family.getByText('Lawyers for your case type: Technology/Tech Lawyer')).toBeVisible();
    await expect(family.getByRole('button', { name: 'Refresh Lawyers' })).toBeEnabled();
    await expect(family.getByRole('article', { name: lawyerName })).toHaveCount(0);

    // The administrator verifies the enrolment on /lawyer-verification, on a phone.
    await signInViaApi(admin, 'State-Administrator', 'admin.demo@gmail.com', DEMO_PASSWORD);
    await admin.goto('/lawyer-verification');
    await expect(admin.getByRole('heading', { level: 1, name: 'Lawyer verification' })).toBeVisible();
    const card = await awaitingCard(admin, lawyerName);
    await expect(card).toContainText(`Enrolment: ${enrolment} · Karnataka`);
    await expect(card).toContainText('Court district: Mysuru, Karnataka');
    await expectAccessible(admin, '/lawyer-verification');
    await expectNoHorizontalScroll(admin);
    await card.getByRole('button', { name: 'Verify' }).click();
    await expect(admin.getByText(`${lawyerName} is verified.`)).toBeVisible();
    await expect(admin.getByRole('article', { name: lawyerName })).toHaveCount(0);
    await expectNoHorizontalScroll(admin);

    // The family now finds the lawyer first, marked Verified.
    await family.getByRole('button', { name: 'Refresh Lawyers' }).click();
    const found = family.getByRole('article', { name: lawyerName });
    await expect(found).toBeVisible();
    await expect(found).toContainText('Verified');
    await expect(found).toContainText('Same district: Mysuru');
    await expect(found.getByRole('button', { name: 'Request Lawyer' })).toBeVisible();

    // The lawyer's home says families can find them.
    await page.reload();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your Bar Council enrolment is verified: families can find you.' }),
    ).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expectAccessible(page, '/lawyer verified');
  } finally {
    await familyContext.close();
    await adminContext.close();
  }
});
