// docs/screenshots/bail-to-release/: the story from bail to release, one picture per step, as the browser
// tests walk it (tests/e2e/bail-sequence, bail-money-route, prisons and dlsa-legal-aid-utrc specs). In a
// new prison of Bahraich (UP) with its DLSA: a lawyer records a bail order dated 8 days back for a
// prisoner held 40 days for a bailable offence; on day 8 the family reads on a phone what is due and from
// whom, the fund route and the S.478 line; the jail's clerk opens the intimation to the DLSA; the DLSA's
// desk shows the clocks before and after it records "informed" and "recommended"; a second family, whose
// relative is held for an offence the fund leaves out (NDPS), is told why the fund cannot pay, applies for
// free legal aid, and the DLSA assigns a lawyer of the district; the UTRC list prints. Dates are relative
// to the day the pictures are made. Run with `npm run screenshots`; docs/screenshots/README.md says what
// each picture shows.
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import {
  acceptedLawyer,
  barEnrolment,
  DEMO_PASSWORD,
  ok,
  passSecondFactorViaApi,
  PASSWORD,
  signInViaApi,
  signUpAndConfirm,
  uniqueEmail,
  verifyLawyerViaApi,
} from '../e2e/helpers.ts';

const OUT = path.resolve('docs/screenshots/bail-to-release');
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 1024 };
const DISTRICT = 'Bahraich';
const PRISON = 'District Jail Bahraich';

const indianToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const daysBefore = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const monthsBefore = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 10);
};
const longDay = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

async function screen(browser: Browser, baseURL: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  // The papers print through the browser's dialog: none opens here.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  return page;
}

/** Fonts loaded, no request in flight, no transition running: the picture shows the settled screen. */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * The picture of the viewport (the page's header scrolls away): with `top`, that element at the top;
 * with `bottom`, scrolled only as far as needed to show that element whole above the bottom bar.
 */
async function shoot(page: Page, file: string, at: { top?: Locator; bottom?: Locator } = {}) {
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  if (at.top) await at.top.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 12));
  if (at.bottom) {
    await at.bottom.evaluate((el) =>
      window.scrollTo(0, Math.max(0, el.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 80)),
    );
  }
  await page.screenshot({ path: path.join(OUT, file) });
}

async function registerFamily(
  request: APIRequestContext,
  who: { member: string; email: string; phone: string; address: string },
  registration: { caseNumber: string; detail: string; prisonId: string; facts: Record<string, unknown> },
) {
  await signUpAndConfirm(request, { role: 'Family-Member', name: who.member, email: who.email, password: PASSWORD });
  const res = await request.put('/api/family/registration', {
    headers: SAME_ORIGIN,
    data: {
      prisonerConsent: 'visit',
      phone: who.phone,
      address: who.address,
      caseType: 'Criminal Defense Lawyer',
      ...registration,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await ok(await request.get('/api/family/registration'))) as { cases: { id: string }[] }).cases[0]!.id;
}

test('from bail to release: the lawyer, the family on day 8, the jail, the DLSA desk, the fund refused, legal aid and the UTRC list', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const today = indianToday();
  const orderedOn = daysBefore(today, 8);
  const api = () => playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: SAME_ORIGIN });

  // The administrator adds the prison, issues its jail code and the district's DLSA code.
  const admin = await api();
  const signIn = await admin.post('/api/auth/signin', {
    data: { role: 'State-Administrator', email: 'admin.demo@gmail.com', password: DEMO_PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await passSecondFactorViaApi(admin, 'admin.demo@gmail.com');
  const prison = (await ok(
    await admin.post('/api/prisons', {
      data: {
        name: PRISON,
        state: 'UP',
        district: DISTRICT,
        type: 'district',
        dlsaName: `DLSA ${DISTRICT}`,
        dlsaPhone: '05252-232001',
        dlsaEmail: 'dlsa.bahraich@example.org',
      },
    }),
  )) as { id: string };
  const jailCode = ((await ok(await admin.post(`/api/prisons/${prison.id}/code`))) as { code: string }).code;
  const dlsaCode = ((await ok(await admin.post('/api/dlsa-codes', { data: { state: 'UP', district: DISTRICT } }))) as { code: string })
    .code;
  await admin.dispose();

  // A legal-aid lawyer of the district, registered and verified.
  const aidLawyerName = 'Adv. Kiran Verma';
  const aidLawyer = await api();
  await signUpAndConfirm(aidLawyer, { role: 'Lawyer', name: aidLawyerName, email: uniqueEmail('shotaidlawyer'), password: PASSWORD });
  await ok(
    await aidLawyer.put('/api/lawyers/registration', {
      data: {
        phone: '9415000111',
        address: 'Civil Court, Bahraich',
        lawyerType: 'Criminal Defense Lawyer',
        courtArea: 'District Court Bahraich',
        state: 'UP',
        district: DISTRICT,
        ...barEnrolment('UP'),
      },
    }),
  );
  await verifyLawyerViaApi(((await ok(await aidLawyer.get('/api/auth/session'))) as { user: { id: string } }).user.id);
  await aidLawyer.dispose();

  // Kamla's son Ravi: 40 days held for voluntarily causing hurt (bailable; a case the fund covers); a lawyer accepted.
  const prisoner = 'Ravi Kumar';
  const caseNumber = 'FIR-214/2026';
  const familyEmail = uniqueEmail('shotkamla');
  const lawyerEmail = uniqueEmail('shotmeera');
  const familyApi = await api();
  const caseId = await registerFamily(
    familyApi,
    { member: 'Kamla Devi', email: familyEmail, phone: '9415222111', address: 'Village Nanpara, Bahraich' },
    {
      caseNumber,
      detail: 'Son held after a fight in the market',
      prisonId: prison.id,
      facts: { prisonerName: prisoner, prisonerRelation: 'son', custodySince: daysBefore(today, 40), offences: [{ code: 'hurt' }] },
    },
  );
  const lawyerApi = await api();
  await acceptedLawyer(familyApi, lawyerApi, { name: 'Adv. Meera Iyer', email: lawyerEmail });
  await familyApi.dispose();
  await lawyerApi.dispose();

  // 1. The lawyer fills in the court's bail order, dated 8 days back.
  const lawyer = await screen(browser, baseURL!, DESKTOP);
  await signInViaApi(lawyer, 'Lawyer', lawyerEmail);
  await lawyer.goto(`/cases/${caseId}/hearings`);
  const steps = lawyer.getByRole('region', { name: 'Bail: from the order to release' });
  const orderForm = steps.getByRole('form', { name: 'Record the bail order' });
  await orderForm.getByLabel(/^Date of the bail order/).fill(orderedOn);
  await orderForm.getByLabel(/^Court/).fill('District and Sessions Court, Bahraich');
  await orderForm.getByLabel(/^Bond amount/).fill('20000');
  await orderForm.getByLabel(/^Number of sureties/).fill('1');
  await orderForm.getByLabel(/^Amount of each surety/).fill('20000');
  await orderForm.getByLabel(/^Conditions/).fill('Report to Nanpara police station every Monday.');
  await shoot(lawyer, '01-lawyer-bail-order-form.png', { bottom: orderForm });
  await orderForm.getByRole('button', { name: 'Record the bail order' }).click();
  await expect(steps.getByText('Court: District and Sessions Court, Bahraich')).toBeVisible();
  await expect(steps.getByText(/^Next step: bonds and sureties to be furnished/)).toBeVisible();

  // 2–3. Day 8: Kamla's case page on her phone: S.478 and the fund; then what is due and from whom.
  const family = await screen(browser, baseURL!, PHONE);
  await signInViaApi(family, 'Family-Member', familyEmail);
  await family.goto('/family-case');
  const route = family.getByRole('region', { name: 'Money for the bail: who must act, and by when' });
  await expect(route.getByText(/a government fund for poor prisoners can pay it/)).toBeVisible();
  await expect(route.getByText(`by ${longDay(daysBefore(today, 1))}`)).toBeVisible();
  await expect(route.getByText('Late', { exact: true })).toBeVisible();
  await expect(route.getByText('The court is to release on a personal bond')).toBeVisible();
  await shoot(family, '02-family-day-8-personal-bond-and-fund-phone.png', { top: route });
  await shoot(family, '03-family-day-8-who-must-act-phone.png', { top: route.getByText(/^If your family cannot pay the bail/) });

  // 4. The jail's clerk: the intimation to the DLSA, due yesterday, ready to print.
  // A shorter screen for the paper: the picture stays small.
  const jail = await screen(browser, baseURL!, { width: 1280, height: 900 });
  await signUpAndConfirm(jail.request, {
    role: 'Jail-Authority',
    name: 'Clerk Bahraich',
    email: uniqueEmail('shotjail'),
    password: PASSWORD,
    registrationCode: jailCode,
  });
  await jail.goto(`/cases/${caseId}/hearings`);
  await expect(
    jail.getByText(
      `The jail is to tell the DLSA by ${longDay(daysBefore(today, 1))} (7 days after bail), if the prisoner is still inside.`,
    ),
  ).toBeVisible();
  await jail.getByRole('link', { name: 'Print the intimation to the DLSA' }).click();
  const intimation = jail.getByTestId('bail-paper');
  await expect(intimation).toContainText(
    `Subject: Intimation that undertrial prisoner ${prisoner}, granted bail, has not been released within 7 days`,
  );
  await expect(intimation).toContainText('विचाराधीन बंदी');
  await shoot(jail, '04-jail-intimation-to-dlsa.png');

  // Rukhsana's husband Salim: held 30 days under the NDPS Act (small quantity), an offence the fund leaves
  // out; no lawyer. She records the bail order, 8 days back, from the court's paper.
  const excluded = 'Salim Ansari';
  const excludedEmail = uniqueEmail('shotrukhsana');
  const excludedFamily = await screen(browser, baseURL!, PHONE);
  const excludedCaseId = await registerFamily(
    excludedFamily.request,
    { member: 'Rukhsana Ansari', email: excludedEmail, phone: '9415222333', address: 'Mohalla Qazipura, Bahraich' },
    {
      caseNumber: 'FIR-231/2026',
      detail: 'Husband held with a small quantity of ganja',
      prisonId: prison.id,
      facts: {
        prisonerName: excluded,
        prisonerRelation: 'husband',
        custodySince: daysBefore(today, 30),
        offences: [{ code: 'ndps-small' }],
      },
    },
  );
  await ok(
    await excludedFamily.request.post(`/api/cases/${excludedCaseId}/bail-steps`, {
      headers: SAME_ORIGIN,
      data: {
        step: 'order',
        on: orderedOn,
        court: 'Special Judge (NDPS), Bahraich',
        bondAmount: 30000,
        sureties: 2,
        suretyAmount: 30000,
        conditions: null,
      },
    }),
  );

  // Savitri's husband Mohan: 20 months held for theft (3 years), eligible under S.479: on the UTRC list.
  const eligibleApi = await api();
  await registerFamily(
    eligibleApi,
    { member: 'Savitri Devi', email: uniqueEmail('shotsavitri'), phone: '9415222444', address: 'Village Kaiserganj, Bahraich' },
    {
      caseNumber: 'FIR-118/2025',
      detail: 'Husband held for theft',
      prisonId: prison.id,
      facts: {
        prisonerName: 'Mohan Lal',
        prisonerRelation: 'husband',
        custodySince: monthsBefore(today, 20),
        offences: [{ code: 'theft' }],
        chargesheetFiledOn: monthsBefore(today, 19),
      },
    },
  );
  await eligibleApi.dispose();

  // 5. The DLSA's desk before: both bailed prisoners, late to be told.
  const dlsa = await screen(browser, baseURL!, DESKTOP);
  await signUpAndConfirm(dlsa.request, {
    role: 'DLSA',
    name: `DLSA ${DISTRICT}`,
    email: uniqueEmail('shotdlsa'),
    password: PASSWORD,
    registrationCode: dlsaCode,
  });
  await dlsa.goto('/dlsa');
  const desk = dlsa.getByRole('list', { name: 'Granted bail, still inside' });
  const card = desk.getByRole('listitem').filter({ has: dlsa.getByRole('heading', { name: prisoner }) });
  await expect(card).toContainText('The jail must inform the DLSA');
  await expect(card).toContainText('Late: informing the DLSA');
  await expect(desk.getByRole('heading', { name: excluded })).toBeVisible();
  await shoot(dlsa, '05-dlsa-desk-before.png', { bottom: desk });

  // 6. The DLSA records that it was told today, then its recommendation today: the clocks move on.
  await card.getByRole('button', { name: 'Record: the DLSA was informed' }).click();
  await expect(card).toContainText('The DLSA to recommend to the district committee');
  await card.getByRole('button', { name: 'Record: recommended to the committee' }).click();
  await expect(card).toContainText('The district committee to decide');
  await expect(card).toContainText('The district committee meets on');
  await expect(card).toContainText('Money released by');
  await expect(card).not.toContainText('Late:');
  const excludedCard = desk.getByRole('listitem').filter({ has: dlsa.getByRole('heading', { name: excluded }) });
  await excludedCard.getByRole('button', { name: 'Record: the DLSA was informed' }).click();
  await expect(excludedCard).toContainText('The fund does not cover this offence');
  await shoot(dlsa, '06-dlsa-desk-after-informed-recommended.png', { bottom: desk });

  // 7. Rukhsana's case page: the fund cannot pay for this offence, and why.
  await excludedFamily.goto('/family-case');
  const refused = excludedFamily.getByRole('region', { name: 'Money for the bail: who must act, and by when' });
  const why = refused.getByText(/^The government fund for poor prisoners does not pay in this case/);
  await expect(why).toBeVisible();
  await shoot(excludedFamily, '07-family-fund-refused-excluded-offence-phone.png', { top: why });

  // 8. No lawyer: she applies for free legal aid from the case page.
  await excludedFamily.getByTestId('apply-legal-aid').click();
  await expect(excludedFamily.getByRole('heading', { level: 1, name: 'Free legal aid' })).toBeVisible();
  await excludedFamily
    .getByLabel('What should the DLSA know?')
    .fill('We cannot pay a lawyer. The fund will not pay his bail; the conditions need to be made easier.');
  await excludedFamily.getByRole('button', { name: 'Send the application to the DLSA' }).click();
  const mine = excludedFamily.getByRole('list', { name: 'Your applications' }).getByRole('listitem');
  await expect(mine.first()).toContainText('Waiting for the DLSA');
  await expect(mine.first()).toContainText('The DLSA should decide by');
  await shoot(excludedFamily, '08-family-legal-aid-application-phone.png', { bottom: mine.first() });

  // 9. The DLSA's legal-aid inbox: the application, a lawyer of the district chosen.
  await dlsa.goto('/dlsa/legal-aid');
  const item = dlsa.getByRole('listitem').filter({ has: dlsa.getByRole('heading', { name: excluded }) });
  await expect(item).toContainText('We cannot pay a lawyer.');
  await item.getByLabel('Lawyer to assign').selectOption({ label: aidLawyerName });
  await shoot(dlsa, '09-dlsa-legal-aid-inbox.png');
  await item.getByRole('button', { name: 'Accept and assign the lawyer' }).click();
  await expect(dlsa.getByRole('heading', { name: excluded })).toHaveCount(0);

  // 10. Rukhsana sees the free lawyer on her application.
  await excludedFamily.reload();
  await expect(mine.first()).toContainText('Accepted: lawyer assigned');
  await expect(mine.first()).toContainText(`Your free lawyer: ${aidLawyerName}`);
  await shoot(excludedFamily, '10-family-legal-aid-lawyer-assigned-phone.png', { bottom: mine.first() });

  // 11. The UTRC list's print view for the quarterly meeting.
  await dlsa.goto('/dlsa/utrc');
  await expect(dlsa.getByTestId('utrc-eligible-now')).toContainText('Mohan Lal');
  await dlsa.getByTestId('utrc-print-view').click();
  const doc = dlsa.getByTestId('utrc-document');
  await expect(
    doc.getByRole('heading', { name: `Undertrial Review Committee, district ${DISTRICT}: undertrials for review` }),
  ).toBeVisible();
  await expect(doc.getByRole('row').filter({ hasText: prisoner }).first()).toBeVisible();
  await dlsa.emulateMedia({ media: 'print' });
  await shoot(dlsa, '11-dlsa-utrc-list-print.png');

  for (const page of [lawyer, family, jail, excludedFamily, dlsa]) await page.context().close();
});
