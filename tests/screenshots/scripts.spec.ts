// docs/screenshots/: families who read Hindi, Marathi, Bengali, Urdu and Tamil, whose relative is held
// in District Jail Sitapur (demo data), follow the case on a 360 px phone in their own script, and the
// jail's English desktop (1280 × 1024, a common jail PC) shows the names they typed, drawn in the app's
// Noto fonts: the machine has no Indian font of its own. Run with `npm run screenshots`;
// docs/screenshots/README.md says what each picture shows.
import path from 'node:path';
import { expect, test, type Browser, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { acceptedLawyer, firstOfMonth, ok, PASSWORD, signUpAndConfirm, signUpViaApi, uniqueEmail } from '../e2e/helpers.ts';

const OUT = path.resolve('docs/screenshots');
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const PHONE = { width: 360, height: 740 };

const FAMILIES = [
  { lang: 'hi', member: 'सुनीता देवी', prisoner: 'रमेश कुमार' },
  { lang: 'mr', member: 'सुनीता पाटील', prisoner: 'गणेश पाटील' },
  { lang: 'bn', member: 'মিনতি দাস', prisoner: 'রতন দাস' },
  { lang: 'ur', member: 'نسرین خان', prisoner: 'عمران خان' },
  { lang: 'ta', member: 'லட்சுமி முருகன்', prisoner: 'செல்வம் முருகன்' },
] as const;

/** Held since the first of the month two years ago for theft, first offence: one third served, eligible under S.479; a lawyer accepted. */
async function registerFamily(
  browser: Browser,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  f: (typeof FAMILIES)[number],
  n: number,
) {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('rihaai.language', l), f.lang);
  await signUpAndConfirm(page.request, { role: 'Family-Member', name: f.member, email: uniqueEmail(`shot${f.lang}`), password: PASSWORD });
  const { prisons } = (await ok(await page.request.get('/api/prison-choices?state=UP&district=Sitapur'))) as { prisons: { id: string }[] };
  await ok(
    await page.request.put('/api/family/registration', {
      headers: SAME_ORIGIN,
      data: {
        prisonerConsent: 'visit',
        phone: '9876501234',
        address: '5 Station Road',
        caseNumber: `FIR-${110 + n}/2024`,
        detail: 'Held for theft',
        caseType: 'Criminal Defense Lawyer',
        state: 'UP',
        district: 'Sitapur',
        prisonId: prisons[0]!.id,
        facts: {
          prisonerName: f.prisoner,
          prisonerRelation: 'son',
          custodySince: firstOfMonth(-24),
          court: 'District and Sessions Court',
          offences: [{ code: 'theft' }],
          firstOffence: true,
          chargesheetFiledOn: firstOfMonth(-23),
        },
      },
    }),
  );
  const lawyer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN });
  await acceptedLawyer(page.request, lawyer, { name: `Adv. Meera Iyer ${n}`, email: uniqueEmail('shotlawyer') });
  await lawyer.dispose();
  return { context, page };
}

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
}

test('family case status in five languages on a phone, and the jail’s English desktop with their names', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  for (const [n, f] of FAMILIES.entries()) {
    const { context, page } = await registerFamily(browser, playwright, baseURL!, f, n);
    await page.goto('/family-case');
    await expect(page.locator('html')).toHaveAttribute('lang', f.lang);
    await expect(page.getByTestId('family-status')).toHaveAttribute('data-status', 's479-eligible');
    await expect(page.getByRole('main')).toContainText(f.prisoner);
    await settle(page);
    await page.screenshot({ path: path.join(OUT, `family-case-${f.lang}-phone.png`) });
    await context.close();
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 1024 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await signUpViaApi(page, 'Jail-Authority', 'Superintendent Rao');
  await page.goto('/dashboard?q=FIR-11');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  for (const f of FAMILIES) await expect(page.getByText(f.member).first()).toBeVisible();
  await settle(page);
  // The list of family members at the top of the picture, below the fixed header.
  await page.evaluate(() => {
    const list = document.getElementById('jail-members')!;
    window.scrollTo(0, list.getBoundingClientRect().top + window.scrollY - 80);
  });
  await page.screenshot({ path: path.join(OUT, 'jail-dashboard-en-desktop.png') });

  // The prisoner search: the five by their case numbers (FIR-110/2024 …), each named in the script it was typed in.
  await page.goto('/find-prisoner');
  await page.getByLabel('Name, number or case').fill('FIR-11');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  for (const f of FAMILIES) await expect(page.getByText(f.prisoner).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(FAMILIES.length);
  await settle(page);
  await page.screenshot({ path: path.join(OUT, 'jail-find-prisoner-en-desktop.png') });
  await context.close();
});
