// Place names people read: on /fmform a family member finds the prison's district by typing part of
// its name in English or in an Indian script ("प्रयाग", "Prayag", "மதுரை", "প্রয়াগ"), on English, Hindi
// and Bengali screens; each Indian-language screen lists states and districts in its own script, and
// the list says Prayagraj, not Allahabad.
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, signUpViaApi } from './helpers.ts';

test.use({ viewport: { width: 360, height: 800 } });

test('English screen: typing "प्रयाग" finds Prayagraj and sets the state and district', async ({ page }) => {
  await signUpViaApi(page, 'Family-Member');
  await page.goto('/fmform');
  const search = page.getByRole('searchbox', { name: 'Find your district' });
  await search.fill('प्रयाग');
  await page.getByRole('button', { name: 'Prayagraj, Uttar Pradesh' }).click();
  await expect(page.getByLabel(/^State or union territory/)).toHaveValue('UP');
  await expect(page.getByLabel(/^District/)).toHaveValue('Prayagraj');
  await expect(page.getByLabel(/^District/).locator('option', { hasText: 'Allahabad' })).toHaveCount(0);
  await expect(search).toHaveValue('');

  await search.fill('zzzq');
  await expect(page.getByText('No district found. Choose the state and district below.')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, '/fmform district search');
});

test('Hindi screen: typing "Prayag" finds प्रयागराज; the district list is in Devanagari', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('rihaai.language', 'hi'));
  await signUpViaApi(page, 'Family-Member');
  await page.goto('/fmform');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByRole('searchbox', { name: 'अपना ज़िला खोजें' }).fill('Prayag');
  await page.getByRole('button', { name: 'प्रयागराज, उत्तर प्रदेश' }).click();
  const district = page.locator('select').filter({ has: page.locator('option[value="Prayagraj"]') });
  await expect(district).toHaveValue('Prayagraj');
  await expect(district.locator('option[value="Lucknow"]')).toHaveText('लखनऊ');
  await expect(district.locator('option[value="Prayagraj"]')).toHaveText('प्रयागराज');
  await expectAccessible(page, '/fmform district search in Hindi');
});

test('English screen: a name typed in Tamil script finds Madurai (the Tamil names load as it is typed)', async ({ page }) => {
  await signUpViaApi(page, 'Family-Member');
  await page.goto('/fmform');
  await page.getByRole('searchbox', { name: 'Find your district' }).fill('மதுரை');
  await page.getByRole('button', { name: 'Madurai, Tamil Nadu' }).click();
  await expect(page.getByLabel(/^District/)).toHaveValue('Madurai');
});

test('Bengali screen: "প্রয়াগ" finds প্রয়াগরাজ; states and districts are in Bengali script', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('rihaai.language', 'bn'));
  await signUpViaApi(page, 'Family-Member');
  await page.goto('/fmform');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByRole('searchbox', { name: 'আপনার জেলা খুঁজুন' }).fill('প্রয়াগ');
  await page.getByRole('button', { name: 'প্রয়াগরাজ, উত্তরপ্রদেশ' }).click();
  const state = page.locator('select').filter({ has: page.locator('option[value="WB"]') });
  await expect(state).toHaveValue('UP');
  await expect(state.locator('option[value="WB"]')).toHaveText('পশ্চিমবঙ্গ');
  const district = page.locator('select').filter({ has: page.locator('option[value="Prayagraj"]') });
  await expect(district).toHaveValue('Prayagraj');
  await expect(district.locator('option[value="Lucknow"]')).toHaveText('লখনউ');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, '/fmform district search in Bengali');
});
