import fs from 'node:fs';
const [file, target, depth = '6'] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map(); let tot = 0;
for (const s of p.samples) { const n = byId.get(s); if (n.callFrame.functionName !== target) continue; tot++;
  const chain = []; for (let x = parent.get(s), i = 0; x !== undefined && i < +depth; x = parent.get(x), i++) { const f = byId.get(x).callFrame; chain.push(`${f.functionName || '(anon)'}@${f.url.split('/').slice(-1)[0]}:${f.lineNumber}`); }
  const k = chain.join(' < '); counts.set(k, (counts.get(k) ?? 0) + 1); }
console.log('total', tot);
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(v, k);
