// Notice and consent (docs/decisions/0053-notice-and-consent.md), on a 360 px phone with axe on every
// screen: a family member in Hindi reads the privacy notice, signs up accepting it (not without), opens
// the account, registers a prisoner with the prisoner's consent recorded (not without), sees it on the
// case page, withdraws it in one tap (a new lawyer request is then refused) and gives it again, and
// withdraws and gives again her own consent on the profile. A minor's sign-up stays closed until the
// parent confirms by the emailed link. Labels are read from the app's own translations.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, PASSWORD, uniqueEmail, waitForMail } from './helpers.ts';

test.use({ viewport: { width: 360, height: 740 } });

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

function texts(lang: string, ns: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../src/client/locales/${lang}/${ns}.json`), 'utf8')) as Record<
    string,
    string
  >;
}
const hi = (ns: string, key: string) => {
  const text = texts('hi', ns)[key];
  if (text === undefined) throw new Error(`no Hindi text ${ns}:${key}`);
  return text;
};
/** A translation's words before its first placeholder. */
const lead = (text: string) => text.split('{{')[0]!.trim();

/** An email's text: Hindi emails travel as base64. */
function textOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  if (split === -1 || !/^Content-Transfer-Encoding: base64/im.test(raw.slice(0, split))) return raw;
  return Buffer.from(raw.slice(split).replace(/\s+/g, ''), 'base64').toString('utf8');
}

async function linkIn(to: string, pathName: string): Promise<string> {
  const mail = await waitForMail(to);
  const link = new RegExp(`http://\\S+${pathName}\\?token=[\\w-]+`).exec(textOf(mail.raw));
  if (!link) throw new Error(`no ${pathName} link in the email to ${to}`);
  return link[0];
}

async function screen(page: Page, label: string) {
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, label);
}

test('a family member in Hindi reads the notice, signs up accepting it, registers a prisoner with consent, and withdraws', async ({
  page,
}) => {
  const email = uniqueEmail('sahmati');
  await page.goto('/');
  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { level: 1, name: hi('accounts', 'signIn.title') })).toBeVisible();

  // The notice, from the signed-out screens' footer: standalone, in Hindi, with every part.
  await page.getByRole('link', { name: hi('accounts', 'privacy.link') }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: hi('privacy', 'title') })).toBeVisible();
  for (const part of ['collected', 'why', 'who', 'kept', 'withdraw', 'complain']) {
    await expect(page.getByRole('heading', { level: 2, name: hi('privacy', `${part}.title`) })).toBeVisible();
  }
  await expect(page.getByText(hi('privacy', 'who.dlsa'))).toBeVisible();
  await expect(page.getByText(hi('privacy', 'complain.body'))).toBeVisible();
  await screen(page, 'privacy notice (hi)');

  // Sign-up: refused on the page until the notice is accepted and the age said.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: hi('accounts', 'signUp.title') })).toBeVisible();
  await page.getByLabel(hi('accounts', 'role.label')).selectOption('Family-Member');
  await page.getByLabel(hi('accounts', 'name.label')).fill('सुनीता देवी');
  await page.getByRole('textbox', { name: hi('accounts', 'email.label'), exact: true }).fill(email);
  await page.getByRole('textbox', { name: hi('accounts', 'password.label'), exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: hi('accounts', 'signUp.submit') }).click();
  await expect(page.getByText(hi('accounts', 'signUp.acceptRequired'))).toBeVisible();
  await expect(page.getByText(hi('accounts', 'age.required'))).toBeVisible();
  await expect(page.getByRole('link', { name: hi('accounts', 'signUp.readNotice') })).toHaveAttribute('href', '/privacy');
  await page.getByRole('radio', { name: hi('accounts', 'age.adult') }).check();
  await page.getByRole('checkbox', { name: hi('accounts', 'signUp.acceptNotice') }).check();
  await screen(page, 'sign-up with the notice accepted (hi)');
  await page.getByRole('button', { name: hi('accounts', 'signUp.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: hi('accounts', 'sent.title') })).toBeVisible();

  // The account opens from the emailed link.
  await page.goto(await linkIn(email, '/confirm-email'));
  await page.getByLabel(hi('accounts', 'confirm.password')).fill(PASSWORD);
  await page.getByRole('button', { name: hi('accounts', 'confirm.submit') }).click();
  await expect(page).toHaveURL(/\/fmform$/);

  // /fmform, step by step; the last step asks how the prisoner agreed.
  await page.getByLabel(hi('release', 'facts.prisonerName')).fill('रवि कुमार');
  await page.getByRole('button', { name: hi('family', 'steps.next'), exact: true }).click();
  await page.getByLabel(new RegExp(`^${hi('family', 'caseNumber.label')}`)).fill(`FIR-${Date.now().toString(36)}/2026`);
  await page.getByLabel(new RegExp(`^${hi('family', 'caseAbout.label').replace('?', '\\?')}`)).selectOption('theft-cheating');
  await page.getByLabel(new RegExp(`^${hi('family', 'detail.label')}`)).fill('बेटे को चोरी के आरोप में पकड़ा गया है।');
  await page.getByRole('button', { name: hi('family', 'steps.next'), exact: true }).click();
  await page.getByLabel(new RegExp(`^${hi('family', 'phone.label')}`)).fill('98765 43210');
  await page.getByLabel(new RegExp(`^${hi('family', 'address.label')}`)).fill('गली 3, शाहदरा, दिल्ली');
  await expect(page.getByRole('radiogroup', { name: hi('privacy', 'consent.legend') })).toBeVisible();
  await page.getByRole('button', { name: hi('family', 'form.submit') }).click();
  await expect(page.getByText(hi('privacy', 'consent.required'))).toBeVisible();
  await page.getByRole('radio', { name: hi('privacy', 'basis.visit') }).check();
  await screen(page, 'registration with the prisoner consent (hi)');
  await page.getByRole('button', { name: hi('family', 'form.submit') }).click();
  await expect(page).toHaveURL(/\/family-member$/);

  // The case page shows which, when and by whom.
  await page.goto('/family-case');
  const consent = page.getByRole('region', { name: hi('privacy', 'case.title').replace('{{name}}', 'रवि कुमार') });
  await expect(consent).toContainText(hi('privacy', 'basis.visit'));
  await expect(consent).toContainText('सुनीता देवी');
  await screen(page, 'case page with the consent (hi)');

  // One tap withdraws it: said plainly, and a new lawyer request is refused.
  await consent.getByRole('button', { name: hi('privacy', 'case.withdraw') }).click();
  await expect(consent.getByRole('status')).toContainText(lead(hi('privacy', 'case.withdrawn').split('{{name}}')[1] ?? ''));
  await screen(page, 'case page, consent withdrawn (hi)');
  const cases = (await (await page.request.get('/api/family/cases')).json()) as { cases: { id: string }[] };
  expect(cases.cases).toHaveLength(1);
  const refused = await page.request.post('/api/family/requests', {
    data: { lawyerId: '00000000-0000-4000-8000-000000000000' },
    headers: SAME_ORIGIN,
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('prisoner_consent_withdrawn');

  // Given again.
  await consent.getByRole('button', { name: hi('privacy', 'case.give') }).click();
  await consent.getByRole('radio', { name: hi('privacy', 'basis.lawyer') }).check();
  await consent.getByRole('button', { name: hi('privacy', 'case.save') }).click();
  await expect(consent).toContainText(hi('privacy', 'basis.lawyer'));
  await expect(consent.getByRole('button', { name: hi('privacy', 'case.withdraw') })).toBeVisible();

  // Her own consent, on the profile: withdrawn in one tap, given again with the box.
  await page.goto('/profile');
  const own = page.getByRole('region', { name: hi('privacy', 'own.title') });
  await expect(own).toContainText(lead(hi('privacy', 'own.accepted')));
  await own.getByRole('button', { name: hi('privacy', 'own.withdraw') }).click();
  await expect(own.getByRole('status')).toContainText(lead(hi('privacy', 'own.withdrawn')));
  await screen(page, 'profile, own consent withdrawn (hi)');
  const blocked = await page.request.put('/api/family/registration', {
    data: { phone: '9876543210', address: 'गली 3, शाहदरा, दिल्ली', caseNumber: 'X-1', detail: 'd', caseType: 'Criminal Defense Lawyer' },
    headers: SAME_ORIGIN,
  });
  expect(blocked.status()).toBe(403);
  await own.getByRole('checkbox', { name: hi('privacy', 'own.accept') }).check();
  await own.getByRole('button', { name: hi('privacy', 'own.give') }).click();
  await expect(own.getByRole('button', { name: hi('privacy', 'own.withdraw') })).toBeVisible();
});

test("a minor's sign-up stays closed until the parent confirms by the emailed link", async ({ page, browser }) => {
  const email = uniqueEmail('minor');
  const parent = uniqueEmail('parent');
  await page.goto('/signup');
  await page.getByLabel('User category').selectOption('Family-Member');
  await page.getByLabel('Full name').fill('Chhotu Kumar');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('radio', { name: 'I am under 18' }).check();
  await page.getByRole('checkbox', { name: 'I have read the privacy notice and I agree' }).check();
  // Under 18: the parent's address, not the child's own.
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText("Type your parent's or guardian's email.")).toBeVisible();
  await page.getByLabel("Your parent's or guardian's email").fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "give your parent's or guardian's email address (not your own)" })).toBeVisible();
  await page.getByLabel("Your parent's or guardian's email").fill(parent);
  await screen(page, 'sign-up under 18');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We also emailed your parent or guardian at ${parent}.`)).toBeVisible();
  await screen(page, 'check your email, parent told');

  // The child's own link does not open the account yet.
  const confirm = await linkIn(email, '/confirm-email');
  await page.goto(confirm);
  await page.getByLabel('The password you chose at sign-up').fill(PASSWORD);
  await page.getByRole('button', { name: 'Open my account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your parent or guardian has not agreed yet.' })).toBeVisible();
  expect(((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user).toBeNull();

  // The parent, on another phone, opens their link: the child is named, and the confirmation recorded.
  const parentContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 360, height: 740 } });
  const parentPage = await parentContext.newPage();
  await parentPage.goto(await linkIn(parent, '/parent-consent'));
  await expect(parentPage.getByRole('heading', { level: 1, name: "A parent's consent" })).toBeVisible();
  await expect(parentPage.getByText(`Chhotu Kumar (${email}) signed up to Rihaai`)).toBeVisible();
  await screen(parentPage, "parent's page");
  await parentPage.getByRole('button', { name: 'I am the parent or guardian and I agree' }).click();
  await expect(parentPage.getByRole('status')).toContainText('Your consent is recorded');
  await screen(parentPage, "parent's page, confirmed");
  await parentContext.close();

  // Now the child's link opens the account.
  await page.goto(confirm);
  await page.getByLabel('The password you chose at sign-up').fill(PASSWORD);
  await page.getByRole('button', { name: 'Open my account' }).click();
  await expect(page).toHaveURL(/\/fmform$/);
});
