// drizzle-kit's snapshot matches src/server/db/schema.ts: `npx drizzle-kit generate` on a clean tree
// writes nothing (docs/decisions/0040-migrations-that-tell-the-truth.md). Run in a copy, so a failure
// leaves no stray migration behind.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('migrations tell the truth', () => {
  it('drizzle-kit generate finds no schema change to write', { timeout: 120_000 }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-generate-'));
    try {
      for (const f of ['drizzle', 'drizzle.config.ts', 'package.json', 'src/server', 'src/shared']) {
        fs.cpSync(f, path.join(dir, f), { recursive: true });
      }
      fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
      const before = fs.readdirSync(path.join(dir, 'drizzle')).sort();
      const out = execFileSync(path.resolve('node_modules/.bin/drizzle-kit'), ['generate'], { cwd: dir, encoding: 'utf8' });
      expect(out).toContain('No schema changes, nothing to migrate');
      expect(fs.readdirSync(path.join(dir, 'drizzle')).sort()).toEqual(before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
