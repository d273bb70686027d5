import { chromium, request } from 'playwright-core';
const base = 'http://127.0.0.1:3103';
const H = { 'sec-fetch-site': 'same-origin' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const rnd = Math.random().toString(36).slice(2, 7);
async function ctx() { return request.newContext({ baseURL: base, extraHTTPHeaders: H }); }
async function must(res) { if (!res.ok()) throw new Error(res.url() + ' ' + res.status() + ' ' + (await res.text())); return res.json().catch(() => null); }
const fam = await ctx();
const famEmail = `kamla${rnd}@gmail.com`;
await must(await fam.post('/api/auth/signup', { data: { role: 'Family-Member', name: `Kamla Shot ${rnd}`, email: famEmail, password: 'e2e-password-123' } }));
await must(await fam.put('/api/family/registration', { data: { phone: '9876501234', address: '5 Rohini, Delhi', caseNumber: `FIR-SHOT-${rnd}`, detail: 'Held under IPC 420', caseType: 'Criminal Defense Lawyer' } }));
const law = await ctx();
await must(await law.post('/api/auth/signup', { data: { role: 'Lawyer', name: `Adv. Shot ${rnd}`, email: `advshot${rnd}@gmail.com`, password: 'e2e-password-123' } }));
const me = await must(await law.get('/api/auth/session'));
await must(await law.put('/api/lawyers/registration', { data: { phone: '9811100000', address: 'Court Rd', lawyerType: 'Criminal Defense Lawyer', courtArea: 'Saket' } }));
await must(await fam.post('/api/family/requests', { data: { lawyerId: me.user.id } }));
const reqs = await must(await law.get('/api/lawyers/requests'));
const r = reqs.requests[0];
await must(await law.post(`/api/lawyers/requests/${r.id}/accept`));
const famMe = await must(await fam.get('/api/auth/session'));
await must(await law.post(`/api/lawyers/clients/${famMe.user.id}/documents`, { multipart: { file: { name: 'bail-order.pdf', mimeType: 'application/pdf', buffer: PDF } } }));
await must(await fam.post('/api/family/documents', { multipart: { file: { name: 'family-copy.pdf', mimeType: 'application/pdf', buffer: PDF } } }));

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const w of [360, 1280]) {
  const page = await browser.newPage({ viewport: { width: w, height: 900 } });
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text()); });
  await page.request.post(base + '/api/auth/signin', { data: { role: 'Jail-Authority', email: 'jail.demo@gmail.com', password: 'rihaai-demo-2024' }, headers: H });
  await page.goto(base + '/dashboard');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/jailshots/dashboard-${w}.png`, fullPage: true });
  await page.goto(base + `/bail-page?q=${rnd}`);
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'View Bail Paper' }).first().click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/jailshots/bail-${w}.png`, fullPage: true });
  await page.goto(base + '/ngos');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/jailshots/ngos-${w}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add NGO' }).click();
  await page.waitForTimeout(800);
  await page.getByRole('button', { name: 'Save NGO' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/jailshots/ngo-form-${w}.png`, fullPage: false });
  await page.close();
}
await browser.close();
console.log('done', rnd);
