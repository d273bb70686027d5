// Issue 25: a lawyer saving a form loaded before the jail changed the case's facts is refused (409
// stale_edit), is shown what the jail saved, in their own language, and can load it into the form;
// nothing of the jail's is reverted. Axe on the page with the notice.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { eligibleClient, expectAccessible, JAIL_CODE, ok, PASSWORD, signInViaApi, signUpAndConfirm, uniqueEmail } from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const hindi = (ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../src/client/locales/hi/${ns}.json`), 'utf8')) as Record<
    string,
    string
  >;

interface Detail {
  factsVersion: number;
  facts: Record<string, unknown>;
}

/** The jail authority changes the facts through the API, from what is saved now. */
async function jailChanges(jail: APIRequestContext, caseId: string, change: Record<string, unknown>) {
  const now = (await ok(await jail.get(`/api/cases/${caseId}`))) as Detail;
  const { facts } = now;
  const offences = (facts.offences as { code: string; label: string | null; maxMonths: number | null }[]).map((o) =>
    o.code === 'other' ? { code: 'other', label: o.label, maxMonths: o.maxMonths } : { code: o.code },
  );
  await ok(await jail.put(`/api/cases/${caseId}/facts`, { data: { ...facts, offences, ...change, version: now.factsVersion } }));
}

test.describe.configure({ timeout: 180_000 });

test('a stale facts form shows the jail’s change in the lawyer’s language and reverts nothing', async ({ page, playwright, baseURL }) => {
  const c = await eligibleClient(playwright, baseURL!);
  const jail = await playwright.request.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN });
  await signUpAndConfirm(jail, {
    role: 'Jail-Authority',
    name: 'Superintendent Stale',
    email: uniqueEmail('jailstale'),
    password: PASSWORD,
    registrationCode: JAIL_CODE,
  });

  // The lawyer opens the facts form; meanwhile the jail records a graver offence (dacoity, 10 years).
  await signInViaApi(page, 'Lawyer', c.lawyerEmail);
  await page.goto(`/case/${c.caseId}`);
  const form = page.getByRole('region', { name: 'Facts of the case' });
  await expect(form.getByLabel('Days of delay caused by the accused')).toHaveValue('0');
  await jailChanges(jail, c.caseId, { offences: [{ code: 'dacoity' }] });

  // The lawyer saves the old form with a delay of 12 days: refused, with the jail's offence shown.
  await form.getByLabel('Days of delay caused by the accused').fill('12');
  await form.getByRole('button', { name: 'Save the facts' }).click();
  const notice = page.getByTestId('stale-edit');
  await expect(notice).toContainText('Someone else saved a change while you were editing. Nothing of yours was saved.');
  await expect(notice).toContainText('Last saved by Superintendent Stale (jail authority).');
  await expect(notice).toContainText('offences: Dacoity');
  await expect(notice).toHaveAttribute('role', 'alert');
  await expectAccessible(page, 'case facts with a stale-edit notice');
  let saved = (await ok(await page.request.get(`/api/cases/${c.caseId}`))) as Detail;
  expect(saved.facts).toMatchObject({ offences: [{ code: 'dacoity' }], delayByAccusedDays: 0 });

  // Loading the saved values, then making the change again, keeps the jail's offence.
  await notice.getByRole('button', { name: 'Load the saved values into the form' }).click();
  await expect(notice).toBeHidden();
  await expect(form.getByLabel('Days of delay caused by the accused')).toHaveValue('0');
  await form.getByLabel('Days of delay caused by the accused').fill('12');
  await form.getByRole('button', { name: 'Save the facts' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Facts saved. The dates are updated.' })).toBeVisible();
  saved = (await ok(await page.request.get(`/api/cases/${c.caseId}`))) as Detail;
  expect(saved.facts).toMatchObject({ offences: [{ code: 'dacoity' }], delayByAccusedDays: 12 });

  // In Hindi: the same refusal in the lawyer's language.
  await ok(await page.request.put('/api/profile/language', { data: { language: 'hi' }, headers: SAME_ORIGIN }));
  await page.goto(`/case/${c.caseId}`);
  const release = hindi('release');
  const hiForm = page.getByRole('region', { name: release['form.title'] });
  await expect(hiForm.getByLabel(release['facts.delay']!)).toHaveValue('12');
  await jailChanges(jail, c.caseId, { otherPendingCases: 1 });
  await hiForm.getByLabel(release['facts.delay']!).fill('20');
  await hiForm.getByRole('button', { name: release['form.save'] }).click();
  await expect(page.getByTestId('stale-edit')).toContainText(hindi('errors')['stale_edit']!);
  await expect(page.getByTestId('stale-edit')).toContainText(hindi('common')['staleEdit.title']!);
  saved = (await ok(await page.request.get(`/api/cases/${c.caseId}`))) as Detail;
  expect(saved.facts).toMatchObject({ otherPendingCases: 1, delayByAccusedDays: 12 });
  await jail.dispose();
});
