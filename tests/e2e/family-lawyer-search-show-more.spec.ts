// The lawyer search shows a page of lawyers, nearby first, and "Show more" adds the next page in the
// same order (docs/decisions/0016-lawyer-search-keyset-pages.md). Its own case type (no demo lawyer
// and no other spec uses it), so the 23 lawyers made here are the whole list.
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  barEnrolment,
  expectAccessible,
  expectNoHorizontalScroll,
  PASSWORD,
  signUpAndConfirm,
  signUpViaApi,
  uniqueEmail,
  verifySignedInLawyer,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const TYPE = 'Corporate Lawyer';
const SITAPUR = { state: 'UP', district: 'Sitapur' };
const LUCKNOW = { state: 'UP', district: 'Lucknow' };
const NEW_DELHI = { state: 'DL', district: 'New Delhi' };

async function registeredLawyer(request: APIRequestContext, name: string, place: { state: string; district: string }) {
  await signUpAndConfirm(request, { role: 'Lawyer', name, email: uniqueEmail('corp'), password: PASSWORD });
  const res = await request.put('/api/lawyers/registration', {
    data: {
      phone: '9811111111',
      address: '7 Court Road',
      lawyerType: TYPE,
      courtArea: 'District Court',
      ...place,
      ...barEnrolment(place.state),
    },
    headers: SAME_ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
  // Families find verified lawyers only (decision 0048).
  await verifySignedInLawyer(request);
}

test('lawyer search: the first page, then "Show more" adds the rest, nearby first, each once', async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  // 8 in the member's district, 8 elsewhere in the state, 7 in another state: 23, one page and three.
  const made = [
    ...Array.from({ length: 8 }, (_, i) => ({ name: `Corp ${tag} A${String(i).padStart(2, '0')}`, place: SITAPUR })),
    ...Array.from({ length: 8 }, (_, i) => ({ name: `Corp ${tag} B${String(i).padStart(2, '0')}`, place: LUCKNOW })),
    ...Array.from({ length: 7 }, (_, i) => ({ name: `Corp ${tag} C${String(i).padStart(2, '0')}`, place: NEW_DELHI })),
  ];
  // Made in the reverse of the list's order, so the list's order is the server's doing.
  for (let i = made.length - 1; i >= 0; i -= 4) {
    const batch = made.slice(Math.max(0, i - 3), i + 1);
    await Promise.all(
      batch.map(async (l) => {
        const request = await playwright.request.newContext({ baseURL });
        await registeredLawyer(request, l.name, l.place);
        await request.dispose();
      }),
    );
  }

  await page.setViewportSize({ width: 360, height: 800 });
  await signUpViaApi(page, 'Family-Member', `Kamla More ${tag}`);
  const reg = await page.request.put('/api/family/registration', {
    data: {
      prisonerConsent: 'visit',
      phone: '9876543210',
      address: 'Sitapur',
      caseNumber: `FIR-${tag}`,
      detail: 'Held at Sitapur jail.',
      caseType: TYPE,
      ...SITAPUR,
    },
    headers: SAME_ORIGIN,
  });
  expect(reg.status(), await reg.text()).toBe(200);

  await page.goto('/lawyerSearch');
  await expect(page.getByText('Shown first: Sitapur, then the rest of Uttar Pradesh, then other places.')).toBeVisible();
  const cards = page.getByRole('article');
  const names = () => cards.getByRole('heading').allTextContents();
  await expect(cards).toHaveCount(20);
  expect(await names()).toEqual(made.slice(0, 20).map((l) => l.name));
  await expect(cards.nth(0)).toContainText('Same district: Sitapur');
  await expect(cards.nth(8)).toContainText('Same state: Uttar Pradesh');

  const more = page.getByRole('button', { name: 'Show more lawyers' });
  await expect(more).toBeVisible();
  const box = await more.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(48);
  await expectAccessible(page, '/lawyerSearch with Show more');
  await expectNoHorizontalScroll(page);

  await more.click();
  await expect(cards).toHaveCount(23);
  expect(await names()).toEqual(made.map((l) => l.name));
  await expect(more).toHaveCount(0);

  // A lawyer of the second page is requested like any other: the card stays, marked requested, until
  // the list is refreshed; then it leaves and the rest stay.
  const last = made.at(-1)!.name;
  await page.getByRole('article', { name: last }).getByRole('button', { name: 'Request Lawyer' }).click();
  await expect(page.getByText(`Request sent to ${last}.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('article', { name: last }).getByText('Requested: waiting for an answer')).toBeVisible();
  await expect(cards).toHaveCount(23);
  await page.getByRole('button', { name: 'Refresh Lawyers' }).click();
  await expect(page.getByRole('article', { name: last })).toHaveCount(0);
  await expect(cards).toHaveCount(22);
  expect(await names()).toEqual(made.slice(0, 22).map((l) => l.name));
});
