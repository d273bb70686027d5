// A Marathi, a Bengali and an Urdu family each go the whole way on a 360 px phone in their own language:
// registration on /fmform (the person in custody, the case, the family's contact), a lawyer request on
// /lawyerSearch and the case status on /family-case, every screen in the language's script, fitting
// the screen and passing axe. The labels are read from the app's own translations, so the test finds
// what the family reads. Screenshots of the case status are kept with the run's results.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, PASSWORD, signUpViaApi, waitForMail, recordPrisonerConsent } from './helpers.ts';

test.use({ viewport: { width: 360, height: 640 } });

type Texts = Record<string, string>;
const texts = (lang: string, ns: string): Texts =>
  JSON.parse(fs.readFileSync(path.join('src/client/locales', lang, `${ns}.json`), 'utf8')) as Texts;
/** A translation's words before its first placeholder ("Requested, waiting for {{names}}" → "Requested, waiting for"). */
const lead = (text: string) => text.split('{{')[0]!.trim();

const LANGS = [
  { code: 'mr', name: 'मराठी', script: /[\u0900-\u097F]/, member: 'सुनीता पाटील', prisoner: 'रमेश पाटील', dir: 'ltr' },
  { code: 'bn', name: 'বাংলা', script: /[\u0980-\u09FF]/, member: 'মিনতি দাস', prisoner: 'রতন দাস', dir: 'ltr' },
  { code: 'ur', name: 'اردو', script: /[\u0600-\u06FF]/, member: 'نسرین خان', prisoner: 'عمران خان', dir: 'rtl' },
] as const;

async function checkScreen(page: Page, code: string, script: RegExp, label: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(script);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, `${label} (${code})`);
}

for (const { code, name, script, member, prisoner, dir } of LANGS) {
  test(`${code}: a family registers, requests a lawyer and follows the case in ${name} on a phone`, async ({ page }) => {
    const family = texts(code, 'family');
    const release = texts(code, 'release');
    const { email } = await signUpViaApi(page, 'Family-Member', member);
    await page.context().clearCookies();

    // The language is chosen on the sign-in screen, as a family does on its first visit.
    await page.goto('/');
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await page.locator('select').first().selectOption('Family-Member');
    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/fmform$|\/family-member$/);

    // Registration, one group a screen.
    await page.goto('/fmform');
    await checkScreen(page, code, script, '/fmform step 1');
    await page.getByLabel(release['facts.prisonerName']!).fill(prisoner);
    await page.getByLabel(release['facts.relation']!).selectOption('husband');
    await page.getByLabel(release['facts.prison']!, { exact: true }).fill('District Jail Sitapur');
    await page.getByRole('button', { name: family['steps.next'], exact: true }).click();

    await expect(page.getByLabel(family['caseAbout.label']!)).toBeVisible();
    await expectAccessible(page, `/fmform step 2 (${code})`);
    await page.getByLabel(family['caseAbout.label']!).selectOption('theft-cheating');
    await page.getByLabel(family['caseNumber.label']!).fill(`FIR-${code.toUpperCase()}-7/2026`);
    await page.getByLabel(family['detail.label']!).fill(`${prisoner}: IPC 379`);
    await page.getByRole('button', { name: family['steps.next'], exact: true }).click();

    await expect(page.getByLabel(family['phone.label']!)).toBeVisible();
    await expectAccessible(page, `/fmform step 3 (${code})`);
    await page.getByLabel(family['phone.label']!).fill('9876543210');
    await page.getByLabel(family['address.label']!).fill('12 Station Road, Sitapur');
    await recordPrisonerConsent(page);
    await page.getByRole('button', { name: family['form.submit'], exact: true }).click();
    await expect(page).toHaveURL(/\/family-member$/);
    await checkScreen(page, code, script, 'family home');

    // A lawyer for the case's kind (a criminal defence lawyer of the demo, verified), requested in the language.
    await page.goto('/lawyerSearch');
    await checkScreen(page, code, script, '/lawyerSearch');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: family['search.request'], exact: true }) })
      .first();
    // The card is named by its heading, the lawyer's name.
    const nameId = await card.getAttribute('aria-labelledby');
    const lawyerName = (await page.locator(`[id="${nameId}"]`).textContent())?.trim();
    expect(lawyerName).toBeTruthy();
    // That lawyer's card, by name (the first card with a request button is another one once this is requested).
    const chosen = page.getByRole('article', { name: lawyerName, exact: true });
    await chosen.getByRole('button', { name: family['search.request'], exact: true }).click();
    await expect(chosen.getByRole('button', { name: family['search.request'], exact: true })).toHaveCount(0);
    if (lawyerName?.includes('Priya Sharma')) await waitForMail('priya.sharma.demo@gmail.com', new RegExp(member));

    // The case status: the prisoner named first, the request waiting for that lawyer.
    await page.goto('/family-case');
    await checkScreen(page, code, script, '/family-case');
    const main = page.getByRole('main');
    await expect(main).toContainText(prisoner);
    await expect(main).toContainText(lead(family['cases.lawyerPending']!));
    await expect(main).toContainText(lawyerName!);
    await page.screenshot({ path: test.info().outputPath(`${code}-case-status.png`), fullPage: true });
  });
}
