// The README promises Node.js ≥ 20.19. Every package `npm ci` installs must declare that it runs
// there, except the ones the README names with the reason their warning is harmless.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const MINIMUM = [20, 19, 0] as const;
/** Declared for Node ≥ 22 by their maintainers' support policy; they run on 20.19 (README "Quick start"). */
const KNOWN = ['content-disposition', 'cookie'];

type Version = readonly [number, number, number];

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** "20", "20.19", "20.x", "20.19.0" → the lowest version it names, and how many parts it fixed. */
function parseVersion(text: string): { v: Version; fixed: number } {
  const parts = text.replace(/^v/, '').split('.');
  const nums: number[] = [];
  for (const p of parts) {
    if (p === '' || p === 'x' || p === 'X' || p === '*') break;
    nums.push(Number.parseInt(p, 10));
  }
  return { v: [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 0], fixed: nums.length };
}

/** Whether `version` meets one comparator of an npm range (the forms found in engines fields). */
function meets(version: Version, comparator: string): boolean {
  if (comparator === '*' || comparator === '') return true;
  const op = /^(>=|<=|>|<|\^|~|=)?(.*)$/.exec(comparator)!;
  const { v, fixed } = parseVersion(op[2]!);
  const c = compare(version, v);
  switch (op[1]) {
    case '>=':
      return c >= 0;
    case '>':
      return c > 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '^':
      return c >= 0 && version[0] === v[0];
    case '~':
      return c >= 0 && version[0] === v[0] && (fixed < 2 || version[1] === v[1]);
    default:
      // "20", "20.19", "10.*": every version starting with the fixed parts.
      return fixed === 0 || version.slice(0, fixed).every((n, i) => n === v[i]);
  }
}

function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((set) =>
    set
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => meets(version, comparator)),
  );
}

interface LockEntry {
  version?: string;
  engines?: { node?: string };
  optional?: boolean;
  os?: string[];
  cpu?: string[];
}

describe('Node.js versions the installed packages accept', () => {
  it('reads npm ranges as npm does', () => {
    expect(satisfies(MINIMUM, '>=22')).toBe(false);
    expect(satisfies(MINIMUM, '>= 18')).toBe(true);
    expect(satisfies(MINIMUM, '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies(MINIMUM, '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(satisfies(MINIMUM, '^20.19.1 || >=22')).toBe(false);
    expect(satisfies(MINIMUM, '6.* || 8.* || >= 10.*')).toBe(true);
    expect(satisfies(MINIMUM, '18 || 20 || >=22')).toBe(true);
    expect(satisfies(MINIMUM, '>=16 || 14 >=14.17')).toBe(true);
    expect(satisfies(MINIMUM, '^20.0.0 || ^22.0.0 || >=24.0.0')).toBe(true);
  });

  it('only the packages the README names ask for a newer Node than 20.19', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
    const newer = new Set<string>();
    for (const [where, entry] of Object.entries(lock.packages)) {
      const range = entry.engines?.node;
      if (where === '' || !range) continue;
      // Optional packages for another platform are never installed here.
      if (entry.optional && (entry.os || entry.cpu)) continue;
      if (!satisfies(MINIMUM, range)) newer.add(where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    }
    expect([...newer].sort()).toEqual(KNOWN);
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const name of KNOWN) expect(readme).toMatch(new RegExp(`EBADENGINE[\\s\\S]*\`${name}@`));
  });
});
