// The app's own font for each Indian script (app/script-fonts.css declares them with unicode-range, so
// a page downloads a font only when it holds that script, whatever the screen's language).
// docs/decisions/0041-fonts-and-listen.md

interface ScriptFont {
  family: string;
  /** A character of the script: asking the browser to load the family for it fetches the script's file. */
  sample: string;
  /** The app's languages written in this script. */
  languages: readonly string[];
}

export const SCRIPT_FONTS: readonly ScriptFont[] = [
  { family: 'Noto Sans Devanagari', sample: 'क', languages: ['hi', 'mr'] },
  { family: 'Noto Sans Bengali', sample: 'ক', languages: ['bn'] },
  { family: 'Noto Sans Gurmukhi', sample: 'ਕ', languages: ['pa'] },
  { family: 'Noto Sans Oriya', sample: 'କ', languages: ['or'] },
  { family: 'Noto Sans Gujarati', sample: 'ક', languages: ['gu'] },
  { family: 'Noto Sans Tamil', sample: 'க', languages: ['ta'] },
  { family: 'Noto Sans Telugu', sample: 'క', languages: ['te'] },
  { family: 'Noto Sans Kannada', sample: 'ಕ', languages: ['kn'] },
  { family: 'Noto Naskh Arabic', sample: 'ک', languages: ['ur'] },
];

/**
 * The CSS font-family list: each script's Noto family first, then the device's fonts for everything
 * else. The Noto faces claim only their script's characters (unicode-range), so Latin text, digits
 * and spaces (and so line heights) still come from the device's fonts. First because Chromium, when a
 * device font listed earlier lacks a character, draws it with that font's empty box while the
 * script's file downloads and keeps the box after it has arrived (docs/decisions/0041-fonts-and-listen.md).
 */
export const FONT_STACK = [
  ...SCRIPT_FONTS.map((f) => `"${f.family}"`),
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

/** A font that does not arrive in this time is not waited for: the text shows in whatever the device has. */
const FONT_WAIT_MS = 3000;
const loads = new Map<string, Promise<void>>();

/**
 * Loads the app's font for a language's script (both weights the screens use) and resolves once it
 * can draw, or after FONT_WAIT_MS; at once for a language written in Latin letters. A screen switched to
 * a language waits for it so that its first frame is not drawn in boxes
 * (docs/decisions/0014-devanagari-font-before-text.md).
 */
export function loadScriptFont(lng: string): Promise<void> {
  const font = SCRIPT_FONTS.find((f) => f.languages.includes(lng));
  if (!font || typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  let load = loads.get(font.family);
  if (!load) {
    load = Promise.race([
      Promise.all(['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "${font.family}"`, font.sample))).then(
        () => undefined,
        () => undefined,
      ),
      new Promise<void>((resolve) => setTimeout(resolve, FONT_WAIT_MS)),
    ]);
    loads.set(font.family, load);
  }
  return load;
}
