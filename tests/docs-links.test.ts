// Every comment that cites the specification, the design or a decision record points at a file in
// docs/ and, where it names a section, at a heading that exists there.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'tests', 'scripts'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|css)$/.test(f) && fs.existsSync(path.join(ROOT, f)));

describe('references from code to docs/', () => {
  const refs: { where: string; file: string; anchor?: string }[] = [];
  for (const f of sources) {
    const lines = fs.readFileSync(path.join(ROOT, f), 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(/docs\/([\w./-]+\.md)(?:#([\w-]+))?/g))
        refs.push({ where: `${f}:${i + 1}`, file: m[1]!, anchor: m[2] });
    });
  }

  it('finds the references', () => {
    expect(refs.length).toBeGreaterThan(50);
  });

  it('every cited file and section exists', () => {
    const broken: string[] = [];
    for (const r of refs) {
      const file = path.join(ROOT, 'docs', r.file);
      if (!fs.existsSync(file)) broken.push(`${r.where}: docs/${r.file} does not exist`);
      else if (r.anchor && !anchorsOf(file).has(r.anchor)) broken.push(`${r.where}: docs/${r.file} has no section #${r.anchor}`);
    }
    expect(broken).toEqual([]);
  });

  it('no comment cites the old names that lived outside the repository', () => {
    const old: string[] = [];
    for (const f of sources) {
      if (f === 'tests/docs-links.test.ts') continue;
      fs.readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const comment = /(\/\/|\/\*|^\s*\*)(.*)$/.exec(line)?.[2] ?? '';
          const linked = /docs\/[\w./-]+\.md/.test(comment);
          // "§4" is fine next to a docs/ link (a further section of the same document), not alone.
          if (/\b(SPEC|DESIGN)\b(?![.\w])|\bissue \d+|STACK\.md/.test(comment) || (!linked && comment.includes('§')))
            old.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(old).toEqual([]);
  });
});
