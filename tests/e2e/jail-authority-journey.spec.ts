// The jail authority's journey (docs/design.md#5-quality-bars-every-change-keeps): find the member from the family and lawyer journeys,
// assign an NGO, manage NGOs, open the bail paper, accept bail; the family then sees it.
import { expect, test, type Browser, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { FIRST_SCREEN_ID } from '#shared/first-screens.ts';
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
  waitForMail,
} from './helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const AASRA = 'Aasra Rehabilitation Trust'; // a demo NGO with free seats

interface Member {
  name: string;
  email: string;
  caseNumber: string;
  lawyerName: string;
  lawyerEmail: string;
}

/**
 * What the family and lawyer journeys leave behind, made through their APIs: a registered family
 * member who asked a lawyer, the lawyer who accepted and uploaded a bail paper, and a copy the
 * family uploaded themselves.
 */
async function memberWithBailPaper(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string): Promise<Member> {
  const tag = Math.random().toString(36).slice(2, 8);
  const context = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN });
  const family = await context();
  const lawyer = await context();
  const m: Member = {
    name: `Kamla Journey ${tag}`,
    email: uniqueEmail('kamla'),
    caseNumber: `FIR-JAIL-${tag}`,
    lawyerName: `Adv. Journey ${tag}`,
    lawyerEmail: uniqueEmail('advjourney'),
  };
  await signUpAndConfirm(family, { role: 'Family-Member', name: m.name, email: m.email, password: PASSWORD });
  await ok(
    await family.put('/api/family/registration', {
      data: {
        prisonerConsent: 'visit',
        phone: '9876501234',
        address: '5 Rohini, Delhi',
        caseNumber: m.caseNumber,
        detail: 'Held under IPC 379',
        caseType: 'Criminal Defense Lawyer',
      },
    }),
  );
  const familyId = ((await ok(await family.get('/api/auth/session'))) as { user: { id: string } }).user.id;
  await acceptedLawyer(family, lawyer, { name: m.lawyerName, email: m.lawyerEmail });
  await ok(
    await lawyer.post(`/api/lawyers/clients/${familyId}/documents`, {
      multipart: { file: { name: 'bail-order.pdf', mimeType: 'application/pdf', buffer: PDF } },
    }),
  );
  await ok(
    await family.post('/api/family/documents', {
      multipart: { file: { name: 'family-copy.pdf', mimeType: 'application/pdf', buffer: PDF } },
    }),
  );
  await family.dispose();
  await lawyer.dispose();
  return m;
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function chooseNgo(page: Page, memberName: string, ngoName: string) {
  const card = page.getByRole('article', { name: memberName });
  // 'Select NGO' offers the nearest 20; the name finds any NGO with a free seat.
  await card.getByLabel(/^Find an NGO by name/).fill(ngoName);
  const select = card.getByLabel(/^Select NGO/);
  await expect(select.locator('option', { hasText: ngoName })).toHaveCount(1);
  const value = await select.locator('option', { hasText: ngoName }).getAttribute('value');
  expect(value).toBeTruthy();
  await select.selectOption(value ?? '');
  return card;
}

async function openAsFamily(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInViaApi(page, 'Family-Member', email);
  return page;
}

test('the jail authority assigns an NGO, manages NGOs, opens the bail paper and accepts bail', async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  const m = await memberWithBailPaper(playwright, baseURL!);
  await signUpViaApi(page, 'Jail-Authority');

  // Dashboard: find the member by case id, see their lawyer, assign an NGO.
  await page.goto('/jail-authority');
  await page
    .getByRole('link', { name: /^Dashboard/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Family Member Details' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Family members by stage' })).toBeAttached();
  await search(page, m.caseNumber);
  await expect(page).toHaveURL(new RegExp(`q=${m.caseNumber}`));
  const card = page.getByRole('article', { name: m.name });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card.getByText(m.lawyerName)).toBeVisible();
  await expect(card.getByText(m.caseNumber, { exact: false })).toBeVisible();
  await expect(card.getByText(m.email)).toBeVisible();
  await chooseNgo(page, m.name, AASRA);
  await expect(card.getByText('aasra.trust@gmail.com', { exact: false })).toBeVisible();
  await card.getByRole('button', { name: 'Assign NGO' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'NGO successfully assigned!' })).toBeVisible();
  await expect(card.getByLabel(/^Select NGO/)).toHaveCount(0);
  await expect(card.getByText(AASRA)).toBeVisible();

  // NGO management: validation, add, edit, and who is assigned.
  await page.goto('/jail-authority');
  await page.getByRole('link', { name: /^NGOs/ }).first().click();
  await expect(page).toHaveURL(/\/ngos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'NGOs' })).toBeVisible();
  const ngoName = `Umeed Centre ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByRole('button', { name: 'Add NGO' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add NGO' });
  await dialog.getByLabel(/^Name/).fill(ngoName);
  await dialog.getByLabel(/^Address/).fill('Lajpat Nagar, New Delhi 110024');
  await dialog.getByLabel(/^Contact info/).fill('011-41000000');
  await dialog.getByLabel(/^Report/).fill('Vocational training.');
  await dialog.getByRole('button', { name: 'Save NGO' }).click();
  await expect(dialog.getByText('Total seats must be a whole number of 0 or more.')).toBeVisible();
  await dialog.getByLabel(/^Total seats/).fill('4');
  await dialog.getByRole('button', { name: 'Save NGO' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${ngoName} saved.` })).toBeVisible();
  const ngoCard = page.getByRole('article', { name: ngoName });
  await expect(ngoCard.getByText('4 seats free')).toBeVisible();
  await ngoCard.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${ngoName}` });
  await edit.getByLabel(/^Total seats/).fill('7');
  await edit.getByRole('button', { name: 'Save NGO' }).click();
  await expect(ngoCard.getByText('7 seats free')).toBeVisible();
  const aasra = page.getByRole('article', { name: AASRA });
  await aasra.getByRole('button', { name: 'Show who is assigned' }).click();
  await expect(aasra.getByText(m.name)).toBeVisible();

  // Bail page: open the papers (the lawyer's first one highlighted), then Bail-Accept. The home is first
  // drawn by the server; its tile is tapped once the app has taken over (on a loaded machine a tap at the
  // moment of the swap could land half on each screen and be lost).
  await page.goto('/jail-authority');
  await expect(page.locator(`#${FIRST_SCREEN_ID}`)).toHaveCount(0);
  await page
    .getByRole('link', { name: /^Bail Consideration Application/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/bail-page$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bail Consideration Application' })).toBeVisible();
  await search(page, m.name);
  const bailCard = page.getByRole('article', { name: m.name });
  await expect(bailCard.getByText(m.lawyerName)).toBeVisible();
  await bailCard.getByRole('button', { name: 'View Bail Paper' }).click();
  const links = bailCard.getByRole('link', { name: /\.pdf$/ }); // (the phone number is a tel: link too)
  await expect(links).toHaveText(['family-copy.pdf', 'bail-order.pdf']); // newest first
  const highlighted = bailCard.getByRole('listitem').filter({ hasText: 'First bail paper from the lawyer' });
  await expect(highlighted.getByRole('link')).toHaveText('bail-order.pdf');
  const href = await highlighted.getByRole('link').getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  // Only permitted users may open it: another family member gets 404.
  const stranger = await playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: SAME_ORIGIN });
  const strangerEmail = uniqueEmail('stranger');
  await signUpAndConfirm(stranger, { role: 'Family-Member', name: 'Stranger', email: strangerEmail, password: PASSWORD });
  expect((await stranger.get(href!)).status()).toBe(404);
  await stranger.dispose();

  await bailCard.getByRole('button', { name: /^Bail-Accept/ }).click();
  // A confirmation names the member with their email (two members can share a name).
  const confirm = page.getByRole('dialog', { name: `Accept bail for ${m.name}?` });
  await expect(confirm.getByText(`Email: ${m.email}`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, accept bail' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bail-Paper accepted' })).toBeVisible();
  await expect(page).toHaveURL(/\/jail-authority$/);

  // The first accepted lawyer and the family member are emailed.
  const toLawyer = await waitForMail(m.lawyerEmail, /bail paper for family member/i);
  expect(toLawyer.raw).toContain(m.name);
  expect(toLawyer.raw).toMatch(/was accepted/);
  await waitForMail(m.email, /Your bail paper was accepted/);

  // The family member's NGO screen and case status show it.
  const familyPage = await openAsFamily(browser, baseURL!, m.email);
  await familyPage.goto('/ngo-details');
  await expect(familyPage.getByText(AASRA)).toBeVisible();
  await familyPage.goto('/family-case');
  await expect(familyPage.getByText(/Accepted on/).first()).toBeVisible();
  await familyPage.context().close();

  // On the bail page the member now shows as accepted, with no second Bail-Accept.
  await page.goto(`/bail-page?q=${encodeURIComponent(m.name)}`);
  await expect(page.getByRole('article', { name: m.name }).getByText(/Bail accepted on/)).toBeVisible();
  await expect(page.getByRole('article', { name: m.name }).getByRole('button', { name: /^Bail-Accept/ })).toHaveCount(0);
});

test("shows 'No seats available for this NGO.' and 'Failed to assign NGO. Please try again.' when another tab was faster", async ({
  page,
  baseURL,
  playwright,
}) => {
  const a = await memberWithBailPaper(playwright, baseURL!);
  await signUpViaApi(page, 'Jail-Authority');
  // An NGO with one seat, made through the NGO screen's API.
  const ngoName = `Last Seat ${Math.random().toString(36).slice(2, 7)}`;
  const created = await page.request.post('/api/ngos', {
    data: { name: ngoName, address: 'Karol Bagh, Delhi', contactInfo: '011-1', report: '', seatsTotal: 1 },
    headers: SAME_ORIGIN,
  });
  expect(created.status()).toBe(201);
  const ngoId = ((await created.json()) as { id: string }).id;

  await page.goto(`/dashboard?q=${encodeURIComponent(a.caseNumber)}`);
  await chooseNgo(page, a.name, ngoName);
  // Meanwhile another tab gives the last seat to someone else.
  const other = await memberWithBailPaper(playwright, baseURL!);
  const members = await page.request.get(`/api/jail/members?q=${encodeURIComponent(other.caseNumber)}`);
  const otherId = ((await members.json()) as { items: { id: string }[] }).items[0]!.id;
  expect((await page.request.post(`/api/jail/members/${otherId}/ngo`, { data: { ngoId }, headers: SAME_ORIGIN })).status()).toBe(200);
  const card = page.getByRole('article', { name: a.name });
  await card.getByRole('button', { name: 'Assign NGO' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No seats available for this NGO.' })).toBeVisible();
  await expect(card.getByLabel(/^Select NGO/)).toBeVisible();

  // Another tab assigns this member while the choice is open here.
  await chooseNgo(page, a.name, AASRA);
  const [aasra] = (
    (await (await page.request.get('/api/ngos?available=true')).json()) as { items: { id: string; name: string }[] }
  ).items.filter((n) => n.name === AASRA);
  const members2 = await page.request.get(`/api/jail/members?q=${encodeURIComponent(a.caseNumber)}`);
  const aId = ((await members2.json()) as { items: { id: string }[] }).items[0]!.id;
  expect((await page.request.post(`/api/jail/members/${aId}/ngo`, { data: { ngoId: aasra!.id }, headers: SAME_ORIGIN })).status()).toBe(
    200,
  );
  await card.getByRole('button', { name: 'Assign NGO' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to assign NGO. Please try again.' })).toBeVisible();
  await expect(card.getByText(AASRA)).toBeVisible();

  // A search that finds no one.
  await search(page, 'nobody-at-all-zzz');
  await expect(page.getByText('No family member matches “nobody-at-all-zzz”.')).toBeVisible();
});

test.describe('accessibility and small screens', () => {
  const width = 360;
  test(`every jail-authority screen at ${width}px, the last also at 1280px`, async ({ page, baseURL, playwright }) => {
    // Many axe scans, each larger since the release tracker: more time on a loaded machine.
    test.slow();
    const m = await memberWithBailPaper(playwright, baseURL!);
    await page.setViewportSize({ width, height: 800 });
    await signUpViaApi(page, 'Jail-Authority');
    const check = async (label: string) => {
      await expectAccessible(page, `${label} @${width}`);
      await expectNoHorizontalScroll(page);
    };

    await page.goto('/jail-authority');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check('/jail-authority');

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Family Member Details' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Family members by case type' }).locator('.recharts-surface')).toBeVisible();
    await check('/dashboard');
    await page.goto(`/dashboard?q=${encodeURIComponent(m.caseNumber)}`);
    await chooseNgo(page, m.name, AASRA);
    await expect(page.getByRole('button', { name: 'Assign NGO' })).toBeVisible();
    await check('/dashboard with an NGO chosen');

    await page.goto(`/bail-page?q=${encodeURIComponent(m.caseNumber)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bail Consideration Application' })).toBeVisible();
    await page.getByRole('button', { name: 'View Bail Paper' }).click();
    await expect(page.getByText('First bail paper from the lawyer')).toBeVisible();
    await check('/bail-page with papers open');

    await page.goto('/ngos');
    await expect(page.getByRole('article', { name: AASRA })).toBeVisible();
    await check('/ngos');
    await page.getByRole('button', { name: 'Add NGO' }).click();
    await page.getByRole('dialog', { name: 'Add NGO' }).getByRole('button', { name: 'Save NGO' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await check('/ngos add form with errors');
    // At 1280 px the app draws the same elements in wider columns (only the family form changes its
    // markup with the width, and family-registration-steps.spec.ts scans it wide): one wide scan.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, '/ngos add form with errors at 1280px');
    await expectNoHorizontalScroll(page);
  });
});
