// EXPLAIN (ANALYZE, BUFFERS) of the statements a read runs, reduced to numbers that do not depend on
// the clock: rows each plan node touched (returned + removed by filters) and the node types. The
// growth test compares them at 1,000 and 10,000 members; `npm run bench:explain` prints the plans.
import { PLAN_CACHE_MODE, type DbHandle } from '#server/db/client.ts';

export interface Statement {
  query: string;
  params: unknown[];
}

export interface PlanWork {
  query: string;
  /** Sum over plan nodes of actual rows × loops plus rows removed by filters and rechecks. */
  rowsTouched: number;
  /** Shared buffers hit + read. */
  buffers: number;
  nodeTypes: string[];
  /** True when any node reads a whole table (Seq Scan) of a table that grows with the members. */
  seqScans: string[];
  text: string;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Rows Removed by Join Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

type RawClient = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

/** The driver's own client (PGlite or a pg Pool): EXPLAIN needs the statement's text and parameters as sent. */
export function rawClient(handle: DbHandle): RawClient {
  return (handle.db as unknown as { $client: RawClient }).$client;
}

function walk(node: PlanNode, visit: (n: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/**
 * The plan the app runs: a prepared statement's generic plan (client.ts PLAN_CACHE_MODE), not the
 * plan `EXPLAIN <statement>` would make for its values. So the statement is PREPAREd on one
 * connection and EXPLAINed as EXECUTE with the values, under the app's own plan_cache_mode.
 */
async function onOneConnection<T>(handle: DbHandle, run: (client: RawClient) => Promise<T>): Promise<T> {
  const client = rawClient(handle) as RawClient & { connect?: () => Promise<RawClient & { release: () => void }> };
  if (!client.connect) return run(client);
  const one = await client.connect();
  try {
    return await run(one);
  } finally {
    one.release();
  }
}

export async function explain(handle: DbHandle, s: Statement): Promise<PlanWork> {
  const params = s.params.map((p) => (p instanceof Date ? p.toISOString() : p));
  if (params.length === 0) return explainText(handle, s.query, s.query, []);
  return onOneConnection(handle, async (client) => {
    const mode = await client.query(`select current_setting('plan_cache_mode') as m`);
    if (mode.rows[0]!.m !== PLAN_CACHE_MODE) throw new Error(`explain: the connection plans with ${String(mode.rows[0]!.m)}`);
    await client.query(`prepare rihaai_explain as ${s.query}`);
    try {
      // EXPLAIN takes no bound parameters: the values go in as literals (typed as the statement's).
      return await explainText(client, s.query, `execute rihaai_explain(${params.map(literal).join(', ')})`, []);
    } finally {
      await client.query('deallocate rihaai_explain');
    }
  });
}

/** A value as an SQL literal of unknown type (standard_conforming_strings: only ' is doubled). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const text = Array.isArray(v) ? `{${v.map((x) => JSON.stringify(String(x))).join(',')}}` : typeof v === 'string' ? v : JSON.stringify(v);
  return `'${text.replace(/'/g, "''")}'`;
}

async function explainText(on: DbHandle | RawClient, query: string, statement: string, params: unknown[]): Promise<PlanWork> {
  const client = 'db' in on ? rawClient(on) : on;
  const json = await client.query(`explain (analyze, buffers, format json) ${statement}`, params);
  const raw = json.rows[0]!['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const plan = parsed[0]!.Plan;
  let rowsTouched = 0;
  let buffers = 0;
  const nodeTypes: string[] = [];
  const seqScans: string[] = [];
  walk(plan, (n) => {
    const loops = n['Actual Loops'] ?? 1;
    rowsTouched +=
      ((n['Actual Rows'] ?? 0) +
        (n['Rows Removed by Filter'] ?? 0) +
        (n['Rows Removed by Index Recheck'] ?? 0) +
        (n['Rows Removed by Join Filter'] ?? 0)) *
      loops;
    buffers += (n['Shared Hit Blocks'] ?? 0) + (n['Shared Read Blocks'] ?? 0);
    nodeTypes.push(n['Node Type']);
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) seqScans.push(n['Relation Name']);
  });
  const text = await client.query(`explain (analyze, buffers, costs off, timing off, summary off) ${statement}`, params);
  return {
    query,
    rowsTouched,
    buffers,
    nodeTypes,
    seqScans,
    text: text.rows.map((r) => String(r['QUERY PLAN'])).join('\n'),
  };
}

/** Runs `fn`, recording every statement it sends (the handle's onQuery must push into `log`). */
export async function capture<T>(log: Statement[], fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  const from = log.length;
  const result = await fn();
  return { result, statements: log.slice(from) };
}
