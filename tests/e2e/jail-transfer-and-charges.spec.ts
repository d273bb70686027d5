// Three release-tracker features in a real browser, each screen checked with axe at 360 px:
// - a prisoner moved to another prison (docs/decisions/0047-jail-sees-its-own-prison.md): the jail of
//   prison A moves him from the case page; A no longer sees him, B does, with the move on the case; the
//   family is told;
// - the charges framed by the court (docs/law.md#section-479-bnss): the jail records theft framed where
//   robbery was alleged, and the dates count from the charge: eligible now (one third), for the jail and
//   in the family's plain words;
// - the S.479(2) bar from the cases Rihaai holds: a family adds a second case of the same prisoner by
//   "Add another case", and the first case's explanation says the half and third rule does not apply.
import { expect, request as apiRequest, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  chooseCaseType,
  DEMO_PASSWORD,
  expectAccessible,
  expectNoHorizontalScroll,
  ok,
  passSecondFactorViaApi,
  PASSWORD,
  signUpAndConfirm,
  signUpViaApi,
  uniqueEmail,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

test.describe.configure({ timeout: 240_000 });

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

async function phone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  return context.newPage();
}

/** Checks the screen as the other specs do: axe, and no sideways scrolling at 360 px. */
async function checkScreen(page: Page, label: string) {
  await expectAccessible(page, label);
  await expectNoHorizontalScroll(page);
}

/**
 * Prisons added by the State-Administrator through the API, each with a registration code, as
 * prisons.spec.ts does through the screen. Returns each prison's id, name and code.
 */
async function prisonsWithCodes(baseURL: string, names: string[]) {
  const admin = await apiRequest.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN });
  try {
    const res = await admin.post('/api/auth/signin', {
      data: { role: 'State-Administrator', email: 'admin.demo@gmail.com', password: DEMO_PASSWORD },
    });
    expect(res.status(), await res.text()).toBe(200);
    await passSecondFactorViaApi(admin, 'admin.demo@gmail.com');
    const out: { id: string; name: string; code: string }[] = [];
    for (const name of names) {
      const prison = (await ok(
        await admin.post('/api/prisons', {
          data: {
            name,
            type: 'district',
            state: 'UP',
            district: 'Lucknow',
            dlsaName: 'DLSA Lucknow',
            dlsaEmail: 'dlsa.lucknow@example.org',
          },
        }),
      )) as { id: string };
      const { code } = (await ok(await admin.post(`/api/prisons/${prison.id}/code`))) as { code: string };
      out.push({ id: prison.id, name, code });
    }
    return out;
  } finally {
    await admin.dispose();
  }
}

/** A jail clerk of the prison, signed up with its code (and past the second factor) on a 360 px phone. */
async function clerkOf(browser: Browser, baseURL: string, prison: { code: string }, name: string) {
  const page = await phone(browser, baseURL);
  await signUpAndConfirm(page.request, {
    role: 'Jail-Authority',
    name,
    email: uniqueEmail('jailclerk'),
    password: PASSWORD,
    registrationCode: prison.code,
  });
  return page;
}

const tagOf = () => Math.random().toString(36).slice(2, 7);

test('the jail of prison A moves a prisoner to prison B: A no longer sees him, B does with the move, the family is told', async ({
  browser,
  baseURL,
}) => {
  const tag = tagOf();
  const [a, b] = await prisonsWithCodes(baseURL!, [`Transfer Jail A ${tag}`, `Transfer Jail B ${tag}`]);
  const clerkA = await clerkOf(browser, baseURL!, a!, `Clerk A ${tag}`);
  const clerkB = await clerkOf(browser, baseURL!, b!, `Clerk B ${tag}`);

  // A family registers the son, held in prison A.
  const family = await phone(browser, baseURL!);
  const familyName = `Kamla Transfer ${tag}`;
  const prisoner = `Mohan Transfer ${tag}`;
  const caseNumber = `FIR-TR-${tag}`;
  await signUpViaApi(family, 'Family-Member', familyName);
  await ok(
    await family.request.put('/api/family/registration', {
      data: {
        prisonerConsent: 'visit',
        phone: '9415111111',
        address: 'Aminabad, Lucknow',
        caseNumber,
        detail: 'Son held for theft',
        caseType: 'Criminal Defense Lawyer',
        facts: { prisonerName: prisoner, prisonerRelation: 'son', court: 'Court of the CJM, Lucknow' },
        prisonId: a!.id,
      },
      headers: SAME_ORIGIN,
    }),
  );

  // Clerk A finds the family on the dashboard, the case with its court, and opens the case.
  await clerkA.goto('/dashboard');
  const cardA = clerkA.getByRole('article', { name: familyName });
  await expect(cardA).toBeVisible();
  await expect(cardA).toContainText(`${caseNumber} (Criminal Defense Lawyer) · Court of the CJM, Lucknow`);
  await checkScreen(clerkA, 'jail A dashboard');
  await cardA.getByRole('link', { name: 'Case facts and release' }).click();
  await expect(clerkA.getByRole('heading', { level: 1, name: 'Case facts and release' })).toBeVisible();
  const prisonA = clerkA.getByRole('region', { name: 'Prison', exact: true });
  await expect(prisonA).toContainText(`Held in: ${a!.name}`);
  await checkScreen(clerkA, 'case page, jail A');
  const caseUrl = clerkA.url();

  // "Move to another prison" opens the form: state, district, then prison B (prison A itself is not offered).
  await prisonA.getByRole('button', { name: 'Move to another prison' }).click();
  const move = clerkA.getByRole('region', { name: 'Move to another prison' });
  await expect(move.getByRole('button', { name: 'Move to this prison' })).toBeDisabled();
  await move.getByLabel('State or union territory').selectOption('UP');
  await move.getByLabel('District', { exact: true }).selectOption('Lucknow');
  const choice = move.getByLabel('Prison moved to');
  await expect(choice.locator('option', { hasText: b!.name })).toHaveCount(1);
  await expect(choice.locator('option', { hasText: a!.name })).toHaveCount(0);
  await choice.selectOption({ label: b!.name });
  await checkScreen(clerkA, 'case page, prison B chosen');
  await move.getByRole('button', { name: 'Move to this prison' }).click();
  const dialog = clerkA.getByRole('dialog', { name: 'Move to another prison?' });
  await expect(dialog).toContainText(`Move ${prisoner} to ${b!.name}? Your jail will no longer see this case.`);
  await checkScreen(clerkA, 'move confirmation dialog');
  // Escape closes the dialog and moves no one; the clerk asks again and confirms.
  await clerkA.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(prisonA).toContainText(`Held in: ${a!.name}`);
  await move.getByRole('button', { name: 'Move to this prison' }).click();
  await dialog.getByRole('button', { name: 'Move to this prison' }).click();

  // Back on the jail's home with the notice; the family is gone from A's dashboard.
  await expect(clerkA).toHaveURL(/\/jail-authority$/);
  await expect(clerkA.getByText(`${prisoner} was moved to ${b!.name}.`)).toBeVisible();
  await checkScreen(clerkA, 'jail home after the move');
  await clerkA.goto('/dashboard');
  await expect(clerkA.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(clerkA.getByRole('article', { name: familyName })).toHaveCount(0);
  await checkScreen(clerkA, 'jail A dashboard after the move');
  const caseId = new URL(caseUrl).pathname.split('/').pop()!;
  expect((await clerkA.request.get(`/api/cases/${caseId}`)).status()).toBe(404);

  // Clerk B finds the family and reads the move on the case.
  await clerkB.goto('/dashboard');
  const cardB = clerkB.getByRole('article', { name: familyName });
  await expect(cardB).toBeVisible();
  await checkScreen(clerkB, 'jail B dashboard');
  await cardB.getByRole('link', { name: 'Case facts and release' }).click();
  const prisonB = clerkB.getByRole('region', { name: 'Prison', exact: true });
  await expect(prisonB).toContainText(`Held in: ${b!.name}`);
  await expect(prisonB.getByRole('list', { name: 'Moves between prisons' })).toContainText(`Moved from ${a!.name} to ${b!.name}`);
  await checkScreen(clerkB, 'case page, jail B');

  // The family is told.
  await family.goto('/notifications');
  await expect(family.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(family.getByTestId('notification').filter({ hasText: `${prisoner} moved to ${b!.name}` })).toBeVisible();
  await checkScreen(family, 'family notifications');

  for (const p of [clerkA, clerkB, family]) await p.context().close();
});

test('the jail records the charges framed: the dates count from theft, eligible now for the jail and in the family’s words', async ({
  browser,
  baseURL,
}) => {
  const tag = tagOf();
  const [prison] = await prisonsWithCodes(baseURL!, [`Framing Jail ${tag}`]);
  const clerk = await clerkOf(browser, baseURL!, prison!, `Clerk Framing ${tag}`);
  const family = await phone(browser, baseURL!);
  const prisoner = `Raju Framing ${tag}`;
  const caseNumber = `FIR-FR-${tag}`;
  await signUpViaApi(family, 'Family-Member', `Phoolmati Framing ${tag}`);
  // Robbery alleged (ten years at most), first offence, in custody since 1 January 2024: one third on 1 May 2027.
  await ok(
    await family.request.put('/api/family/registration', {
      data: {
        prisonerConsent: 'visit',
        phone: '9415222222',
        address: 'Chowk, Lucknow',
        caseNumber,
        detail: 'Held for robbery',
        caseType: 'Criminal Defense Lawyer',
        facts: {
          prisonerName: prisoner,
          prisonerRelation: 'son',
          custodySince: '2024-01-01',
          offences: [{ code: 'robbery' }],
          firstOffence: true,
          chargesheetFiledOn: '2024-02-01',
        },
        prisonId: prison!.id,
      },
      headers: SAME_ORIGIN,
    }),
  );
  const caseId = ((await ok(await family.request.get('/api/family/registration'))) as { cases: { id: string }[] }).cases[0]!.id;

  await clerk.goto(`/case/${caseId}`);
  const explainer = clerk.getByTestId('release-explainer');
  await expect(explainer).toContainText(`First-time offender: on ${longDate('2027-05-01')}, ${prisoner} completes one third`);
  const framed = clerk.getByRole('group', { name: 'Charges framed by the court' });
  await expect(framed).toContainText('No charge entered yet.');
  await checkScreen(clerk, 'case page before the charges');

  // The court framed theft (three years at most) on 10 March 2025.
  await framed.getByLabel('Date the charges were framed').fill('2025-03-10');
  await framed.getByRole('button', { name: 'Add a charge' }).click();
  await pickTheft(framed.getByRole('combobox', { name: 'Offence 1' }), clerk);
  await checkScreen(clerk, 'charges framed filled in');
  await clerk.getByRole('button', { name: 'Save the facts' }).click();
  await expect(clerk.getByText('Facts saved. The dates are updated.')).toBeVisible();
  await expect(explainer).toContainText(`The court framed the charges on ${longDate('2025-03-10')}`);
  await expect(explainer).toContainText(
    `As a first-time offender, ${prisoner} completed one third of the maximum sentence on ${longDate('2025-01-01')}`,
  );
  await expect(clerk.getByText(/\(jail authority\) changed: .*charges framed/)).toBeVisible();
  await checkScreen(clerk, 'case page after the charges');

  // The family reads the same in plain words.
  await family.goto('/family-case');
  const plain = family.getByRole('region', { name: `Case ID: ${caseNumber}` }).getByTestId('release-explainer');
  await expect(plain).toContainText(`The court framed the charges on ${longDate('2025-03-10')}`);
  // Eligible (one third, first offence) since 1 January 2025.
  await expect(plain).toContainText('one third of the maximum sentence for a first offence');
  await expect(plain).toContainText(longDate('2025-01-01'));
  await checkScreen(family, 'family case status after the charges');

  for (const p of [clerk, family]) await p.context().close();
});

test('a second case of the same prisoner added by "Add another case" bars the half and third rule for the first', async ({
  browser,
  baseURL,
}) => {
  const tag = tagOf();
  const family = await phone(browser, baseURL!);
  const prisoner = `Ravi Several ${tag}`;
  const first = `FIR-1-${tag}`;
  const second = `FIR-2-${tag}`;
  await signUpViaApi(family, 'Family-Member', `Kamla Several ${tag}`);
  // Theft (three years at most), first offence, since 1 January 2024: one third passed on 1 January 2025.
  await ok(
    await family.request.put('/api/family/registration', {
      data: {
        prisonerConsent: 'visit',
        phone: '9876501234',
        address: '5 Rohini, Delhi',
        caseNumber: first,
        detail: 'Son held for theft',
        caseType: 'Criminal Defense Lawyer',
        facts: {
          prisonerName: prisoner,
          prisonerRelation: 'son',
          custodySince: '2024-01-01',
          offences: [{ code: 'theft' }],
          firstOffence: true,
          chargesheetFiledOn: '2024-02-01',
        },
      },
      headers: SAME_ORIGIN,
    }),
  );
  await family.goto('/family-case');
  const firstCard = family.getByRole('region', { name: `Case ID: ${first}` });
  const explainer = firstCard.getByTestId('release-explainer');
  await expect(explainer).toContainText('one third of the maximum sentence for a first offence');
  await expect(explainer).toContainText(longDate('2025-01-01'));
  await checkScreen(family, 'family case status, one case');

  // "Add another case" for the same son.
  await family.getByRole('button', { name: 'Add another case' }).click();
  const add = family.getByRole('region', { name: 'Add another case' });
  await add.getByLabel('Case ID').fill(second);
  await add.getByLabel('Case details').fill('A second FIR against him.');
  await chooseCaseType(add, 'Criminal Defense Lawyer');
  await add.getByLabel('Person in custody', { exact: true }).fill(prisoner);
  await add.getByLabel(/^Your relation to/).selectOption('son');
  await add.getByLabel('In custody since', { exact: true }).fill('2024-01-01');
  await add.getByRole('button', { name: 'Add an offence' }).click();
  await pickTheft(add.getByRole('combobox', { name: 'Offence 1' }), family);
  await checkScreen(family, 'add another case filled in');
  await add.getByRole('button', { name: 'Add case' }).click();
  await expect(family.getByText(`Case ${second} added.`)).toBeVisible();
  await expect(family.getByRole('region', { name: `Case ID: ${second}` })).toBeVisible();

  // The first case: the half and third rule does not apply, and why.
  await expect(explainer).toContainText(/The half and one-third rule of Section 479 BNSS does not apply/);
  await expect(explainer).toContainText('Other cases of this person on record in Rihaai: 1.');
  await expect(explainer).not.toContainText('one third of the maximum sentence for a first offence');
  await checkScreen(family, 'family case status, two cases of the same prisoner');

  await family.context().close();
});

/**
 * Types the theft section into an offence's search and picks it. On a loaded machine the list once stayed
 * closed after the typing (CI timed out waiting for it): the typing is tried again until the option shows.
 */
async function pickTheft(combo: Locator, page: Page) {
  const theft = page.getByRole('option', { name: /^Theft — BNS 303\(2\) \(IPC 379\)/ });
  await expect(async () => {
    await combo.fill('');
    await combo.fill('379');
    await expect(theft).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await theft.click();
}
