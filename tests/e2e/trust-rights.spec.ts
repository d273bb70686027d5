// Rights a family can use (docs/decisions/0054-rights-a-family-can-use.md), in Hindi on a 360 px
// phone: the family member sees on her profile why her account cannot be erased yet (her husband is in
// custody and she alone follows him), names a nominee, opens /my-data and downloads it as a JSON file
// and as an HTML page, corrects her husband's father's name there; once her brother-in-law follows the
// case too, she erases her account and is signed out, and the account no longer opens. Axe on each screen.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { PASSWORD, confirmByMail, expectAccessible, expectNoHorizontalScroll, passSecondFactorViaApi, uniqueEmail } from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
/** Words of the English screens that must not be left on the Hindi ones. */
const ENGLISH = /My data|Download|Nominee|nominee|Erase|Correct this|Who it was shared|Save this page|About you/;

/** A family member's account, opened by its emailed link; the privacy notice accepted where sign-up asks for it. */
async function signUp(request: APIRequestContext, name: string, email: string) {
  const base = { role: 'Family-Member', name, email, password: PASSWORD };
  let res = await request.post('/api/auth/signup', { data: base, headers: SAME_ORIGIN });
  if (res.status() === 400 && (await res.text()).includes('notice_not_accepted'))
    res = await request.post('/api/auth/signup', { data: { ...base, acceptNotice: true, adult: true }, headers: SAME_ORIGIN });
  expect(res.status(), await res.text()).toBe(201);
  await confirmByMail(request, email, PASSWORD);
  await passSecondFactorViaApi(request, email);
}

test('a family member in Hindi downloads her data, names a nominee and erases her account', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const email = uniqueEmail('rights');
  const name = `सुनीता देवी ${tag}`;
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, acceptDownloads: true });
  const page = await context.newPage();
  const relativeApi = await playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: SAME_ORIGIN });
  try {
    await signUp(page.request, name, email);
    const registration = {
      phone: '9876512345',
      address: `12 गांधी नगर, सीतापुर ${tag}`,
      caseNumber: `FIR-${tag}/2026`,
      detail: 'चोरी के आरोप में बंद',
      caseType: 'Criminal Defense Lawyer',
      facts: { prisonerName: 'रमेश कुमार', prisonerRelation: 'husband' },
    };
    let registered = await page.request.put('/api/family/registration', { data: registration, headers: SAME_ORIGIN });
    // Where registering a prisoner asks for their consent: given in a visit.
    if (registered.status() === 400 && (await registered.text()).includes('prisoner_consent_required'))
      registered = await page.request.put('/api/family/registration', {
        data: { ...registration, prisonerConsent: 'visit' },
        headers: SAME_ORIGIN,
      });
    expect(registered.status(), await registered.text()).toBe(200);
    await page.goto('/profile');
    await page.evaluate(() => localStorage.setItem('rihaai.language', 'hi'));
    await page.reload();

    // The profile: her data, the nominee, and why erasure must wait.
    await expect(page.getByRole('heading', { level: 2, name: 'मेरा खाता मिटाएँ' })).toBeVisible();
    await expect(page.getByText('आपका खाता अभी मिटाया नहीं जा सकता')).toBeVisible();
    await expect(page.getByText('रमेश कुमार अभी हिरासत में हैं, और मामला फ़ॉलो करने वाले अकेले रिश्तेदार आप हैं।')).toBeVisible();
    await expect(page.getByRole('button', { name: 'मेरा खाता मिटाएँ' })).toHaveCount(0);

    // A nominee: a wrong phone is refused in Hindi, then saved.
    await page.getByLabel('नामित व्यक्ति का नाम').fill('रेखा देवी');
    await page.getByLabel('वे आपके क्या लगते हैं').fill('बहन');
    await page.getByLabel('नामित व्यक्ति का फ़ोन').fill('12345');
    await page.getByRole('button', { name: 'नामित व्यक्ति सहेजें' }).click();
    await expect(page.getByText('10 अंकों का मोबाइल नंबर लिखें।')).toBeVisible();
    await page.getByLabel('नामित व्यक्ति का फ़ोन').fill('98765 01234');
    await page.getByRole('button', { name: 'नामित व्यक्ति सहेजें' }).click();
    await expect(page.getByText('नामित व्यक्ति सहेजा गया।')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(ENGLISH);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, '/profile in Hindi, erasure refused');
    await page.screenshot({ path: test.info().outputPath('hi-profile-erasure-refused.png'), fullPage: true });

    // My data: readable, with the nominee and the prisoner, and each part's way to correct it.
    await page.getByRole('link', { name: 'मेरा डेटा देखें और डाउनलोड करें' }).click();
    await expect(page).toHaveURL(/\/my-data$/);
    await expect(page.getByRole('heading', { level: 1, name: 'मेरा डेटा' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'आपका नामित व्यक्ति' })).toContainText('रेखा देवी');
    const prisoner = page.getByRole('region', { name: 'क़ैदी: रमेश कुमार' });
    await expect(prisoner).toContainText('पति');
    await expect(page.getByRole('region', { name: 'आपके बारे में' }).getByRole('link', { name: 'इसे सुधारें' })).toHaveAttribute(
      'href',
      '/edit-profile',
    );
    await expect(page.getByRole('main')).not.toContainText(ENGLISH);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, '/my-data in Hindi');
    await page.screenshot({ path: test.info().outputPath('hi-my-data.png'), fullPage: true });
    // On paper: the sheet alone, under its title; the app's buttons and bars are hidden.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('region', { name: 'आपके बारे में' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'मेरा डेटा डाउनलोड करें (JSON फ़ाइल)' })).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('hi-my-data-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // The JSON file.
    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'मेरा डेटा डाउनलोड करें (JSON फ़ाइल)' }).click(),
    ]);
    expect(jsonDownload.suggestedFilename()).toMatch(/^rihaai-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync(await jsonDownload.path(), 'utf8')) as {
      account: { email: string; name: string };
      nominee: { name: string; phone: string };
      prisoners: { name: string }[];
      cases: { caseNumber: string }[];
    };
    expect(data.account).toMatchObject({ email, name });
    expect(data.nominee).toMatchObject({ name: 'रेखा देवी', phone: '+919876501234' });
    expect(data.prisoners.map((p) => p.name)).toEqual(['रमेश कुमार']);
    expect(data.cases.map((c) => c.caseNumber)).toEqual([`FIR-${tag}/2026`]);

    // The readable page, saved as an HTML file.
    const [htmlDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'यह पेज सहेजें (HTML फ़ाइल)' }).click(),
    ]);
    expect(htmlDownload.suggestedFilename()).toMatch(/\.html$/);
    const html = fs.readFileSync(await htmlDownload.path(), 'utf8');
    expect(html).toContain('<html lang="hi"');
    expect(html).toContain('मेरा डेटा');
    expect(html).toContain('रेखा देवी');
    expect(html).toContain(name);
    expect(html).not.toContain('<button');

    // Correct the prisoner's father's name here.
    await prisoner.getByRole('button', { name: 'इसे सुधारें' }).click();
    await prisoner.getByLabel('पिता या पति का नाम').fill('हरि प्रसाद');
    await expectAccessible(page, '/my-data correcting the prisoner in Hindi');
    await prisoner.getByRole('button', { name: 'क़ैदी की जानकारी सहेजें' }).click();
    await expect(page.getByText('क़ैदी की जानकारी सहेजी गई।')).toBeVisible();
    await expect(prisoner).toContainText('हरि प्रसाद');

    // Her brother-in-law follows the case too: now the record has someone to keep it.
    const prisonerId = ((await (await page.request.get('/api/family/prisoners')).json()) as { prisoners: { id: string }[] }).prisoners[0]!
      .id;
    const invite = await page.request.post(`/api/family/prisoners/${prisonerId}/invitations`, { headers: SAME_ORIGIN });
    expect(invite.status(), await invite.text()).toBe(201);
    const { code } = (await invite.json()) as { code: string };
    await signUp(relativeApi, `सुरेश कुमार ${tag}`, uniqueEmail('rightsrel'));
    const joined = await relativeApi.post('/api/family/invitations/accept', {
      data: { code, relation: 'भाई', phone: '9876543210', address: '2 सिविल लाइंस, सीतापुर' },
    });
    expect(joined.status(), await joined.text()).toBe(200);

    // Erasure: the password and the promise that she understands; then she is signed out.
    await page.goto('/profile');
    await expect(page.getByText('आपका खाता अभी मिटाया नहीं जा सकता')).toHaveCount(0);
    await page.getByLabel('आपका पासवर्ड').fill(PASSWORD);
    const erase = page.getByRole('button', { name: 'मेरा खाता मिटाएँ' });
    await expect(erase).toBeDisabled();
    await page.getByLabel(/मैं समझती\/समझता हूँ/).check();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, '/profile in Hindi, erasure allowed');
    await erase.click();
    await expect(page.getByText('आपका खाता मिटा दिया गया।')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user).toBeNull();
    const again = await page.request.post('/api/auth/signin', {
      data: { role: 'Family-Member', email, password: PASSWORD },
      headers: SAME_ORIGIN,
    });
    expect(again.status()).toBe(401);
    // The case stays with the brother-in-law, whose record now names only him.
    const kept = (await (await relativeApi.get('/api/family/prisoners')).json()) as { prisoners: { followers: { name: string }[] }[] };
    expect(kept.prisoners[0]!.followers.map((f) => f.name)).toEqual([`सुरेश कुमार ${tag}`]);
  } finally {
    await context.close();
    await relativeApi.dispose();
  }
});
