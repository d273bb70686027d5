// A response body that is already JSON text (built by the database) goes out as it is: Fastify sends
// a string with a JSON content type without serialising it, so it is neither parsed nor re-encoded
// in Node. The route keeps its response schema, which documents the body (OpenAPI) and which the
// route's tests hold the text to (docs/decisions/0021-stored-member-cards.md).
import type { FastifyReply } from 'fastify';

/** Brands JSON text as the type it encodes; only for text built to that schema. */
export type JsonText<T> = string & { readonly __json: T };

export function sendJsonText<T>(reply: FastifyReply, body: JsonText<T>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
