// Free legal aid and the UTRC list on the DLSA's desk (docs/decisions/0056-legal-aid-applications-and-the-utrc-list.md):
// a family applies from its case page for the person in custody; the DLSA of the prison's district
// accepts, assigning a verified lawyer of the district; the family then sees that lawyer; the DLSA opens
// the Undertrial Review Committee list, where the prisoner (eligible under S.479) is listed, and another
// family's prisoner held a week for a bailable offence (S.478), and its print view. Axe on every screen, each at 360 px.
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  barEnrolment,
  DEMO_PASSWORD,
  expectAccessible,
  expectNoHorizontalScroll,
  ok,
  passSecondFactorViaApi,
  PASSWORD,
  signInViaApi,
  signUpAndConfirm,
  uniqueEmail,
  verifyLawyerViaApi,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const DISTRICT = 'Bahraich';

test.describe.configure({ timeout: 240_000 });

const indianToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const monthsBefore = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 10);
};

async function phone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  return context.newPage();
}

test('a family applies for legal aid, the DLSA assigns a lawyer the family then sees, and prints the UTRC list', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const prisonerName = `Mohan Lal ${tag}`;
  const lawyerName = `Adv. Kiran ${tag}`;
  const caseNumber = `FIR-AID-${tag}`;
  const today = indianToday();

  // The administrator adds the prison and issues the district's DLSA code.
  const admin = await playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: SAME_ORIGIN });
  const signIn = await admin.post('/api/auth/signin', {
    data: { role: 'State-Administrator', email: 'admin.demo@gmail.com', password: DEMO_PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await passSecondFactorViaApi(admin, 'admin.demo@gmail.com');
  const prisonName = `District Jail ${DISTRICT} ${tag}`;
  const prison = (await ok(
    await admin.post('/api/prisons', {
      data: {
        name: prisonName,
        state: 'UP',
        district: DISTRICT,
        type: 'district',
        dlsaName: `DLSA ${DISTRICT}`,
        dlsaPhone: '05252-232001',
        dlsaEmail: 'dlsa.bahraich@example.org',
      },
    }),
  )) as { id: string };
  const dlsaCode = ((await ok(await admin.post('/api/dlsa-codes', { data: { state: 'UP', district: DISTRICT } }))) as { code: string })
    .code;
  await admin.dispose();

  // A lawyer of the district, registered and verified.
  const lawyerApi = await playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: SAME_ORIGIN });
  const lawyerEmail = uniqueEmail('aidlawyer');
  await signUpAndConfirm(lawyerApi, { role: 'Lawyer', name: lawyerName, email: lawyerEmail, password: PASSWORD });
  await ok(
    await lawyerApi.put('/api/lawyers/registration', {
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
  const lawyerId = ((await ok(await lawyerApi.get('/api/auth/session'))) as { user: { id: string } }).user.id;
  await verifyLawyerViaApi(lawyerId);
  await lawyerApi.dispose();

  // The family registers the prisoner in that prison: 20 months held for theft (3 years), so eligible under S.479.
  const family = await phone(browser, baseURL!);
  const familyEmail = uniqueEmail('aidfamily');
  await signUpAndConfirm(family.request, { role: 'Family-Member', name: `Savitri ${tag}`, email: familyEmail, password: PASSWORD });
  const registered = await family.request.put('/api/family/registration', {
    data: {
      prisonerConsent: 'visit',
      phone: '9415222333',
      address: 'Village Nanpara, Bahraich',
      caseNumber,
      detail: 'Husband held for theft',
      caseType: 'Criminal Defense Lawyer',
      facts: {
        prisonerName,
        prisonerRelation: 'husband',
        custodySince: monthsBefore(today, 20),
        offences: [{ code: 'theft' }],
        chargesheetFiledOn: monthsBefore(today, 19),
      },
      prisonId: prison.id,
    },
    headers: SAME_ORIGIN,
  });
  expect(registered.status(), await registered.text()).toBe(200);

  // Another family's prisoner in the same prison: held 10 days for voluntarily causing hurt, a bailable
  // offence, so S.478's group on the UTRC list (docs/law.md#bailable-offences).
  const hurtName = `Ramu Yadav ${tag}`;
  const other = await playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: SAME_ORIGIN });
  await signUpAndConfirm(other, { role: 'Family-Member', name: `Geeta ${tag}`, email: uniqueEmail('aidbailable'), password: PASSWORD });
  await ok(
    await other.put('/api/family/registration', {
      data: {
        prisonerConsent: 'visit',
        phone: '9415222444',
        address: 'Village Kaiserganj, Bahraich',
        caseNumber: `FIR-HURT-${tag}`,
        detail: 'Son held after a fight',
        caseType: 'Criminal Defense Lawyer',
        facts: {
          prisonerName: hurtName,
          prisonerRelation: 'son',
          custodySince: new Date(Date.parse(`${today}T00:00:00Z`) - 10 * 86_400_000).toISOString().slice(0, 10),
          offences: [{ code: 'hurt' }],
        },
        prisonId: prison.id,
      },
    }),
  );
  await other.dispose();

  // No lawyer yet: the case page offers the application; the family sends it.
  await family.goto('/family-case');
  await family.getByTestId('apply-legal-aid').click();
  await expect(family.getByRole('heading', { level: 1, name: 'Free legal aid' })).toBeVisible();
  await expectAccessible(family, 'family: apply for legal aid');
  await expectNoHorizontalScroll(family);
  await family.getByLabel('What should the DLSA know?').fill('We cannot pay a lawyer. The next date is in two weeks.');
  await family.getByRole('button', { name: 'Send the application to the DLSA' }).click();
  const mine = family.getByRole('list', { name: 'Your applications' }).getByRole('listitem');
  await expect(mine.first()).toContainText(prisonerName);
  await expect(mine.first()).toContainText('Waiting for the DLSA');
  await expect(mine.first()).toContainText('The DLSA should decide by');
  await expectAccessible(family, 'family: application sent');
  await expectNoHorizontalScroll(family);

  // The district's DLSA: the application in its inbox; it assigns the lawyer.
  const dlsa = await phone(browser, baseURL!);
  await signUpAndConfirm(dlsa.request, {
    role: 'DLSA',
    name: `DLSA ${DISTRICT}`,
    email: uniqueEmail('aiddlsa'),
    password: PASSWORD,
    registrationCode: dlsaCode,
  });
  await dlsa.goto('/dlsa/legal-aid');
  await expect(dlsa.getByRole('heading', { level: 1, name: 'Legal-aid applications' })).toBeVisible();
  const item = dlsa.getByRole('listitem').filter({ has: dlsa.getByRole('heading', { name: prisonerName }) });
  await expect(item).toContainText('We cannot pay a lawyer.');
  await expect(item).toContainText(prisonName);
  await expectAccessible(dlsa, 'DLSA: legal-aid inbox');
  await expectNoHorizontalScroll(dlsa);
  await item.getByLabel('Lawyer to assign').selectOption({ label: lawyerName });
  await item.getByRole('button', { name: 'Accept and assign the lawyer' }).click();
  await expect(dlsa.getByRole('heading', { name: prisonerName })).toHaveCount(0);

  // The family sees the lawyer on its application and on its case page.
  await family.reload();
  await expect(mine.first()).toContainText('Accepted: lawyer assigned');
  await expect(mine.first()).toContainText(`Your free lawyer: ${lawyerName}`);
  await expectAccessible(family, 'family: lawyer assigned');
  await family.goto('/family-case');
  await expect(family.getByText(lawyerName).first()).toBeVisible();

  // The lawyer has the family among their clients, marked as legal aid.
  const lawyer = await phone(browser, baseURL!);
  await signInViaApi(lawyer, 'Lawyer', lawyerEmail);
  await lawyer.goto('/lawyer-cases');
  const client = lawyer.getByRole('region', { name: `Savitri ${tag}` });
  await expect(client.getByText('Free legal aid: assigned by the DLSA')).toBeVisible();
  await expectAccessible(lawyer, 'lawyer: legal-aid client');
  await expectNoHorizontalScroll(lawyer);

  // The DLSA's UTRC list: the prisoner under "Eligible under Section 479 now"; then its print view.
  await dlsa.goto('/dlsa/utrc');
  await expect(dlsa.getByRole('heading', { level: 1, name: 'Undertrial Review Committee list' })).toBeVisible();
  const eligible = dlsa.getByTestId('utrc-eligible-now');
  await expect(eligible).toContainText(prisonerName);
  await expect(eligible).toContainText(`case ${caseNumber}`);
  const bailable = dlsa.getByTestId('utrc-bailable-week');
  await expect(bailable).toContainText(hurtName);
  await expect(bailable).toContainText('for a bailable offence (S.478 BNSS)');
  await expect(bailable).not.toContainText(prisonerName);
  await expectAccessible(dlsa, 'DLSA: UTRC list');
  await expectNoHorizontalScroll(dlsa);
  await dlsa.getByTestId('utrc-print-view').click();
  const doc = dlsa.getByTestId('utrc-document');
  await expect(
    doc.getByRole('heading', { name: `Undertrial Review Committee, district ${DISTRICT}: undertrials for review` }),
  ).toBeVisible();
  await expect(doc).toContainText('Date: ');
  const row = doc.getByRole('row').filter({ hasText: prisonerName });
  await expect(row).toContainText(prisonName);
  await expect(row).toContainText(caseNumber);
  await expect(row).toContainText('(S.479 BNSS)');
  await expectAccessible(dlsa, 'DLSA: UTRC print view');
  await expectNoHorizontalScroll(dlsa);
  await dlsa.emulateMedia({ media: 'print' });
  await expect(doc).toBeVisible();
  await dlsa.screenshot({ path: test.info().outputPath('utrc-print.png'), fullPage: true });
});
