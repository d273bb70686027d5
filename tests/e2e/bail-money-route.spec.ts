// The money route after bail on each side's screen (src/shared/bail-money-route.ts): a lawyer records the
// bail order; on day 8 (the order dated 8 days back, not a moved clock) the family reads, in plain words,
// that the poor-prisoners fund can pay, which office is late and what comes next, that the court is to
// release on a personal bond (S.478: a bailable offence and over a week in custody), and prints its request
// to the DLSA secretary; the jail prints the intimation to the DLSA, which records the DLSA as told today;
// a month after the order the lawyer opens the drafted application to relax the bail conditions.
// Axe and 360 px on every screen.
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  acceptedLawyer,
  expectAccessible,
  expectNoHorizontalScroll,
  ok,
  PASSWORD,
  signInViaApi,
  signUpAndConfirm,
  signUpViaApi,
  uniqueEmail,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

test.describe.configure({ timeout: 240_000 });

const indianToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const daysBefore = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const dayIn = (locale: string) => (iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
/** As the screens write a day in English; the papers write it as Indian English does. */
const longDay = dayIn('en');
const paperDay = dayIn('en-IN');

async function phone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  // The papers print through the browser's dialog: count the calls instead.
  await page.addInitScript(() => {
    window.print = () => {
      (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
    };
  });
  return page;
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0);

test('day 8 after bail: the family sees who must act by when and prints its DLSA request; the jail prints the intimation; a month on, the lawyer’s draft', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const familyEmail = uniqueEmail('moneyfamily');
  const lawyerEmail = uniqueEmail('moneylawyer');
  const caseNumber = `FIR-FUND-${tag}`;
  const prisoner = `Ravi Fund ${tag}`;
  const today = indianToday();
  const api = () => playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: SAME_ORIGIN });
  const familyApi = await api();
  const lawyerApi = await api();
  await signUpAndConfirm(familyApi, { role: 'Family-Member', name: `Kamla Fund ${tag}`, email: familyEmail, password: PASSWORD });
  await ok(
    await familyApi.put('/api/family/registration', {
      data: {
        prisonerConsent: 'visit',
        phone: '9876501234',
        address: '5 Rohini, Delhi',
        caseNumber,
        detail: 'Son held after a fight',
        caseType: 'Criminal Defense Lawyer',
        // Voluntarily causing hurt: bailable, and a fund the scheme covers. In custody for 40 days.
        facts: { prisonerName: prisoner, prisonerRelation: 'son', custodySince: daysBefore(today, 40), offences: [{ code: 'hurt' }] },
      },
    }),
  );
  const caseId = ((await ok(await familyApi.get('/api/family/registration'))) as { cases: { id: string }[] }).cases[0]!.id;
  await acceptedLawyer(familyApi, lawyerApi, { name: `Adv. Fund ${tag}`, email: lawyerEmail });
  await familyApi.dispose();
  await lawyerApi.dispose();

  // The lawyer records the bail order, dated 8 days back.
  const orderedOn = daysBefore(today, 8);
  const lawyer = await phone(browser, baseURL!);
  await signInViaApi(lawyer, 'Lawyer', lawyerEmail);
  await lawyer.goto(`/cases/${caseId}/hearings`);
  const steps = lawyer.getByRole('region', { name: 'Bail: from the order to release' });
  const orderForm = steps.getByRole('form', { name: 'Record the bail order' });
  await orderForm.getByLabel(/^Date of the bail order/).fill(orderedOn);
  await orderForm.getByLabel(/^Court/).fill('Rohini District Court');
  await orderForm.getByLabel(/^Bond amount/).fill('20000');
  await orderForm.getByLabel(/^Number of sureties/).fill('1');
  await orderForm.getByLabel(/^Amount of each surety/).fill('20000');
  await orderForm.getByRole('button', { name: 'Record the bail order' }).click();
  await expect(steps.getByText('Court: Rohini District Court')).toBeVisible();
  // Not a month yet: the lawyer is told from when the court may relax the conditions, no draft yet.
  await expect(lawyer.getByText(/^If the bonds are not furnished, the court may relax the bail conditions from/)).toBeVisible();
  await expect(lawyer.getByRole('link', { name: 'Application to relax the bail conditions' })).toHaveCount(0);
  await expectAccessible(lawyer, 'lawyer: order recorded, a month to wait');
  await expectNoHorizontalScroll(lawyer);

  // Day 8: the family reads the money route on its case page, in one request for every case.
  const family = await phone(browser, baseURL!);
  await signInViaApi(family, 'Family-Member', familyEmail);
  const reads: string[] = [];
  family.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/cases/')) reads.push(r.url());
  });
  await family.goto('/family-case');
  const route = family.getByRole('region', { name: 'Money for the bail: who must act, and by when' });
  await expect(route).toBeVisible();
  await expect(route.getByText(/a government fund for poor prisoners can pay it/)).toBeVisible();
  await expect(route.getByText('The jail tells the DLSA')).toBeVisible();
  await expect(route.getByText(`by ${longDay(daysBefore(today, 1))}`)).toBeVisible();
  await expect(route.getByText('Late', { exact: true })).toBeVisible();
  await expect(route.getByText('The DLSA checks your means and sends the case to the district committee')).toBeVisible();
  await expect(route.getByText('after the step before it').first()).toBeVisible();
  // S.478: bailable, 40 days inside, no bond furnished.
  await expect(route.getByText('The court is to release on a personal bond')).toBeVisible();
  await expect(route.getByText(new RegExp(`${prisoner} has been inside for more than a week`))).toBeVisible();
  // The timeline came with the cases: no request per case.
  expect(reads).toEqual([]);
  await expectAccessible(family, 'family: money route on day 8');
  await expectNoHorizontalScroll(family);
  await family.screenshot({ path: test.info().outputPath('family-money-route.png'), fullPage: true });

  await route.getByRole('link', { name: 'Print a request to the DLSA secretary' }).click();
  await expect(family).toHaveURL(new RegExp(`/cases/${caseId}/paper/dlsa-request$`));
  const request = family.getByTestId('bail-paper');
  await expect(request).toContainText(`Subject: Request for help to furnish the bail bond of ${prisoner}`);
  await expect(request).toContainText(caseNumber);
  await expect(request).toContainText('Rohini District Court');
  await expect(request).toContainText(paperDay(orderedOn));
  await expect(request).toContainText('a bond of ₹20,000 with 1 surety/sureties of ₹20,000 each');
  await expect(request).toContainText('Section 478');
  await expect(request).toContainText(`Kamla Fund ${tag}, family of ${prisoner}`);
  // The court language's half (Hindi where the prison's state is not known).
  await expect(request).toContainText('ज़मानत बंधपत्र');
  await expectAccessible(family, 'family: request to the DLSA');
  await expectNoHorizontalScroll(family);
  await family.getByRole('button', { name: 'Print', exact: true }).click();
  await expect.poll(() => printed(family)).toBe(1);

  // The jail prints the intimation: the DLSA counts as told today.
  const jail = await phone(browser, baseURL!);
  await signUpViaApi(jail, 'Jail-Authority', `Supt. Fund ${tag}`);
  await jail.goto(`/cases/${caseId}/hearings`);
  await expect(
    jail.getByText(
      `The jail is to tell the DLSA by ${longDay(daysBefore(today, 1))} (7 days after bail), if the prisoner is still inside.`,
    ),
  ).toBeVisible();
  await expectAccessible(jail, 'jail: intimation due');
  await jail.getByRole('link', { name: 'Print the intimation to the DLSA' }).click();
  await expect(jail).toHaveURL(new RegExp(`/cases/${caseId}/paper/dlsa-intimation$`));
  const intimation = jail.getByTestId('bail-paper');
  await expect(intimation).toContainText(
    `Subject: Intimation that undertrial prisoner ${prisoner}, granted bail, has not been released within 7 days`,
  );
  await expect(intimation).toContainText('within 5 days');
  await expect(intimation).toContainText('विचाराधीन बंदी');
  await expectAccessible(jail, 'jail: intimation to the DLSA');
  await expectNoHorizontalScroll(jail);
  await jail.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(jail.getByText(`Recorded: the DLSA was told on ${longDay(today)}.`)).toBeVisible();
  await expect.poll(() => printed(jail)).toBe(1);

  // The family sees the jail's step done and the DLSA's 5 days.
  await family.goto('/family-case');
  await expect(route.getByText(`done on ${longDay(today)}`)).toBeVisible();
  await expect(route.getByText('Late', { exact: true })).toHaveCount(0);
  await expect(
    route.getByText(`by ${longDay(new Date(Date.parse(`${today}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10))}`),
  ).toBeVisible();
  await expectAccessible(family, 'family: the DLSA to recommend');

  // A month after the order (the jail corrects the order's day to 35 days back): the lawyer's draft.
  const jailFix = await jail.request.put(`/api/cases/${caseId}/bail`, {
    headers: SAME_ORIGIN,
    data: { bailGrantedOn: daysBefore(today, 35), releasedOn: null },
  });
  expect(jailFix.status(), await jailFix.text()).toBe(200);
  await lawyer.reload();
  await lawyer.getByRole('link', { name: 'Application to relax the bail conditions' }).click();
  await expect(lawyer).toHaveURL(new RegExp(`/cases/${caseId}/paper/relax-conditions$`));
  const draft = lawyer.getByTestId('bail-paper');
  await expect(draft).toContainText("Before the Hon'ble Court, Rohini District Court");
  await expect(draft).toContainText(`Subject: Application on behalf of ${prisoner} to relax the conditions of bail`);
  await expect(draft).toContainText('More than a month has passed');
  await expect(draft).toContainText('Section 478');
  await expect(draft).toContainText('ज़मानत की शर्तें शिथिल');
  await expectAccessible(lawyer, 'lawyer: application to relax the bail conditions');
  await expectNoHorizontalScroll(lawyer);
  await lawyer.getByRole('button', { name: 'Print', exact: true }).click();
  await expect.poll(() => printed(lawyer)).toBe(1);
  await lawyer.screenshot({ path: test.info().outputPath('lawyer-relax-conditions.png'), fullPage: true });
});
