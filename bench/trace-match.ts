// After `BENCH_TRACE=<file> npm run bench`: places each answer the client saw take over 400 ms
// against the server's own times for it (same client port, the last answer the server handed to the
// kernel before the client had it), and splits it into: on the way in (client wrote → Node parsed),
// in the server (parsed → handed to the kernel) and on the way out (handed to the kernel → client had
// it all). Also lists the connections opened after a row's start (a reconnect costs a handshake).
//
//   npx tsx bench/trace-match.ts <file>
import fs from 'node:fs';

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/trace-match.ts <trace file>');
const byPort = new Map<number, number[][]>();
for (const line of fs.readFileSync(`${file}.answers`, 'utf8').split('\n')) {
  if (!line) continue;
  const [port, arrived, hooked, done] = line.split(' ').map(Number) as [number, number, number, number];
  let list = byPort.get(port);
  if (!list) byPort.set(port, (list = []));
  list.push([arrived, hooked, done]);
}
const connections = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { kind: string; wall?: number; port?: number })
  .filter((e) => e.kind === 'connection');
const slow = fs
  .readFileSync(`${file}.client`, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { row: string; end: number; ms: number; port: number });

const r = (n: number) => Math.round(n);
for (const s of slow) {
  const start = s.end - s.ms;
  const list = byPort.get(s.port) ?? [];
  let best: number[] | undefined;
  for (const a of list) if (a[2]! <= s.end + 5 && (!best || a[2]! > best[2]!)) best = a;
  const conn = connections.find((c) => c.port === s.port);
  const connNote = conn ? ` connection accepted ${r(conn.wall! - start)} ms after the client wrote` : '';
  if (!best) {
    console.log(`${s.row}: ${s.ms} ms, port ${s.port}: no server answer found${connNote}`);
    continue;
  }
  const [arrived, hooked, done] = best as [number, number, number];
  console.log(
    `${s.row}: ${Math.round(s.ms)} ms = in ${r(arrived - start)} + hooks ${r(hooked - arrived)} + server ${r(done - hooked)} + out ${r(s.end - done)}${connNote}`,
  );
}
