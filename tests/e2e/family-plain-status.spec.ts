// Every family screen opens with one sentence: the person's name, where things stand and the one next
// step, with an icon; its legal terms are underlined and explained on a tap or with the keyboard, and
// Listen reads the sentence aloud (speech synthesis replaced by a recorder). On a 360 px phone, with axe.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, firstOfMonth, ok, PASSWORD, signUpAndConfirm, uniqueEmail } from './helpers.ts';

test.use({ viewport: { width: 360, height: 740 } });

/** Replaces speechSynthesis with a recorder that has a Hindi and an Indian English voice. */
async function recordSpeech(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __spoken: { text: string; lang: string }[] };
    w.__spoken = [];
    const voices = [
      { name: 'Hindi', lang: 'hi-IN', localService: true, default: false, voiceURI: 'Hindi' },
      { name: 'Indian English', lang: 'en-IN', localService: true, default: false, voiceURI: 'Indian English' },
    ];
    class Utterance {
      lang = '';
      voice: unknown = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public text: string) {}
    }
    const synth = {
      getVoices: () => voices,
      speak: (u: Utterance) => w.__spoken.push({ text: u.text, lang: u.lang }),
      cancel() {},
      pause() {},
      resume() {},
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  });
}

/** A family member (in `language`) whose son Ramesh is held for theft, first offence, two years, charge-sheet filed in time. */
async function family(page: Page, language: string, facts: Record<string, unknown>) {
  await page.addInitScript((l) => localStorage.setItem('rihaai.language', l), language);
  await signUpAndConfirm(page.request, { role: 'Family-Member', name: 'Status Family', email: uniqueEmail('status'), password: PASSWORD });
  await ok(
    await page.request.put('/api/family/registration', {
      headers: { 'sec-fetch-site': 'same-origin' },
      data: {
        prisonerConsent: 'visit',
        phone: '9876501234',
        address: '5 Rohini, Delhi',
        caseNumber: `FIR-STATUS-${Math.random().toString(36).slice(2, 8)}`,
        detail: 'Son held for theft',
        caseType: 'Criminal Defense Lawyer',
        facts: { prisonerName: 'रमेश', prisonerRelation: 'son', ...facts },
      },
    }),
  );
}

test('Hindi: the home and each family screen open with "रमेश जी … रिहाई के हक़दार हैं — …", terms explained, read aloud', async ({ page }) => {
  await recordSpeech(page);
  await family(page, 'hi', {
    custodySince: firstOfMonth(-24),
    chargesheetFiledOn: firstOfMonth(-23),
    offences: [{ code: 'theft' }],
    firstOffence: true,
  });
  const cases = (await ok(await page.request.get('/api/family/cases'))) as { cases: { release: { s479EligibleOn: string } }[] };
  const eligibleOn = cases.cases[0]!.release.s479EligibleOn;
  const day = new Intl.DateTimeFormat('hi', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${eligibleOn}T00:00:00Z`));
  const sentence = `रमेश जी धारा 479 के तहत ${day} से रिहाई के हक़दार हैं — अभी 15100 पर फ़ोन करें और मुफ़्त क़ानूनी सहायता लें: वकील अदालत में रिहाई की अर्ज़ी दे सकते हैं`;

  await page.goto('/family-member');
  const status = page.getByTestId('family-status');
  await expect(status.getByTestId('family-status-text')).toHaveText(sentence);
  await expect(status).toHaveAttribute('data-status', 's479-eligible');
  // The sentence comes first: right under the title, before the home's cards.
  const [statusBox, cardBox] = await Promise.all([status.boundingBox(), page.getByRole('link', { name: /मामले की स्थिति/ }).boundingBox()]);
  expect(statusBox!.y).toBeLessThan(cardBox!.y);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'family home with its status');

  // A legal term: underlined; a tap shows what it means, Escape closes it and focus comes back.
  const term = status.locator('[data-term="s479"]');
  await expect(term).toHaveText('धारा 479');
  await expect(term).toHaveCSS('text-decoration-line', 'underline');
  await term.click();
  const meaning = page.getByRole('dialog');
  await expect(meaning).toContainText('BNSS धारा 479: जो विचाराधीन व्यक्ति');
  await expectAccessible(page, 'a legal term explained');
  await page.keyboard.press('Escape');
  await expect(meaning).toHaveCount(0);
  await expect(term).toBeFocused();
  // With the keyboard alone: Tab to the next term, Enter.
  const aid = status.locator('[data-term="legalAid"]');
  await aid.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText('क़ानूनी सहायता: सरकार के ख़र्च पर वकील');
  await page.keyboard.press('Escape');

  // Listen: the sentence, in Hindi, by the Hindi voice.
  await status.getByRole('button', { name: 'सुनें' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __spoken: { text: string; lang: string }[] }).__spoken))
    .toEqual([{ text: sentence, lang: 'hi-IN' }]);

  // The next step's button leads to the lawyers; every other family screen opens with the same sentence.
  await status.getByRole('link', { name: 'वकील खोजें' }).click();
  await expect(page).toHaveURL(/\/lawyerSearch$/);
  for (const path of ['/lawyerSearch', '/family-case', '/ngo-details', '/upload-file', '/fmform']) {
    if (path !== '/lawyerSearch') await page.goto(path);
    await expect(page.getByTestId('family-status-text'), path).toHaveText(sentence);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, `${path} with the status sentence`);
  }
});

test('English: no lawyer yet, and the next step to take', async ({ page }) => {
  await family(page, 'en', { prisonerName: 'Ramesh' });
  await page.goto('/family-member');
  const status = page.getByTestId('family-status');
  await expect(status.getByTestId('family-status-text')).toHaveText(
    'Ramesh has no lawyer yet — ask a lawyer in Legal Services, or call 15100 for free legal aid',
  );
  await expect(status.locator('[data-term="legalAid"]')).toHaveText('legal aid');
  await expect(status.getByRole('link', { name: 'Find a lawyer' })).toHaveAttribute('href', '/lawyerSearch');
  await expectAccessible(page, 'family home, no lawyer yet');
  await page.goto('/family-case');
  await expect(page.getByTestId('family-status')).toHaveAttribute('data-status', 'no-lawyer');
  await expectNoHorizontalScroll(page);
});
