import fs from 'node:fs';
const [file, marker] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// time of each sample
let t = p.startTime; const times = p.timeDeltas.map((d) => (t += d));
// window: samples whose stack contains marker
const stackHas = (id, re) => { for (let x = id; x !== undefined; x = parent.get(x)) { const n = byId.get(x); if (re.test(n.callFrame.functionName + ' ' + n.callFrame.url)) return true; } return false; };
let lo = Infinity, hi = -Infinity;
if (marker) { const re = new RegExp(marker); p.samples.forEach((s, i) => { if (stackHas(s, re)) { lo = Math.min(lo, times[i]); hi = Math.max(hi, times[i]); } }); } else { lo = -Infinity; hi = Infinity; }
const self = new Map(), byFile = new Map(); let total = 0;
p.samples.forEach((s, i) => { if (times[i] < lo || times[i] > hi) return; total++; const n = byId.get(s); const f = n.callFrame; const k = `${f.functionName || '(anon)'} ${f.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/work\/main\//, '')}:${f.lineNumber}`; self.set(k, (self.get(k) ?? 0) + 1);
  const fileKey = f.url ? (f.url.includes('node_modules/') ? f.url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, 'nm:$1') : f.url.replace(/.*\/work\/main\//, '')) : `(${f.functionName})`;
  byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + 1); });
console.log('window ms', ((hi - lo) / 1000).toFixed(0), 'samples', total);
console.log('--- by file');
for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((100 * v / total).toFixed(1).padStart(5), k);
console.log('--- by function');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((100 * v / total).toFixed(1).padStart(5), k);
