// Keyset cursors on (a time, an id): the cursor carries the time exactly as the database holds it
// (microseconds; a JavaScript Date keeps milliseconds, and a page cut at a rounded time repeats or
// skips rows), written by the server and refused with a 400 on its field when it did not write it.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { invalid } from './errors.ts';
import { UUID_PATTERN } from '#shared/validation-rules.ts';

export interface TimeCursor {
  /** The row's time as `exactTimeText` wrote it: UTC, to the microsecond. */
  at: string;
  id: string;
}

/** SQL: a timestamptz as UTC text to the microsecond, which `::timestamptz` reads back exactly. */
export function exactTimeText(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

const EXACT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeTimeCursor(c: TimeCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
}

export function decodeTimeCursor(raw: string, field = 'after'): TimeCursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      typeof v[1] === 'string' &&
      EXACT.test(v[0]) &&
      UUID_PATTERN.test(v[1])
    ) {
      // A real instant: no 31 February or 25 o'clock reaches the database (it would answer with an error).
      const date = new Date(`${v[0].slice(0, 23)}Z`);
      if (!Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === v[0].slice(0, 19)) return { at: v[0], id: v[1] };
    }
  } catch {
    // fall through
  }
  throw invalid('Invalid page cursor.', [{ path: field, message: 'Invalid page cursor.' }]);
}

/** Keyset cursors on (a calendar day, an id): the DLSA's lists, due day or bail order day first. */
export interface DayCursor {
  /** YYYY-MM-DD. */
  on: string;
  id: string;
}

export function encodeDayCursor(c: DayCursor): string {
  return Buffer.from(JSON.stringify([c.on, c.id])).toString('base64url');
}

export function decodeDayCursor(raw: string, field = 'after'): DayCursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      typeof v[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(v[0]) &&
      typeof v[1] === 'string' &&
      /^[0-9a-f-]{36}$/.test(v[1])
    )
      return { on: v[0], id: v[1] };
  } catch {
    // fall through
  }
  throw invalid('Invalid page cursor.', [{ path: field, message: 'Invalid page cursor.' }]);
}
