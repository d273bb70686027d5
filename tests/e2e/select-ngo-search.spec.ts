// Issue 10: 'Select NGO' on the dashboard offers the 20 nearest NGOs with a free seat and says when there
// are more; typing the start of a name finds the others (docs/decisions/0030-select-ngo-nearest-and-by-name.md).
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, signUpViaApi } from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

test('Select NGO lists the 20 nearest, says there are more, and finds any other by the start of its name', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  // A family member whose prison is in Sitapur.
  const familyContext = await browser.newContext({ baseURL });
  const family = await familyContext.newPage();
  const { name } = await signUpViaApi(family, 'Family-Member', `Ramvati Seva ${tag}`);
  const registered = await family.request.put('/api/family/registration', {
    data: {
      prisonerConsent: 'visit',
      phone: '9876543210',
      address: 'Station Road, Sitapur',
      caseNumber: `FIR-${tag}`,
      detail: 'Held at District Jail Sitapur.',
      caseType: 'Criminal Defense Lawyer',
      state: 'UP',
      district: 'Sitapur',
    },
    headers: SAME_ORIGIN,
  });
  expect(registered.status(), await registered.text()).toBe(200);
  await familyContext.close();

  // 21 NGOs with a free seat in Sitapur: one more than the list shows.
  await signUpViaApi(page, 'Jail-Authority');
  const made: { id: string; name: string; version: number }[] = [];
  for (let i = 1; i <= 21; i++) {
    const res = await page.request.post('/api/ngos', {
      data: {
        name: `Seva ${tag} ${String(i).padStart(2, '0')}`,
        address: `${i} Station Road, Sitapur`,
        contactInfo: `seva${i}.${tag}@example.org`,
        seatsTotal: 1,
        state: 'UP',
        district: 'Sitapur',
      },
      headers: SAME_ORIGIN,
    });
    expect(res.status(), await res.text()).toBe(201);
    made.push((await res.json()) as { id: string; name: string; version: number });
  }

  try {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/dashboard?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('article', { name });
    const select = card.getByLabel(/^Select NGO/);
    const district = select.locator('optgroup[label="Same district: Sitapur"] option');
    await expect(district).toHaveCount(20);
    await expect(district.first()).toHaveText(/^Seva .* 01 — 1 Station Road, Sitapur — 1 seat free$/);
    await expect(card.getByText('These are the 20 nearest NGOs with a free seat. Type a name to find others.')).toBeVisible();
    await expectAccessible(page, '/dashboard Select NGO, nearest');
    await expectNoHorizontalScroll(page);

    // A broad name: more match than the list shows.
    const find = card.getByLabel(/^Find an NGO by name/);
    await find.fill(`seva ${tag}`);
    await expect(card.getByText('More than 20 NGOs match. Type more of the name.')).toBeVisible();
    // The 21st, which the nearest list did not show, by its name in any case.
    await find.fill(`SEVA ${tag} 21`);
    await expect(select.locator('option:not([disabled])')).toHaveCount(1);
    await expect(card.getByText(/Type a name to find others|More than 20 NGOs match/)).toHaveCount(0);
    await select.selectOption({ label: `Seva ${tag} 21 — 21 Station Road, Sitapur — 1 seat free` });
    await expect(card.getByText(`seva21.${tag}@example.org`)).toBeVisible();

    // No NGO named so.
    await find.fill(`nobody ${tag}`);
    await expect(card.getByText(`No NGO with a free seat has a name starting with “nobody ${tag}”.`)).toBeVisible();
    await expectAccessible(page, '/dashboard Select NGO, none named');

    // Assign the 21st, found by name.
    await find.fill(`Seva ${tag} 21`);
    await select.selectOption({ label: `Seva ${tag} 21 — 21 Station Road, Sitapur — 1 seat free` });
    await card.getByRole('button', { name: 'Assign NGO' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'NGO successfully assigned!' })).toBeVisible();
    await expect(card.getByLabel(/^Select NGO/)).toHaveCount(0);
    await expect(card.getByText(`Seva ${tag} 21`)).toBeVisible();
  } finally {
    // Leave no free seats behind for the other tests' nearest lists: the capacity goes to what is assigned.
    for (const ngo of made.slice(0, 20)) {
      const res = await page.request.put(`/api/ngos/${ngo.id}`, {
        data: {
          name: ngo.name,
          address: 'Station Road, Sitapur',
          contactInfo: 'closed@example.org',
          seatsTotal: 0,
          state: 'UP',
          district: 'Sitapur',
          version: ngo.version,
        },
        headers: SAME_ORIGIN,
      });
      expect(res.status(), await res.text()).toBe(200);
    }
  }
});
