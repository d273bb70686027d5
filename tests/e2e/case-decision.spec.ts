// The court's decision on a case (docs/retention.md#closed-cases): the family records it on the case page of
// a phone, sees the day Rihaai deletes the case, finds it on the case's timeline, and takes it back.
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, registerFamilyViaApi, signUpViaApi } from './helpers.ts';

test('a family records the court’s decision, sees when the case is deleted, and takes it back', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, 'Family-Member', 'Kamla Devi');
  await registerFamilyViaApi(page, 'Criminal Defense Lawyer', 'FIR-77/2025');
  const list = await page.request.get('/api/family/cases');
  expect(list.status()).toBe(200);
  const { cases } = (await list.json()) as { cases: { id: string; caseNumber: string }[] };
  const caseId = cases.find((c) => c.caseNumber === 'FIR-77/2025')!.id;

  await page.goto(`/case/${caseId}`);
  const section = page.getByRole('region', { name: "The court's decision" });
  await expect(section.getByText('No decision is recorded: the case is pending.')).toBeVisible();
  await section.getByRole('button', { name: "Record the court's decision" }).click();
  await section.getByLabel('Day of the decision').fill('2026-03-12');
  await section.getByLabel('What the court decided').selectOption('acquitted');
  await expectAccessible(page, 'the decision form on a phone');
  await expectNoHorizontalScroll(page);
  await section.getByRole('button', { name: 'Save the decision' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "The court's decision is recorded." })).toBeVisible();
  await expect(section.getByText(/^Acquitted on .*2026\.$/)).toBeVisible();
  // A decided case is no undertrial's: the release explanation says so instead of counting dates.
  await expect(
    page
      .getByTestId('release-explainer')
      .getByText('The court has decided this case, so the release rules for people awaiting trial no longer apply to it.'),
  ).toBeVisible();
  // 2026-03-12 and the default 1095 days: deleted from 12 March 2029.
  await expect(section.getByText(/Rihaai deletes this case, its hearings and its papers from .*2029/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Changes to the facts' })).toContainText(
    "Kamla Devi (family member) changed: the court's decision",
  );
  await expectAccessible(page, 'a decided case on a phone');
  await expectNoHorizontalScroll(page);

  await section.getByRole('button', { name: 'Take back the decision' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The decision is taken back: the case is pending again.' })).toBeVisible();
  await expect(section.getByText('No decision is recorded: the case is pending.')).toBeVisible();
});
