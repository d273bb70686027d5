// "Listen" reads the release explanation (its release and bail lines) aloud in the screen's language
// through the browser's speech synthesis, which is replaced here by a recorder with the voices a test
// chooses: the text, language and voice the app hands over are checked, and the device without a
// voice for the language, where the app says so and offers the nearest one.
// docs/decisions/0041-fonts-and-listen.md
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, firstOfMonth, ok, PASSWORD, signUpAndConfirm, uniqueEmail } from './helpers.ts';

test.use({ viewport: { width: 360, height: 740 } });

interface Spoken {
  text: string;
  lang: string;
  voice: string | null;
}

/** Replaces speechSynthesis with a recorder offering `voices` ([name, lang]); a reading ends only when cancelled. */
async function recordSpeech(page: Page, voices: [string, string][]) {
  await page.addInitScript((list) => {
    const w = window as unknown as { __spoken: unknown[]; __calls: string[] };
    w.__spoken = [];
    w.__calls = [];
    const voiceObjects = list.map(([name, lang]) => ({ name, lang, localService: true, default: false, voiceURI: name }));
    class Utterance {
      text: string;
      lang = '';
      voice: { name: string } | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    let current: Utterance | null = null;
    const synth = {
      getVoices: () => voiceObjects,
      speak(u: Utterance) {
        current = u;
        w.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice ? u.voice.name : null });
      },
      cancel() {
        w.__calls.push('cancel');
        const u = current;
        current = null;
        u?.onend?.();
      },
      pause: () => w.__calls.push('pause'),
      resume: () => w.__calls.push('resume'),
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  }, voices);
}

const spoken = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken);
const calls = (page: Page) => page.evaluate(() => (window as unknown as { __calls: string[] }).__calls);

/** A family member signed in on `page` whose son is eligible for release under S.479 now (custody two years, theft). */
async function familyWithEligibleCase(page: Page, language?: string) {
  if (language) await page.addInitScript((l) => localStorage.setItem('rihaai.language', l), language);
  await signUpAndConfirm(page.request, { role: 'Family-Member', name: 'Listen Family', email: uniqueEmail('listen'), password: PASSWORD });
  await ok(
    await page.request.put('/api/family/registration', {
      headers: { 'sec-fetch-site': 'same-origin' },
      data: {
        prisonerConsent: 'visit',
        phone: '9876501234',
        address: '5 Rohini, Delhi',
        caseNumber: `FIR-LISTEN-${Math.random().toString(36).slice(2, 8)}`,
        detail: 'Son held for theft',
        caseType: 'Criminal Defense Lawyer',
        facts: {
          prisonerName: 'Ravi Listen',
          prisonerRelation: 'son',
          prison: 'Tihar Jail No. 4',
          custodySince: firstOfMonth(-24),
          court: 'Saket District Court',
          cnr: 'DLST010012342024',
          offences: [{ code: 'theft' }],
          firstOffence: true,
        },
      },
    }),
  );
  await page.goto('/family-case');
  const explainer = page.getByTestId('release-explainer').first();
  await expect(explainer).toBeVisible();
  return explainer;
}

test('English: the release explanation is read in English by an Indian English voice; pause, resume and stop', async ({ page }) => {
  await recordSpeech(page, [
    ['US English', 'en-US'],
    ['Indian English', 'en-IN'],
    ['Hindi', 'hi-IN'],
  ]);
  const explainer = await familyWithEligibleCase(page);
  await explainer.getByRole('button', { name: 'Listen' }).click();
  await expect.poll(() => spoken(page)).toHaveLength(1);
  const [s] = await spoken(page);
  expect(s!.lang).toBe('en-IN');
  expect(s!.voice).toBe('Indian English');
  // The verdict line, the default-bail line and the next steps, as the screen shows them.
  const shown = [
    ...(await explainer.locator('.mantine-Paper-root p').allInnerTexts()),
    ...(await explainer.locator('li').allInnerTexts()).slice(0, 2),
  ];
  expect(shown.length).toBeGreaterThan(3);
  for (const line of shown) expect(s!.text).toContain(line.trim());
  expect(s!.text).toContain('1 5 1 0 0');

  await explainer.getByRole('button', { name: 'Pause' }).click();
  await explainer.getByRole('button', { name: 'Resume' }).click();
  await expectAccessible(page, 'release explanation while reading aloud');
  await explainer.getByRole('button', { name: 'Stop' }).click();
  await expect(explainer.getByRole('button', { name: 'Listen' })).toBeVisible();
  expect(await calls(page)).toEqual(['cancel', 'pause', 'resume', 'cancel']);
});

test('Marathi on a device with no Marathi voice: says so, offers Hindi, and the Hindi voice reads the Marathi text', async ({ page }) => {
  await recordSpeech(page, [
    ['Indian English', 'en-IN'],
    ['Hindi', 'hi-IN'],
  ]);
  const explainer = await familyWithEligibleCase(page, 'mr');
  await explainer.getByRole('button', { name: 'ऐका' }).click();
  await expect(explainer.getByRole('status')).toContainText('मराठी');
  expect(await spoken(page)).toEqual([]);
  await explainer.getByRole('button', { name: 'हिन्दी मध्ये ऐका' }).click();
  await expect.poll(() => spoken(page)).toHaveLength(1);
  const [s] = await spoken(page);
  expect(s!.voice).toBe('Hindi');
  expect(s!.lang).toBe('hi-IN');
  const title = await explainer.getByRole('heading').first().innerText();
  expect(s!.text.startsWith(title)).toBe(true);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'Marathi: no voice, Hindi offered');
});

test('Urdu on a device with only English and Hindi voices: says so and offers Hindi, read from the Hindi texts', async ({ page }) => {
  await recordSpeech(page, [
    ['Indian English', 'en-IN'],
    ['Hindi', 'hi-IN'],
  ]);
  const explainer = await familyWithEligibleCase(page, 'ur');
  await explainer.getByRole('button', { name: 'سنیں', exact: true }).click();
  await expect(explainer.getByRole('status')).toContainText('اردو');
  await explainer.getByRole('button', { name: 'हिन्दी میں سنیں' }).click();
  await expect.poll(() => spoken(page)).toHaveLength(1);
  const [s] = await spoken(page);
  expect(s!.voice).toBe('Hindi');
  expect(s!.lang).toBe('hi-IN');
  // Hindi words, no Urdu letters: the Hindi voice gets a text it can read.
  expect(s!.text).toMatch(/[\u0900-\u097F]{3}/);
  expect(s!.text).not.toMatch(/[\u0600-\u06FF]/);
  await expectAccessible(page, 'Urdu: no voice, Hindi offered');
});

test('a device without any voice says it cannot read aloud', async ({ page }) => {
  await recordSpeech(page, []);
  const explainer = await familyWithEligibleCase(page);
  await explainer.getByRole('button', { name: 'Listen' }).click();
  await expect(explainer.getByRole('status')).toHaveText('This device cannot read text aloud.');
  expect(await spoken(page)).toEqual([]);
});

test("an assistant answer is read aloud as it is shown, in the screen's language", async ({ page }) => {
  await recordSpeech(page, [
    ['Indian English', 'en-IN'],
    ['Hindi', 'hi-IN'],
  ]);
  await familyWithEligibleCase(page);
  await page.goto('/family-member');
  await page.getByRole('button', { name: 'Open the Rihaai assistant' }).click();
  const panel = page.getByRole('dialog', { name: 'Rihaai assistant' });
  await panel.getByLabel('Your question').fill('can somebody help me hire an advocate for my brother');
  await panel.getByRole('button', { name: 'Send' }).click();
  const log = panel.getByRole('log');
  const answer = log.getByText(/^Open Legal Services: it lists lawyers whose type matches your case type/);
  await expect(answer).toBeVisible();
  await log.getByRole('button', { name: 'Listen' }).click();
  await expect.poll(() => spoken(page)).toHaveLength(1);
  expect(await spoken(page)).toEqual([{ text: await answer.innerText(), lang: 'en-IN', voice: 'Indian English' }]);
  await expectAccessible(page, 'assistant answer with Listen');
});
