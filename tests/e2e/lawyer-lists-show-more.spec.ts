// A busy lawyer's two lists come a page at a time (docs/decisions/0028-lawyer-lists-keyset-pages.md):
// the home says more than a page of requests waits, /pending-case shows the oldest page and "Show more
// requests" the rest, and /lawyer-cases shows the most recently accepted clients first with "Show more
// clients" for the rest. At 360 px, with the axe scan.
import { expect, test } from '@playwright/test';
import {
  barEnrolment,
  expectAccessible,
  expectNoHorizontalScroll,
  ok,
  PASSWORD,
  signUpAndConfirm,
  signUpViaApi,
  uniqueEmail,
  verifySignedInLawyer,
} from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const FAMILIES = 23;

test('a busy lawyer: more than a page of requests and of clients, each list a page then "Show more"', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  await page.setViewportSize({ width: 360, height: 800 });
  await signUpViaApi(page, 'Lawyer', `Adv. Busy ${tag}`);
  await ok(
    await page.request.put('/api/lawyers/registration', {
      data: { phone: '9811111111', address: '7 Court Road', lawyerType: 'Environmental Lawyer', courtArea: 'Saket', ...barEnrolment() },
      headers: SAME_ORIGIN,
    }),
  );
  // Families reach verified lawyers only (decision 0048).
  const user = { id: await verifySignedInLawyer(page.request) };

  // Families ask one after another, four at a time: the oldest request is family 00's.
  const names = Array.from({ length: FAMILIES }, (_, i) => `Busy ${tag} F${String(i).padStart(2, '0')}`);
  const requestIds: string[] = [];
  for (let i = 0; i < FAMILIES; i += 4) {
    const batch = names.slice(i, i + 4);
    const ids = await Promise.all(
      batch.map(async (name, j) => {
        const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN });
        await signUpAndConfirm(request, { role: 'Family-Member', name, email: uniqueEmail('busy'), password: PASSWORD });
        await ok(
          await request.put('/api/family/registration', {
            data: {
              prisonerConsent: 'visit',
              phone: '9876543210',
              address: 'Saket',
              caseNumber: `FIR-${tag}-${i + j}`,
              detail: 'Held at Tihar.',
              caseType: 'Environmental Lawyer',
            },
          }),
        );
        return request;
      }),
    );
    // One request at a time, so the list's order (oldest first) is known.
    for (const request of ids) {
      const made = (await ok(await request.post('/api/family/requests', { data: { lawyerId: user.id } }))) as { id: string };
      requestIds.push(made.id);
      await request.dispose();
    }
  }

  await page.goto('/lawyer');
  await expect(page.getByRole('link', { name: 'More than 20 case requests are waiting for your answer' })).toBeVisible();

  await page.goto('/pending-case');
  const requestCards = page.locator('section').filter({ has: page.getByRole('button', { name: 'Accept' }) });
  const headings = (cards: typeof requestCards) => cards.getByRole('heading', { level: 2 }).allTextContents();
  await expect(requestCards).toHaveCount(20);
  expect(await headings(requestCards)).toEqual(names.slice(0, 20));
  const moreRequests = page.getByRole('button', { name: 'Show more requests' });
  await expect(moreRequests).toBeVisible();
  expect((await moreRequests.boundingBox())!.height).toBeGreaterThanOrEqual(36);
  await expectAccessible(page, '/pending-case with Show more');
  await expectNoHorizontalScroll(page);
  await moreRequests.click();
  await expect(requestCards).toHaveCount(FAMILIES);
  expect(await headings(requestCards)).toEqual(names);
  await expect(moreRequests).toHaveCount(0);

  // A request of the second page is rejected like any other: its card leaves, the rest stay.
  const last = names.at(-1)!;
  await requestCards.filter({ hasText: last }).getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('button', { name: 'Reject request' }).click();
  await expect(page.getByText(`You rejected the request from ${last}.`)).toBeVisible();
  await expect(requestCards).toHaveCount(FAMILIES - 1);

  // The lawyer accepts the others, oldest first: the newest client is the last accepted.
  for (const id of requestIds.slice(0, -1))
    await ok(await page.request.post(`/api/lawyers/requests/${id}/accept`, { headers: SAME_ORIGIN }));
  await page.goto('/lawyer');
  await expect(page.getByText('No case request is waiting for your answer.')).toBeVisible();

  await page.goto('/lawyer-cases');
  const clientCards = page.locator('section').filter({ has: page.getByRole('button', { name: 'Upload Bail Paper' }) });
  const accepted = names.slice(0, -1).reverse();
  await expect(clientCards).toHaveCount(20);
  expect(await headings(clientCards)).toEqual(accepted.slice(0, 20));
  const moreClients = page.getByRole('button', { name: 'Show more clients' });
  await expect(moreClients).toBeVisible();
  await expectAccessible(page, '/lawyer-cases with Show more');
  await expectNoHorizontalScroll(page);
  await moreClients.click();
  await expect(clientCards).toHaveCount(FAMILIES - 1);
  expect(await headings(clientCards)).toEqual(accepted);
  await expect(moreClients).toHaveCount(0);
});
