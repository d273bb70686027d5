// A state of many prisons (docs/decisions/0046-prisoner-and-prisons.md): the administrator adds a
// prison and issues its registration code on /prisons; a clerk signs up with it; a family registers
// a prisoner named in Hindi in that prison; the clerk finds him by a Hindi and a Latin spelling and
// never sees the other jail's prisoner; the DLSA of Sitapur sees its district's prisoner with what he
// needs; a prisoner granted bail and still inside is on his district DLSA's desk with the fund's clocks.
// Axe on each screen; the clerk's search and the DLSA's desk at 360 px.
import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectAccessible,
  expectNoHorizontalScroll,
  PASSWORD,
  signInViaApi,
  signUpAndConfirm,
  signUpViaApi,
  uniqueEmail,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

test.describe.configure({ timeout: 240_000 });

test('administrator, clerk, family and DLSA: prisons, codes and the scoped prisoner search', async ({ page, browser, baseURL }) => {
  // The administrator adds a prison through the screen and issues its code.
  await signInViaApi(page, 'State-Administrator', 'admin.demo@gmail.com', DEMO_PASSWORD);
  await page.goto('/prisons');
  await expect(page.getByRole('heading', { level: 1, name: 'Prisons of the state' })).toBeVisible();
  const prisonName = `District Jail Hardoi ${Math.floor(Math.random() * 9000) + 1000}`;
  const add = page.getByRole('form', { name: 'Add a prison' });
  await add.getByLabel('Prison name').fill(prisonName);
  await add.getByLabel('Type of prison').selectOption('district');
  await add.getByLabel('State or union territory').selectOption('UP');
  await add.getByLabel('District', { exact: true }).selectOption('Hardoi');
  await add.getByLabel('DLSA name').fill('DLSA Hardoi');
  await add.getByLabel('DLSA email address').fill('dlsa.hardoi@example.org');
  await add.getByRole('button', { name: 'Save prison' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: prisonName }) });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Issue a jail registration code for ${prisonName}` }).click();
  const codeBox = card.getByRole('status', { name: `New registration code for ${prisonName}` });
  await expect(codeBox).toBeVisible();
  const code = (await codeBox.locator('code').innerText()).trim();
  expect(code).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
  await expect(card).toContainText('Prisoners: 0');
  await expectAccessible(page, 'prisons');
  const prisons = (await (await page.request.get('/api/prisons')).json()) as { prisons: { id: string; name: string }[] };
  const prisonId = prisons.prisons.find((p) => p.name === prisonName)!.id;

  // A clerk signs up with that code.
  const clerkContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } });
  const clerk = await clerkContext.newPage();
  await signUpAndConfirm(clerk.request, {
    role: 'Jail-Authority',
    name: 'Clerk Hardoi',
    email: uniqueEmail('jailhardoi'),
    password: PASSWORD,
    registrationCode: code,
  });

  // A family registers the husband, named in Hindi, in that prison.
  const familyContext = await browser.newContext({ baseURL });
  const family = await familyContext.newPage();
  await signUpViaApi(family, 'Family-Member', 'Kamla Yadav');
  // /fmform offers the district's prisons on record; choosing one fills the prison's name.
  await family.goto('/fmform');
  await family.getByLabel('State or union territory').selectOption('UP');
  await family.getByLabel('District', { exact: true }).selectOption('Hardoi');
  await family.getByLabel('Prison (from the list)').selectOption({ label: prisonName });
  await expect(family.getByLabel('Prison', { exact: true })).toHaveValue(prisonName);
  await expectAccessible(family, 'fmform with the prison picker');
  const registered = await family.request.put('/api/family/registration', {
    data: {
      prisonerConsent: 'visit',
      phone: '9415111111',
      address: 'Village Sandila, Hardoi',
      caseNumber: `FIR-${Math.floor(Math.random() * 900) + 100}/2026`,
      detail: 'Theft',
      caseType: 'Criminal Defense Lawyer',
      facts: { prisonerName: 'सुरेश यादव', prisonerRelation: 'husband' },
      prisonId,
    },
    headers: SAME_ORIGIN,
  });
  expect(registered.status(), await registered.text()).toBe(200);
  // Her brother-in-law joins by her invitation (decision 0050): he holds no case of his own.
  const prisonerId = ((await (await family.request.get('/api/family/prisoners')).json()) as { prisoners: { id: string }[] }).prisoners[0]!
    .id;
  const invited = await family.request.post(`/api/family/prisoners/${prisonerId}/invitations`, { headers: SAME_ORIGIN });
  expect(invited.status(), await invited.text()).toBe(201);
  const relativeContext = await browser.newContext({ baseURL });
  const relative = await relativeContext.newPage();
  await signUpViaApi(relative, 'Family-Member', 'Mohan Yadav');
  const joined = await relative.request.post('/api/family/invitations/accept', {
    data: {
      code: ((await invited.json()) as { code: string }).code,
      relation: 'Brother-in-law',
      phone: '9415222222',
      address: 'Sandila, Hardoi',
    },
    headers: SAME_ORIGIN,
  });
  expect(joined.status(), await joined.text()).toBe(200);
  await relativeContext.close();
  await familyContext.close();

  // The clerk finds him by either spelling, and never the Sitapur prisoner.
  await clerk.goto('/find-prisoner');
  await expect(clerk.getByRole('heading', { level: 1, name: 'Find a prisoner' })).toBeVisible();
  const search = async (q: string) => {
    await clerk.getByLabel('Name, number or case').fill(q);
    await clerk.getByRole('button', { name: 'Search', exact: true }).click();
  };
  await search('Suresh');
  const results = clerk.getByRole('list', { name: 'Prisoners found' });
  await expect(results.getByRole('heading', { name: 'सुरेश यादव (Suresh Yadav)' })).toBeVisible();
  await expect(results).toContainText('In custody');
  await expect(results).toContainText(prisonName);
  await expectAccessible(clerk, 'find a prisoner');
  await expectNoHorizontalScroll(clerk);
  await search('सुरेश');
  await expect(results.getByRole('heading', { name: 'सुरेश यादव (Suresh Yadav)' })).toBeVisible();
  await search('Ramesh');
  await expect(clerk.getByText('No prisoner matches “Ramesh”.')).toBeVisible();
  // The clerk's dashboard lists this prison's families only: Kamla, and none of the demo's or other tests';
  // the prisoner once, with Kamla's case, and no empty row for the brother-in-law who joined.
  await clerk.goto('/dashboard');
  await expect(clerk.getByRole('article', { name: 'Kamla Yadav' })).toBeVisible();
  await expect(clerk.getByRole('article')).toHaveCount(1);
  await expect(clerk.getByRole('article', { name: 'Mohan Yadav' })).toHaveCount(0);
  const listed = (await (await clerk.request.get('/api/jail/members')).json()) as { total: number; counts: { all: number } };
  expect(listed).toMatchObject({ total: 1, counts: { all: 1 } });
  await expectAccessible(clerk, 'one prison’s dashboard');
  // The court granted bail nine days ago and he is still inside: the clerk records the order's date.
  const kamla = (await (await clerk.request.get('/api/jail/members')).json()) as { items: { cases: { id: string }[] }[] };
  const caseId = kamla.items[0]!.cases[0]!.id;
  const granted = new Date(Date.now() + 5.5 * 3_600_000 - 9 * 86_400_000).toISOString().slice(0, 10);
  const bail = await clerk.request.put(`/api/cases/${caseId}/bail`, {
    data: { bailGrantedOn: granted, releasedOn: null },
    headers: SAME_ORIGIN,
  });
  expect(bail.status(), await bail.text()).toBe(200);
  await clerkContext.close();

  // Hardoi's DLSA finds him on its desk, late to be told, and records that the jail told it today.
  const hardoiDlsaCode = (
    (await (await page.request.post('/api/dlsa-codes', { data: { state: 'UP', district: 'Hardoi' }, headers: SAME_ORIGIN })).json()) as {
      code: string;
    }
  ).code;
  const deskContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } });
  const desk = await deskContext.newPage();
  await signUpAndConfirm(desk.request, {
    role: 'DLSA',
    name: 'DLSA Hardoi',
    email: uniqueEmail('dlsahardoi'),
    password: PASSWORD,
    registrationCode: hardoiDlsaCode,
  });
  await desk.goto('/dlsa');
  const bailed = desk.getByRole('list', { name: 'Granted bail, still inside' });
  const deskCard = bailed.getByRole('listitem').filter({ has: desk.getByRole('heading', { name: 'सुरेश यादव (Suresh Yadav)' }) });
  await expect(deskCard).toContainText('The jail must inform the DLSA');
  await expect(deskCard).toContainText('Late: informing the DLSA');
  await expectAccessible(desk, 'DLSA bail desk');
  await expectNoHorizontalScroll(desk);
  await deskCard.getByRole('button', { name: 'Record: the DLSA was informed' }).click();
  await expect(deskCard).toContainText('The DLSA to recommend to the district committee');
  await expect(deskCard.getByRole('button', { name: 'Record: recommended to the committee' })).toBeVisible();
  await deskContext.close();

  // The administrator's count moved.
  await page.reload();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: prisonName }) })).toContainText(
    'Prisoners: 1 (in custody 1',
  );

  // The DLSA of Sitapur: its district's prisoner, with what he needs.
  const dlsaContext = await browser.newContext({ baseURL });
  const dlsa = await dlsaContext.newPage();
  await signInViaApi(dlsa, 'DLSA', 'dlsa.demo@gmail.com', DEMO_PASSWORD);
  await dlsa.goto('/dlsa');
  await expect(dlsa.getByRole('heading', { level: 1, name: 'Prisoners who need legal help' })).toBeVisible();
  const list = dlsa.getByRole('list', { name: 'Prisoners found' });
  await expect(list.getByRole('heading', { name: 'रमेश कुमार (Ramesh Kumar)' })).toBeVisible();
  await expect(list).toContainText('No lawyer');
  await expect(list).not.toContainText('सुरेश');
  await expectAccessible(dlsa, 'DLSA desk');
  await dlsaContext.close();
});
