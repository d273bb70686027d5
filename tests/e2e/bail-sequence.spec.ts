// Bail as one sequence on every side's screen (src/shared/bail-timeline.ts): the lawyer records the court's
// bail order with its details, the family marks the bond and sureties furnished, the jail does Bail-Accept
// and records the release; after each step every side's screen says what comes next and whose it is.
// Axe and 360 px on each side's screen.
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
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe.configure({ timeout: 240_000 });

const indianToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const daysBefore = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

async function phone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  return context.newPage();
}

test('lawyer records the bail order, the family the bonds, the jail Bail-Accept and release; each side sees the next step', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const familyEmail = uniqueEmail('bailfamily');
  const lawyerEmail = uniqueEmail('baillawyer');
  const caseNumber = `FIR-BAIL-${tag}`;
  const api = () => playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: SAME_ORIGIN });
  const familyApi = await api();
  const lawyerApi = await api();
  await signUpAndConfirm(familyApi, { role: 'Family-Member', name: `Kamla Bail ${tag}`, email: familyEmail, password: PASSWORD });
  await ok(
    await familyApi.put('/api/family/registration', {
      data: {
        prisonerConsent: 'visit',
        phone: '9876501234',
        address: '5 Rohini, Delhi',
        caseNumber,
        detail: 'Son held for theft',
        caseType: 'Criminal Defense Lawyer',
        facts: { prisonerName: `Ravi Bail ${tag}`, prisonerRelation: 'son' },
      },
    }),
  );
  const familyId = ((await ok(await familyApi.get('/api/auth/session'))) as { user: { id: string } }).user.id;
  const caseId = ((await ok(await familyApi.get('/api/family/registration'))) as { cases: { id: string }[] }).cases[0]!.id;
  await acceptedLawyer(familyApi, lawyerApi, { name: `Adv. Sequence ${tag}`, email: lawyerEmail });
  // The lawyer uploads the bail paper the jail will verify.
  await ok(
    await lawyerApi.post(`/api/lawyers/clients/${familyId}/documents`, {
      multipart: { file: { name: 'bail-order.pdf', mimeType: 'application/pdf', buffer: PDF } },
    }),
  );
  await familyApi.dispose();
  await lawyerApi.dispose();
  const today = indianToday();
  const orderedOn = daysBefore(today, 3);

  // The lawyer, on the case's hearings page: the order is next, theirs to record.
  const lawyer = await phone(browser, baseURL!);
  await signInViaApi(lawyer, 'Lawyer', lawyerEmail);
  await lawyer.goto(`/cases/${caseId}/hearings`);
  const lawyerSteps = lawyer.getByRole('region', { name: 'Bail: from the order to release' });
  await expect(lawyerSteps.getByText(/^Next step: record the bail order/)).toBeVisible();
  await expectAccessible(lawyer, 'lawyer: bail order next');
  const orderForm = lawyerSteps.getByRole('form', { name: 'Record the bail order' });
  await orderForm.getByLabel(/^Date of the bail order/).fill(orderedOn);
  await orderForm.getByLabel(/^Court/).fill('Saket District Court');
  await orderForm.getByLabel(/^Bond amount/).fill('25000');
  await orderForm.getByLabel(/^Number of sureties/).fill('2');
  await orderForm.getByLabel(/^Amount of each surety/).fill('25000');
  await orderForm.getByLabel(/^Conditions/).fill('Report to the police station every Monday.');
  await orderForm.getByRole('button', { name: 'Record the bail order' }).click();
  await expect(lawyerSteps.getByText('Court: Saket District Court')).toBeVisible();
  await expect(lawyerSteps.getByText(/^Sureties: 2, /)).toBeVisible();
  await expect(lawyerSteps.getByText('Conditions: Report to the police station every Monday.')).toBeVisible();
  await expect(lawyerSteps.getByText(/^Next step: bonds and sureties to be furnished/)).toBeVisible();
  // The bonds are the family's or the lawyer's to mark; the lawyer sees that form now.
  await expect(lawyerSteps.getByRole('form', { name: 'Mark bonds and sureties furnished' })).toBeVisible();
  await expectAccessible(lawyer, 'lawyer: bail order recorded');
  await expectNoHorizontalScroll(lawyer);

  // The family, on its case page: plain words, and the bonds are theirs to mark.
  const family = await phone(browser, baseURL!);
  await signInViaApi(family, 'Family-Member', familyEmail);
  await family.goto('/family-case');
  const familySteps = family.getByRole('region', { name: `Bail for case ${caseNumber}: from the order to release` });
  await expect(familySteps.getByText(/^Next: give the court the bond and the sureties it asked for/)).toBeVisible();
  await expect(familySteps.getByText('Court: Saket District Court')).toBeVisible();
  // The status sentence no longer asks the lawyer to apply: bail was granted.
  await expect(family.getByText(/got bail on/).first()).toBeVisible();
  await expect(family.getByText(/ask the lawyer to apply/)).toHaveCount(0);
  await expectAccessible(family, 'family: bonds next');
  await expectNoHorizontalScroll(family);
  const furnish = familySteps.getByRole('form', { name: 'Mark bonds and sureties furnished' });
  await expect(furnish.getByLabel(/^Date the bonds and sureties were furnished/)).toHaveValue(today);
  await furnish.getByRole('button', { name: 'Mark bonds and sureties furnished' }).click();
  await expect(familySteps.getByText(/^Next: the jail checks the bail paper/)).toBeVisible();
  await expect(familySteps.getByRole('form')).toHaveCount(0);
  await expectAccessible(family, 'family: jail to verify');

  // The jail: the paper is next; Bail-Accept; then the release is the jail's to record.
  const jail = await phone(browser, baseURL!);
  await signUpViaApi(jail, 'Jail-Authority');
  await jail.goto(`/cases/${caseId}/hearings`);
  const jailSteps = jail.getByRole('region', { name: 'Bail: from the order to release' });
  await expect(jailSteps.getByText('Next step: the jail to receive and verify the bail paper (Bail-Accept).')).toBeVisible();
  await expect(jailSteps.getByRole('form')).toHaveCount(0);
  await expect(jail.getByText('No bail order recorded.')).toHaveCount(0);
  await ok(await jail.request.post(`/api/jail/members/${familyId}/bail-accept`, { headers: SAME_ORIGIN }));
  await jail.reload();
  await expect(jailSteps.getByText('Next step: the jail to release the prisoner and record the date.')).toBeVisible();
  await expectAccessible(jail, 'jail: release next');
  await expectNoHorizontalScroll(jail);
  const release = jailSteps.getByRole('form', { name: 'Record the release' });
  await release.getByLabel(/^Date of release/).fill(today);
  await release.getByRole('button', { name: 'Record the release' }).click();
  await expect(jailSteps.getByText('Released: the bail sequence is complete.')).toBeVisible();

  // Every side now reads the same end.
  await lawyer.reload();
  await expect(lawyerSteps.getByText('Released: the bail sequence is complete.')).toBeVisible();
  await family.reload();
  await expect(familySteps.getByText('Released. Keep the bail order safe and go to every court date.')).toBeVisible();
  await expectAccessible(family, 'family: released');
  await expectNoHorizontalScroll(family);
});
