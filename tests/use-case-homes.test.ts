// One home per use case (docs/architecture.md): every transaction that changes data, with its audit
// entry and notices, lives in a feature's *.use-cases.ts (or its scheduler's job); routes parse and
// call one function, queries only read or write.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = 'src/server/features';

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('use cases have one home', () => {
  it('no transaction in a route or query file; every feature transaction in a *.use-cases.ts or *.scheduler.ts', () => {
    const sources = files(FEATURES).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const withTransactions = sources.filter((f) => /\.transaction\(/.test(fs.readFileSync(f, 'utf8')));
    expect(withTransactions.length).toBeGreaterThan(5);
    expect(withTransactions.filter((f) => !/\.(use-cases|scheduler)\.ts$/.test(f))).toEqual([]);
  });
});
