// Hindi on a machine with no Devanagari font of its own (this one and CI: `fc-list :lang=hi` is
// empty): right after the in-app switch, every Hindi text on every role's screens is drawn with the
// app's Noto Sans Devanagari, not as empty boxes; English screens download that font only for a page
// that holds Devanagari (a name typed in Hindi). The
// fonts are those Chromium reports for each drawn text node (DevTools protocol), not a CSS guess.
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { eligibleClient, signUpRegisteredViaApi, signUpViaApi } from './helpers.ts';

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

const FONT = 'Noto Sans Devanagari';
const DEVANAGARI = /[\u0900-\u097F]/;
const DEVANAGARI_ALL = /[\u0900-\u097F]/g;
const FONT_FILE = /noto-sans-devanagari|\/devanagari-\d+-[\w-]+\.css$/;

const TEXT_NODE = 3;

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeValue: string;
  children?: DomNode[];
}

/**
 * Every Devanagari text node under each selector that the browser drew, with the platform fonts that
 * drew it. A text is wrong when its Devanagari glyphs came from another font: every character
 * outside Devanagari (space, comma, a Latin name) may take one glyph of another font, no more.
 * Each selector must hold at least one drawn Devanagari text, so the check cannot pass on nothing.
 */
async function expectDevanagariDrawnInFont(page: Page, selectors: string[]) {
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    // A screen still rendering (a list arriving, a transition) can drop a node between the snapshot
    // and its question, or not have drawn a selector's text yet: then take a new snapshot after the
    // next frame, a few times, before the checks below decide.
    for (let attempt = 1; ; attempt += 1) {
      const found = await drawnDevanagari(cdp, selectors).catch((e: Error) => {
        if (attempt < 5 && /Could not find node/.test(e.message)) return undefined;
        throw e;
      });
      if (!found || (attempt < 5 && selectors.some((selector) => !found.drawn.get(selector)))) {
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
        continue;
      }
      for (const selector of selectors) expect(found.drawn.get(selector), `no drawn Devanagari text under ${selector}`).toBeGreaterThan(0);
      expect(found.wrong, 'Devanagari drawn with a font that has no Devanagari (tofu)').toEqual([]);
      return;
    }
  } finally {
    await cdp.detach();
  }
}

async function drawnDevanagari(cdp: CDPSession, selectors: string[]) {
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const byId = new Map<number, DomNode>();
  const index = (n: DomNode) => {
    byId.set(n.nodeId, n);
    for (const c of n.children ?? []) index(c);
  };
  index(root);
  const drawn = new Map<string, number>();
  const wrong: string[] = [];
  for (const selector of selectors) {
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
    const visit = async (n: DomNode) => {
      if (n.nodeType === TEXT_NODE && DEVANAGARI.test(n.nodeValue)) {
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: n.nodeId });
        if (fonts.length === 0) return; // not drawn (hidden)
        drawn.set(selector, (drawn.get(selector) ?? 0) + 1);
        const other = fonts.filter((f) => f.familyName !== FONT).reduce((s, f) => s + f.glyphCount, 0);
        const allowed = [...n.nodeValue].length - (n.nodeValue.match(DEVANAGARI_ALL)?.length ?? 0);
        if (!fonts.some((f) => f.familyName === FONT) || other > allowed)
          wrong.push(`${selector} "${n.nodeValue}" → ${fonts.map((f) => `${f.familyName}: ${f.glyphCount}`).join(', ')}`);
      }
      for (const c of n.children ?? []) await visit(c);
    };
    for (const id of nodeIds) {
      const n = byId.get(id);
      if (n) await visit(n);
    }
  }
  return { drawn, wrong };
}

/**
 * An English screen fetches the Devanagari font only when it holds Devanagari text (unicode-range,
 * docs/decisions/0041-fonts-and-listen.md): a name a family typed in Hindi does; the screen's own texts never.
 */
async function expectFontOnlyForDevanagariText(page: Page, requested: string[]) {
  const text = await page.locator('body').innerText();
  expect(requested.length > 0, `Devanagari font requested: ${requested.length}; page text holds Devanagari: ${DEVANAGARI.test(text)}`).toBe(
    DEVANAGARI.test(text),
  );
}

/** Records every request for the Devanagari font (its stylesheet or files). */
function fontRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (FONT_FILE.test(r.url())) urls.push(r.url());
  });
  return urls;
}

/** The in-app switch: the header's language menu, from English to Hindi. */
async function switchToHindi(page: Page) {
  await page.getByRole('button', { name: /^Change language/ }).click();
  const hindi = page.getByRole('menuitem', { name: 'हिन्दी' });
  await expect(hindi).toBeVisible();
  // The open menu shows "हिन्दी" on an English screen: that name too is drawn in the font.
  await expectDevanagariDrawnInFont(page, ['[role="menu"]']);
  await hindi.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEVANAGARI);
}

test('sign-in screen, its notice and the family home in Hindi right after the switch; English screens load no Devanagari font', async ({
  page,
}) => {
  const { email, password } = await signUpRegisteredViaApi(page, 'Family-Member');
  await page.context().clearCookies();
  const requested = fontRequests(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);

  await switchToHindi(page);
  expect(requested.length).toBeGreaterThan(0);
  await expectDevanagariDrawnInFont(page, ['h1', 'label', 'button[type="submit"]', 'header', 'body']);

  // Sign in through the form: a Hindi notice, then the family home, still without a reload.
  await page.locator('select').first().selectOption('Family-Member');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/family-member$/);
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: DEVANAGARI })).toBeVisible();
  // The notice closes by itself after a few seconds: its text is checked while it is shown (on a loaded
  // machine the home's checks below can outlast it).
  await expectDevanagariDrawnInFont(page, ['.mantine-Notification-root']);
  // The sign-in screen stays until the home's code has arrived (a transition), and the home then
  // loads the registration: its cards say it is the home.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(DEVANAGARI);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEVANAGARI);
  await expect(page.locator('nav').last()).toHaveText(DEVANAGARI);
  await expectDevanagariDrawnInFont(page, ['h1', 'h2', 'nav', 'header button', 'p', 'body']);
});

test('lawyer home, bottom bar and drawer in Hindi right after the switch on the home screen', async ({ page }) => {
  await signUpRegisteredViaApi(page, 'Lawyer');
  const requested = fontRequests(page);
  await page.goto('/lawyer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);

  await switchToHindi(page);
  await expect(page.locator('nav').last()).toHaveText(DEVANAGARI);
  await expectDevanagariDrawnInFont(page, ['h1', 'nav', 'header button', 'main', 'body']);

  await page.locator('header').getByRole('button', { expanded: false }).first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link').first()).toHaveText(DEVANAGARI);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectDevanagariDrawnInFont(page, ['[role="dialog"] nav a', '[role="dialog"] nav button']);
});

test('jail dashboard in Hindi right after the switch on the dashboard', async ({ page }) => {
  await signUpViaApi(page, 'Jail-Authority');
  const requested = fontRequests(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The dashboard lists every family member, and other tests name some in Hindi.
  await expectFontOnlyForDevanagariText(page, requested);

  await switchToHindi(page);
  await expect(page.locator('nav').last()).toHaveText(DEVANAGARI);
  await expectDevanagariDrawnInFont(page, ['h1', 'nav', 'main button', 'label', 'body']);
});

test('the S.479(3) application: its Hindi half is drawn in the font on an English screen, opened from the case', async ({
  page,
  playwright,
  baseURL,
}) => {
  const c = await eligibleClient(playwright, baseURL!);
  await signUpViaApi(page, 'Jail-Authority');
  const requested = fontRequests(page);
  // From the case page the case is already loaded: the application draws at once.
  await page.goto(`/case/${c.caseId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);
  await page.getByRole('link', { name: 'Application to the court (S.479(3))' }).click();
  const hindiHalf = page.locator('article[lang="hi"]');
  await expect(hindiHalf).toContainText('धारा 479(3)');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectDevanagariDrawnInFont(page, ['article[lang="hi"] h2', 'article[lang="hi"] p']);
});
