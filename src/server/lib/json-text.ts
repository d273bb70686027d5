// A response body that is already JSON text (built by the database) goes out as it is: Fastify sends
// a string with a JSON content type without serialising it, so it is neither parsed nor re-encoded
// in Node. The route keeps its response schema, which documents the body (OpenAPI) and which the
// route's tests hold the text to (docs/decisions/0021-stored-member-cards.md).
import type { FastifyReply } from 'fastify';

/** Brands JSON text as the type it encodes; only for text built to that schema. */
export type JsonText<T> = string & { readonly __json: T };

/**
 * A value built field by field in its response schema's key order, as the JSON text the serialiser would
 * send (JSON.stringify of the schema's parse), without the serialiser's check of every field on every
 * request (docs/decisions/0031-lawyer-clients-as-json-text.md). The route's tests hold the text to the schema.
 */
export function jsonTextOf<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/** The value each reply sent by sendJsonValue was made from, for the access log (plugins/access-log.ts). */
const sentValues = new WeakMap<FastifyReply, unknown>();

/**
 * Sends a value built in its schema's key order as JSON text (jsonTextOf), and keeps the value: the
 * access log then reads the records shown from it instead of parsing the text it was just made into.
 */
export function sendJsonValue<T>(reply: FastifyReply, value: T): FastifyReply {
  sentValues.set(reply, value);
  return sendJsonText(reply, jsonTextOf(value));
}

/** The value sendJsonValue sent on this reply, if it did. */
export function sentValueOf(reply: FastifyReply): unknown {
  return sentValues.get(reply);
}

/** Keeps the value a route answered before Fastify serialises it, for the access log (plugins/access-log.ts). */
export function keepSentValue(reply: FastifyReply, value: unknown): void {
  sentValues.set(reply, value);
}

/**
 * A page of records as JSON text built by the database, with the ids of the records it shows, in the
 * order the access log reads them from the page (plugins/access-log.ts ACCESS_LOGGED_ROUTES): the log
 * then need not parse the text the database built (docs/decisions/0076-access-log-reads-the-ids-it-is-given.md).
 */
export interface JsonPage<T> {
  text: JsonText<T>;
  shown: readonly string[];
}

/** The ids of the records shown by the JsonPage sent on this reply, if one was. */
const shownIds = new WeakMap<FastifyReply, readonly string[]>();

/** Sends a JsonPage's text as it is, and keeps its ids for the access log. */
export function sendJsonPage<T>(reply: FastifyReply, page: JsonPage<T>): FastifyReply {
  shownIds.set(reply, page.shown);
  return sendJsonText(reply, page.text);
}

/** The ids the JsonPage sent on this reply showed, if one was sent. */
export function shownIdsOf(reply: FastifyReply): readonly string[] | undefined {
  return shownIds.get(reply);
}

export function sendJsonText<T>(reply: FastifyReply, body: JsonText<T>): FastifyReply {
  if (reply.server.deps.env.CHECK_SPLICED_JSON) checkAgainstSchema(reply, body);
  return reply.type('application/json; charset=utf-8').send(body);
}

interface SafeParser {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: { message: string } };
}

/**
 * Outside production (CHECK_SPLICED_JSON), text spliced from stored JSON is parsed and held to the
 * route's response schema before it goes out: a stale or malformed card is an error the tests and a
 * developer see, never a silent wrong answer (docs/decisions/0034-derived-data-registry.md).
 */
function checkAgainstSchema(reply: FastifyReply, body: string): void {
  const schemas = reply.request.routeOptions.schema?.response as Record<string, unknown> | undefined;
  const schema = (schemas?.[String(reply.statusCode)] ?? schemas?.['200']) as SafeParser | undefined;
  if (!schema || typeof schema.safeParse !== 'function') return;
  const sent: unknown = JSON.parse(body);
  const result = schema.safeParse(sent);
  if (!result.success)
    throw new Error(`JSON text spliced from stored cards does not match the route's response schema: ${result.error?.message ?? ''}`);
  // ...and it holds no key the schema does not name: the serializer would have dropped it; text sent as
  // is would not.
  const extra = keyNotIn(sent, result.data, '');
  if (extra !== null) throw new Error(`JSON text sent as is holds a key the route's response schema does not name: ${extra}`);
}

/** The path of the first key of `sent` that the schema's parse of it (`kept`) dropped, or null. */
function keyNotIn(sent: unknown, kept: unknown, path: string): string | null {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i++) {
      const found = keyNotIn(sent[i], kept[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (sent && typeof sent === 'object' && kept && typeof kept === 'object') {
    for (const [key, value] of Object.entries(sent)) {
      if (!Object.hasOwn(kept, key)) return `${path}.${key}`;
      const found = keyNotIn(value, (kept as Record<string, unknown>)[key], `${path}.${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}
