// The release tracker in the browser: the family enters the facts on a 360 px phone and
// sees the S.479 date and what to do (in English and Hindi); the accepted lawyer reads it in the
// professional wording and corrects a fact; the jail authority filters "eligible now", opens the S.479(3) application and
// prints it (recorded); once released the person leaves the filter and the family is told so.
import { expect, test } from '@playwright/test';
import {
  eligibleClient,
  expectAccessible,
  expectNoHorizontalScroll,
  firstOfMonth,
  ok,
  signInViaApi,
  signUpViaApi,
  chooseCaseType,
  fmformNext,
  signUpAndConfirm,
  uniqueEmail,
  PASSWORD,
  recordPrisonerConsent,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the family enters the facts at /fmform and sees the S.479 date with what to do next', async ({ page }) => {
    // Two languages, four axe checks and a notice that closes by itself: more than the default minute on a busy machine.
    test.slow();
    await signUpViaApi(page, 'Family-Member', 'Meena Facts');
    await page.goto('/fmform');
    // Facts: custody since the first of the month a year ago, theft (3 years), first offence not known.
    // A phone asks one group at a time: the person in custody, the case, then the family's contact.
    const custody = firstOfMonth(-12);
    const eligibleOn = firstOfMonth(6); // half of 36 months = 18 months after custody
    await page.getByLabel('Person in custody').fill('Arjun');
    await page.getByLabel('Your relation to the person in jail').selectOption('brother');
    await page.getByLabel('Prison', { exact: true }).fill('Tihar Jail No. 2');
    await page.getByLabel('In custody since').fill(custody);
    await fmformNext(page);
    await page.getByLabel('Case ID').fill(`FIR-${Date.now()}`);
    await page.getByLabel('Case details').fill('Brother held for theft.');
    await chooseCaseType(page, 'Criminal Defense Lawyer');
    await page.getByLabel('CNR number (if known)').fill('dlst-01-001234-2025');
    await page.getByRole('button', { name: 'Add an offence' }).click();
    await page.getByRole('combobox', { name: 'Offence 1' }).fill('379');
    await page.getByRole('option', { name: /^Theft — BNS 303\(2\) \(IPC 379\)/ }).click();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, '/fmform with facts');

    // A CNR of the wrong length is refused before anything is sent.
    await page.getByLabel('CNR number (if known)').fill('DLST01');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('The CNR number has 16 characters: 4 letters, then 12 digits.')).toBeVisible();
    await expect(page.getByLabel('CNR number (if known)')).toBeFocused();
    // The red notice sits over the buttons on a phone until it closes by itself (8 s; a mouse
    // resting on it would pause that, a finger does not).
    await page.mouse.move(5, 5);
    await expect(page.getByText('Please correct the marked fields.')).toBeHidden({ timeout: 30_000 });
    await page.getByLabel('CNR number (if known)').fill('dlst-01-001234-2025');
    await fmformNext(page);
    await page.getByLabel('Phone number').fill('9876543210');
    await page.getByLabel('Address').fill('14 Gandhi Nagar, Delhi');
    await recordPrisonerConsent(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/family-member$/);

    await page.goto('/family-case');
    const explainer = page.getByTestId('release-explainer');
    // The family's wording names the prisoner first, in plain words.
    await expect(explainer).toContainText(
      `Arjun can be released on bail from ${longDate(eligibleOn)}: by then half of the maximum sentence is served`,
    );
    await expect(explainer).not.toContainText(/he or she|him or her/i);
    await expect(explainer).toContainText('If this is the first offence, the date is earlier');
    await expect(explainer.getByRole('link', { name: /15100/ })).toHaveAttribute('href', 'tel:15100');
    await expect(explainer).toContainText('this is not legal advice');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, '/family-case with the release date');

    // Later the family learns it is his first offence: one third (12 months) has passed → eligible.
    await explainer.getByRole('link', { name: /Enter or change the facts/ }).click();
    await page.getByLabel('First offence?').selectOption('yes');
    await page.getByRole('button', { name: 'Save the facts' }).click();
    await expect(page.getByText('Facts saved. The dates are updated.')).toBeVisible();
    await expect(page.getByTestId('release-explainer')).toContainText(
      `Arjun has the right to be released on bond from ${longDate(firstOfMonth(0))}: one third of the maximum sentence for a first offence has been served`,
    );
    await expect(page.getByText('Meena Facts (family member) changed: first offence')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, '/case/:caseId');

    // The same status in Hindi, on the phone.
    await page.goto('/family-case');
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    const hindi = page.getByTestId('release-explainer');
    await expect(hindi).toContainText('पहले अपराध की अधिकतम सज़ा का एक-तिहाई समय जेल में पूरा हो चुका है');
    await expect(hindi.getByText(/^Arjun .* से बंधपत्र पर रिहाई के हक़दार हैं/)).toBeVisible();
    await expect(hindi).toContainText('धारा 479 बीएनएसएस');
    await expect(hindi.getByRole('link', { name: /15100/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, '/family-case in Hindi');
  });
});

test('the accepted lawyer sees what the law says for the client and records delay by the accused', async ({
  page,
  playwright,
  baseURL,
}) => {
  const c = await eligibleClient(playwright, baseURL!);
  await signInViaApi(page, 'Lawyer', c.lawyerEmail);
  await page.goto('/lawyer-cases');
  const card = page.getByRole('region', { name: c.name });
  const explainer = card.getByTestId('release-explainer');
  // The lawyer reads the professional wording: the prisoner named, the sections, the lawyer's own step.
  await expect(explainer).toContainText(`As a first-time offender, ${c.prisoner} completed one third of the maximum sentence`);
  await expect(explainer).toContainText('The jail superintendent must apply to the court forthwith (Section 479(3)).');
  await expect(explainer).toContainText('Apply to the court for release under Section 479 BNSS or for default bail');
  await expect(explainer).not.toContainText(/he or she|Ask the lawyer/i);
  await expectAccessible(page, '/lawyer-cases with the release tracker');

  await explainer.getByRole('link', { name: 'Enter or change the facts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Case facts and release' })).toBeVisible();
  // The lawyer's labels speak of the prisoner, not "him or her".
  await expect(page.getByLabel('Other cases pending against the prisoner')).toBeVisible();
  await expect(page.getByLabel("The family member's relation to the prisoner")).toBeVisible();
  await page.getByLabel('Days of delay caused by the accused').fill('30');
  await page.getByRole('button', { name: 'Save the facts' }).click();
  await expect(page.getByText('Facts saved. The dates are updated.')).toBeVisible();
  await expect(page.getByTestId('release-explainer')).toContainText('Days of delay the court put down to the accused are added: 30.');
  await expect(page.getByText(`${c.lawyerName} (lawyer) changed: delay by the accused`)).toBeVisible();
  await expectAccessible(page, '/case/:caseId as the lawyer');
});

test('the jail authority filters "eligible now", opens the S.479(3) application and prints it', async ({ page, playwright, baseURL }) => {
  const c = await eligibleClient(playwright, baseURL!);
  await signUpViaApi(page, 'Jail-Authority', 'Supt. Rao');
  await page.addInitScript(() => {
    window.print = () => {
      (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
    };
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('release-count-eligible-now')).toBeVisible();
  await page.getByRole('button', { name: /^Eligible now \(S\.479\): \d+\. Show them$/ }).click();
  await expect(page).toHaveURL(/filter=eligible-now/);
  await expect(page.getByLabel('Show', { exact: true })).toHaveValue('eligible-now');
  await page.getByRole('searchbox', { name: 'Search' }).fill(c.caseNumber);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.getByRole('article', { name: c.name });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card.getByText('Eligible now (S.479)')).toBeVisible();
  await expectAccessible(page, '/dashboard filtered on eligible now');

  await card.getByRole('link', { name: 'Application to the court (S.479(3))' }).click();
  await expect(page).toHaveURL(new RegExp(`/jail/application/${c.caseId}$`));
  const doc = page.getByTestId('application-document');
  await expect(doc).toContainText('Application under Section 479(3) of the Bharatiya Nagarik Suraksha Sanhita, 2023');
  await expect(doc).toContainText(c.prisoner);
  await expect(doc).toContainText('Tihar Jail No. 4');
  await expect(doc).toContainText('DLST010012342024');
  await expect(doc).toContainText('one third');
  await expect(doc).toContainText('धारा 479(3)');
  await expectAccessible(page, '/jail/application/:caseId');

  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.getByText('Printing recorded in the case timeline.')).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)).toBe(1);

  // The case page shows who printed it.
  await page.getByRole('link', { name: 'Back to the case' }).click();
  await expect(page.getByText('Supt. Rao (jail authority) printed the application to the court')).toBeVisible();
  // The jail reads the professional wording with its own step.
  const jailExplainer = page.getByTestId('release-explainer');
  await expect(jailExplainer).toContainText(`As a first-time offender, ${c.prisoner} completed one third`);
  await expect(jailExplainer).toContainText('apply in writing to the court forthwith under Section 479(3) BNSS');
  await expect(jailExplainer).not.toContainText(/he or she|Ask the lawyer/i);

  // The court releases him; the jail records it. He leaves the "eligible now" filter, and the family
  // is told he was released instead of a date.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  await ok(
    await page.request.put(`/api/cases/${c.caseId}/bail`, { headers: SAME_ORIGIN, data: { bailGrantedOn: today, releasedOn: today } }),
  );
  await page.goto(`/dashboard?filter=eligible-now&q=${encodeURIComponent(c.caseNumber)}`);
  await expect(page.getByLabel('Show', { exact: true })).toHaveValue('eligible-now');
  await expect(page.getByTestId('release-count-eligible-now')).toBeVisible();
  await expect(page.getByRole('article', { name: c.name })).toHaveCount(0);
  await expectAccessible(page, '/dashboard eligible now after the release');
  await page.goto(`/dashboard?q=${encodeURIComponent(c.caseNumber)}`);
  const released = page.getByRole('article', { name: c.name });
  await expect(released.getByText(`Released on ${longDate(today)}`)).toBeVisible();
  await expect(released.getByText('Eligible now (S.479)')).toHaveCount(0);
  await expect(released.getByRole('link', { name: 'Application to the court (S.479(3))' })).toHaveCount(0);

  await page.context().clearCookies();
  await signInViaApi(page, 'Family-Member', c.email);
  await page.goto('/family-case');
  await expect(page.getByTestId('release-released')).toContainText(`${c.prisoner} was released on ${longDate(today)}.`);
  await expect(page.getByTestId('release-explainer')).not.toContainText('The jail superintendent must apply to the court.');
  await expectAccessible(page, '/family-case after the release');
});

test('a prison in Maharashtra: the application prints in English and Marathi, the language of its courts', async ({
  page,
  playwright,
  baseURL,
}) => {
  const family = await playwright.request.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN });
  await signUpAndConfirm(family, { role: 'Family-Member', name: 'Sunita Pune', email: uniqueEmail('pune'), password: PASSWORD });
  await ok(
    await family.put('/api/family/registration', {
      data: {
        prisonerConsent: 'visit',
        phone: '9876501235',
        address: '5 Camp, Pune',
        state: 'MH',
        district: 'Pune',
        caseNumber: 'FIR-479-PUNE',
        detail: 'Son held for theft',
        caseType: 'Criminal Defense Lawyer',
        facts: {
          prisonerName: 'Ravi Pune',
          prisonerRelation: 'son',
          prison: 'Yerwada Central Jail',
          custodySince: firstOfMonth(-24),
          court: 'Chief Judicial Magistrate, Pune',
          offences: [{ code: 'theft' }],
          firstOffence: true,
          chargesheetFiledOn: firstOfMonth(-23),
        },
      },
    }),
  );
  const reg = (await ok(await family.get('/api/family/registration'))) as { cases: { id: string }[] };
  await family.dispose();

  await signUpViaApi(page, 'Jail-Authority', 'Supt. Pawar');
  await page.goto(`/jail/application/${reg.cases[0]!.id}`);
  const doc = page.getByTestId('application-document');
  await expect(doc).toContainText('Application under Section 479(3) of the Bharatiya Nagarik Suraksha Sanhita, 2023');
  await expect(doc.locator('article[lang="mr"]')).toContainText(
    'भारतीय नागरिक सुरक्षा संहिता, 2023 च्या कलम 479(3) अन्वये न्यायाधीन कैदी Ravi Pune',
  );
  await expect(doc.locator('article[lang="hi"]')).toHaveCount(0);
  await expectAccessible(page, '/jail/application/:caseId in English and Marathi');
});
