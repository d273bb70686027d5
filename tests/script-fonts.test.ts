// The app's font for each Indian script is declared once per weight with the unicode-range its package
// publishes, points at a file that exists, and is in the font stack (docs/decisions/0041-fonts-and-listen.md).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_STACK, SCRIPT_FONTS } from '#client/lib/script-fonts.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const css = fs.readFileSync(path.join(ROOT, 'src/client/app/script-fonts.css'), 'utf8');

interface Face {
  family: string;
  weight: string;
  src: string;
  range: string;
}

const faces: Face[] = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => {
  const body = m[1]!;
  const prop = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(body)?.[1]?.trim() ?? '';
  return {
    family: prop('font-family').replace(/'/g, ''),
    weight: prop('font-weight'),
    src: /url\('([^']+)'\)/.exec(prop('src'))?.[1] ?? '',
    range: prop('unicode-range').replace(/\s/g, ''),
  };
});

describe('script fonts', () => {
  it('declares every script font in weights 400 and 700 only', () => {
    expect(faces.length).toBe(SCRIPT_FONTS.length * 2);
    for (const f of SCRIPT_FONTS) {
      expect(
        faces
          .filter((face) => face.family === f.family)
          .map((face) => face.weight)
          .sort(),
        f.family,
      ).toEqual(['400', '700']);
    }
  });

  it("each face's file exists and its unicode-range is the one its package publishes for that script", () => {
    for (const face of faces) {
      const m = /^@fontsource\/([\w-]+)\/files\/\1-([a-z]+)-(\d+)-normal\.woff2$/.exec(face.src);
      expect(m, face.src).not.toBeNull();
      const [, pkg, subset, weight] = m!;
      expect(weight).toBe(face.weight);
      expect(fs.existsSync(path.join(ROOT, 'node_modules', face.src)), face.src).toBe(true);
      const published = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@fontsource', pkg!, 'unicode.json'), 'utf8')) as Record<
        string,
        string
      >;
      expect(face.range, `${face.family} ${face.weight}`).toBe(published[subset!]);
      // A script font never claims Latin letters: an English page fetches none of them.
      expect(/U\+00[0-7]/.test(face.range), face.family).toBe(false);
    }
  });

  it("the font stack names every script font before the device's fonts", () => {
    const families = FONT_STACK.split(',').map((s) => s.trim().replace(/"/g, ''));
    expect(families.slice(0, SCRIPT_FONTS.length)).toEqual(SCRIPT_FONTS.map((f) => f.family));
    expect(families).toContain('system-ui');
    expect(families.at(-1)).toBe('sans-serif');
  });

  it('each script font has a sample character inside its range, and a language maps to one font', () => {
    const seen = new Set<string>();
    for (const f of SCRIPT_FONTS) {
      const range = faces.find((face) => face.family === f.family)!.range;
      const cp = f.sample.codePointAt(0)!;
      const inside = range.split(',').some((r) => {
        const [lo, hi] = r.replace('U+', '').split('-');
        return cp >= parseInt(lo!, 16) && cp <= parseInt(hi ?? lo!, 16);
      });
      expect(inside, `${f.family} sample ${f.sample}`).toBe(true);
      for (const l of f.languages) {
        expect(seen.has(l), l).toBe(false);
        seen.add(l);
      }
    }
  });
});
