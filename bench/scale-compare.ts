// The national-scale comparison (bench/README.md): each read's cost in two bench runs at different sizes,
// from their results files. A read's cost is the inverse of its ratio to the baseline measured in the same
// run, so two runs on machines of different speed compare: cost at the larger size over cost at the
// smaller = the smaller run's ratio over the larger's. The goal: within 1.5× for every hot read.
//
//   npx tsx bench/scale-compare.ts bench/results/postgres-100000.json bench/results/postgres-1000000.json
//
// Prints a markdown table and writes it beside the larger run's results (…-scale.md).
import fs from 'node:fs';
import { formatted } from './format.ts';

interface Row {
  name: string;
  group: string;
  p99: number;
  ratio: number | null;
  writeRatio: number | null;
}
interface Run {
  database: string;
  members: number;
  date: string;
  results: Row[];
}

const GOAL = 1.5;
const [smallFile, largeFile] = process.argv.slice(2);
if (!smallFile || !largeFile) {
  console.error('usage: tsx bench/scale-compare.ts <smaller run>.json <larger run>.json');
  process.exit(2);
}
const load = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Run;
const [small, large] = [load(smallFile), load(largeFile)];
const n = (x: number) => x.toLocaleString('en');
const at = (run: Run, name: string) => run.results.find((r) => r.name === name);

const lines = [
  `# Bench: ${n(small.members)} → ${n(large.members)} family members on ${large.database}`,
  '',
  `Each row's cost is the inverse of its ratio to the baseline of its own run (${smallFile.split('/').pop()}, ${small.date}; ` +
    `${largeFile.split('/').pop()}, ${large.date}). Goal: a hot read costs within ${GOAL}× at the larger size. ` +
    `Written by \`npx tsx bench/scale-compare.ts ${smallFile} ${largeFile}\`.`,
  '',
  `| request | group | ratio at ${n(small.members)} | ratio at ${n(large.members)} | cost × | p99 ms at ${n(small.members)} | p99 ms at ${n(large.members)} | within ${GOAL}× |`,
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];
let over = 0;
for (const b of large.results) {
  if (b.group !== 'read' && b.group !== 'write') continue;
  const a = at(small, b.name);
  const ra = b.group === 'read' ? a?.ratio : a?.writeRatio;
  const rb = b.group === 'read' ? b.ratio : b.writeRatio;
  if (!a || !ra || !rb) continue;
  const cost = ra / rb;
  const ok = cost <= GOAL;
  if (!ok && b.group === 'read') over += 1;
  lines.push(`| ${b.name} | ${b.group} | ${ra} | ${rb} | ${cost.toFixed(2)} | ${a.p99} | ${b.p99} | ${ok ? 'yes' : 'no'} |`);
}
lines.push('', `Reads over ${GOAL}×: ${over}. Writes are compared by their ratio to the write baseline.`);
const out = largeFile.replace(/\.json$/, '-scale.md');
const md = await formatted(out, `${lines.join('\n')}\n`);
process.stdout.write(md);
fs.writeFileSync(out, md);
