import { openDb } from '#server/db/client.ts';
import { searchPrisoners } from '#server/features/prisons/prisoner-search.queries.ts';
const sent: { q: string; p: unknown[] }[] = [];
const h = await openDb({ databaseUrl: process.env.DATABASE_URL, poolSize: 1, onQuery: (q, p) => sent.push({ q, p }) });
const dlsa = { id: '89db3457-b313-49a2-9e31-5278f421c03b', name: 'd', email: 'd', role: 'DLSA', language: null, district: { state: 'UP', district: 'Bench District 0' } } as never;
const jail = { id: 'b06b5d3a-ceaa-4b28-abf3-fcefac4f0949', name: 'j', email: 'j', role: 'Jail-Authority', language: null, prisonId: '70a66ce6-72e8-4e3f-b55f-599087882d0e' } as never;
await searchPrisoners(h.db, dlsa, {} as never);
await searchPrisoners(h.db, jail, { q: process.env.Q ?? 'ram' } as never);
const fs = await import('node:fs');
sent.forEach((s, i) => {
  let text = s.q;
  // inline params for EXPLAIN
  s.p.forEach((v, j) => { text = text.replaceAll(new RegExp(`\\$${j + 1}(?![0-9])`, 'g'), v === null ? 'null' : `'${String(v).replaceAll("'", "''")}'`); });
  fs.writeFileSync(`.tmp/q${i}.sql`, text);
});
await h.close();
