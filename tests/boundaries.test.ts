// The import boundaries hold: each lint rule of eslint.boundaries.js catches a violation, and the
// source has no import cycle (runtime imports; `import type` is erased and cannot cycle).
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaries } from '../eslint.boundaries.js';

const ROOT = path.resolve(import.meta.dirname, '..');

async function lint(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...boundaries],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint boundaries', () => {
  it.each([
    [
      'a feature importing another feature',
      'src/client/features/jail/x.tsx',
      "import { useAddCase } from '#client/features/family/family.api.ts';",
    ],
    ['a feature reaching out with a relative path', 'src/client/features/jail/x.tsx', "import { x } from '../family/format.ts';"],
    ['client code importing node:fs', 'src/client/lib/x.ts', "import fs from 'node:fs';"],
    ['client code importing a bare Node built-in', 'src/client/components/x.tsx', "import path from 'path';"],
    ['client code importing server code', 'src/client/lib/x.ts', "import { buildApp } from '#server/app.ts';"],
    ['shared code importing client code', 'src/shared/x.ts', "import { api } from '#client/lib/api-client.ts';"],
    ['server code importing client code', 'src/server/x.ts', "import { api } from '#client/lib/api-client.ts';"],
  ])('refuses %s', async (_what, file, code) => {
    const messages = await lint(file, code);
    expect(messages.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
  });

  it.each([
    [
      'its own files',
      'src/client/features/jail/x.tsx',
      "import { jailKeys } from './jail.api.ts';\nimport { y } from '#client/features/jail/y.ts';",
    ],
    [
      'shared client code and src/shared',
      'src/client/features/jail/x.tsx',
      "import { api } from '#client/lib/api-client.ts';\nimport { LIMITS } from '#shared/constants.ts';",
    ],
    ['Node built-ins on the server', 'src/server/x.ts', "import fs from 'node:fs';"],
  ])('allows a feature %s', async (_what, file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});

/** Runtime import edges between our source files. */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) files.push(p);
    }
  };
  walk(path.join(ROOT, 'src'));
  const alias: Record<string, string> = { '#shared/': 'src/shared/', '#server/': 'src/server/', '#client/': 'src/client/' };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const edges: string[] = [];
    for (const m of text.matchAll(/^\s*(import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      const spec = m[2]!;
      const prefix = Object.keys(alias).find((a) => spec.startsWith(a));
      const target = prefix
        ? path.join(ROOT, alias[prefix]!, spec.slice(prefix.length))
        : spec.startsWith('.')
          ? path.resolve(path.dirname(file), spec)
          : undefined;
      if (target && files.includes(target)) edges.push(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

export function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): string[] | undefined => {
    if (state.get(n) === 'done') return undefined;
    if (state.get(n) === 'open') return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      const cycle = visit(m);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(n, 'done');
    return undefined;
  };
  for (const n of graph.keys()) {
    const cycle = visit(n);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('no import cycles', () => {
  it('finds a cycle when there is one', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycle(g)).toEqual(['a', 'b', 'c', 'a']);
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toBeUndefined();
  });

  it('src has none', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect([...graph.values()].flat().length).toBeGreaterThan(200);
    const cycle = findCycle(graph)?.map((f) => path.relative(ROOT, f));
    expect(cycle).toBeUndefined();
  });
});
