// Page weight of the sign-in route, as a phone on a slow network pays for it: every script and
// stylesheet the browser fetches to show the sign-in screen (the entry, its module preloads, the
// stylesheets and every chunk imported lazily on first render, such as the locale), gzipped.
// Limits from 170 KB of JavaScript, 25 KB of CSS.
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const LIMIT_JS = 170 * 1024;
const LIMIT_CSS = 25 * 1024;

test('the sign-in route stays under 170 KB of gzipped JavaScript and 25 KB of CSS', async ({ page }) => {
  const bodies: Promise<{ url: string; type: 'js' | 'css'; gzip: number } | undefined>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(
      res
        .body()
        .then((b) => ({
          url: new URL(res.url()).pathname,
          type: type === 'script' ? ('js' as const) : ('css' as const),
          gzip: gzipSync(b).length,
        }))
        .catch(() => undefined),
    );
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // Whatever the first render imports lazily (locale, icons) has been asked for by now.
  await page.waitForLoadState('networkidle');

  const files = (await Promise.all(bodies)).filter((f) => f !== undefined);
  const js = files.filter((f) => f.type === 'js').reduce((s, f) => s + f.gzip, 0);
  const css = files.filter((f) => f.type === 'css').reduce((s, f) => s + f.gzip, 0);
  const table = files
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.url}`)
    .join('\n');
  console.log(`sign-in route: JS ${(js / 1024).toFixed(1)} KB gzip, CSS ${(css / 1024).toFixed(1)} KB gzip\n${table}`);
  expect(files.some((f) => f.type === 'js')).toBe(true);
  expect(js, `JavaScript ${js} B gzip\n${table}`).toBeLessThanOrEqual(LIMIT_JS);
  expect(css, `CSS ${css} B gzip\n${table}`).toBeLessThanOrEqual(LIMIT_CSS);
});
