// The accessibility scan every screen's test runs (helpers.ts expectAccessible) fails on what it must find.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers.ts';

test('the axe scan names a nameless button and faint text, after passing the clean page', async ({ page }) => {
  await page.goto('/about');
  await expectAccessible(page, 'clean');
  await page.evaluate(() => {
    const b = document.createElement('button');
    document.body.append(b);
    const p = document.createElement('p');
    p.textContent = 'faint words';
    p.style.color = '#eee';
    p.style.background = '#fff';
    document.body.append(p);
  });
  let message = '';
  await expectAccessible(page, 'broken').catch((e: Error) => (message = e.message));
  expect(message).toContain('broken: button-name');
  expect(message).toContain('broken: color-contrast');
});
