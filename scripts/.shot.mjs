import { chromium } from 'playwright-core';
const [, , url, out, w = '390', actions = ''] = process.argv;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: Number(w), height: 800 } });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url);
await page.waitForTimeout(1500);
if (actions) {
  await eval(`(async()=>{${actions}})()`);
  await page.waitForTimeout(1500);
}
await page.screenshot({ path: out, fullPage: true });
console.log(page.url());
await browser.close();
