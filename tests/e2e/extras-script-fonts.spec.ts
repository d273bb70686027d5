// Any script on any screen: names a family typed in Bengali and in Hindi show on the jail authority's
// English dashboard, on a machine with no Indian font of its own (this one and CI: `fc-list :lang=bn`
// and `:lang=hi` are empty), drawn with the app's Noto fonts. The fonts are those Chromium reports for
// each drawn text node (DevTools protocol), not a CSS guess. Each script's file is fetched because the
// page holds that script (unicode-range), not because of the screen's language; the sign-in screen
// fetches none. docs/decisions/0041-fonts-and-listen.md
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { expectAccessible, ok, PASSWORD, signUpAndConfirm, signUpViaApi, uniqueEmail } from './helpers.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const TEXT_NODE = 3;

const SCRIPTS = {
  bengali: { family: 'Noto Sans Bengali', letters: /[\u0980-\u09FF]/, all: /[\u0980-\u09FF]/g, file: /noto-sans-bengali-bengali-\d+/ },
  devanagari: {
    family: 'Noto Sans Devanagari',
    letters: /[\u0900-\u097F]/,
    all: /[\u0900-\u097F]/g,
    file: /noto-sans-devanagari-devanagari-\d+/,
  },
} as const;
type Script = keyof typeof SCRIPTS;

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeValue: string;
  children?: DomNode[];
}

/** Every font file the page asks for. */
function fontRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font') urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

/**
 * The drawn text nodes under `selector` holding `script`, each with the fonts Chromium drew it with.
 * A text is right when the script's Noto family drew it and every glyph from another font is a
 * character outside the script (a space, a Latin tag).
 */
async function drawnIn(cdp: CDPSession, selector: string, script: Script) {
  const s = SCRIPTS[script];
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const byId = new Map<number, DomNode>();
  const index = (n: DomNode) => {
    byId.set(n.nodeId, n);
    for (const c of n.children ?? []) index(c);
  };
  index(root);
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const found: { text: string; fonts: string; right: boolean }[] = [];
  const visit = async (n: DomNode) => {
    if (n.nodeType === TEXT_NODE && s.letters.test(n.nodeValue)) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: n.nodeId });
      if (fonts.length > 0) {
        const other = fonts.filter((f) => f.familyName !== s.family).reduce((sum, f) => sum + f.glyphCount, 0);
        const allowed = [...n.nodeValue].length - (n.nodeValue.match(s.all)?.length ?? 0);
        found.push({
          text: n.nodeValue,
          fonts: fonts.map((f) => `${f.familyName}: ${f.glyphCount}`).join(', '),
          right: fonts.some((f) => f.familyName === s.family) && other <= allowed,
        });
      }
    }
    for (const c of n.children ?? []) await visit(c);
  };
  for (const id of nodeIds) {
    const n = byId.get(id);
    if (n) await visit(n);
  }
  return found;
}

async function expectDrawnInNoto(page: Page, selector: string, script: Script) {
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const found = await drawnIn(cdp, selector, script);
    expect(found.length, `no drawn ${script} text under ${selector}`).toBeGreaterThan(0);
    expect(found.filter((f) => !f.right).map((f) => `"${f.text}" → ${f.fonts}`)).toEqual([]);
  } finally {
    await cdp.detach();
  }
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a family name in Bengali and one in Hindi are drawn with the Noto fonts on the English jail dashboard', async ({
  page,
  playwright,
  baseURL,
}) => {
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const members = [
    { name: 'সুমিতা দাস', caseNumber: `FONT-${tag}-1` },
    { name: 'रमेश कुमार', caseNumber: `FONT-${tag}-2` },
  ];
  for (const m of members) {
    const family = await playwright.request.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN });
    await signUpAndConfirm(family, { role: 'Family-Member', name: m.name, email: uniqueEmail('script'), password: PASSWORD });
    await ok(
      await family.put('/api/family/registration', {
        data: {
          prisonerConsent: 'visit',
          phone: '9876501234',
          address: '5 Rohini, Delhi',
          caseNumber: m.caseNumber,
          detail: 'Held under IPC 379',
          caseType: 'Criminal Defense Lawyer',
        },
      }),
    );
    await family.dispose();
  }

  const requested = fontRequests(page);
  // The sign-in screen in English holds no Indian script: no font file is fetched.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);

  await signUpViaApi(page, 'Jail-Authority');
  await page.goto(`/dashboard?q=FONT-${tag}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[A-Za-z]/);
  for (const m of members) await expect(page.getByText(m.name).first()).toBeVisible();

  await expectDrawnInNoto(page, 'main', 'bengali');
  await expectDrawnInNoto(page, 'main', 'devanagari');
  // Only the two scripts on the page were fetched, and not one of the other seven.
  expect(requested.some((u) => SCRIPTS.bengali.file.test(u))).toBe(true);
  expect(requested.some((u) => SCRIPTS.devanagari.file.test(u))).toBe(true);
  expect(requested.filter((u) => !SCRIPTS.bengali.file.test(u) && !SCRIPTS.devanagari.file.test(u))).toEqual([]);
  await expectAccessible(page, 'jail dashboard with names in Bengali and Hindi');
});
