// One error handler: AppError → its status; validation → 400 with field details; everything
// unexpected is logged and masked as 'internal' — never a stack trace or SQL in a response.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ruleOfIssue, type ErrorBody, type ErrorCode, type ValidationDetail } from '#shared/errors.ts';
import { AppError, isDatabaseUnavailable } from '../lib/errors.ts';
import { isDiskFull, storageFull } from '../lib/upload-limits.ts';

function body(code: ErrorCode, message: string, details?: ValidationDetail[], current?: unknown): ErrorBody {
  const error: ErrorBody['error'] = details ? { code, message, details } : { code, message };
  return { error: current === undefined ? error : { ...error, current } };
}

const FASTIFY_CODES: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'This content type is not accepted here.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request is too large.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'validation', 'The request body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'validation', 'The request body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'validation', 'The request length is invalid.'],
  FST_ERR_INVALID_URL: [400, 'validation', 'The address is invalid.'],
  FST_ERR_BAD_URL: [400, 'validation', 'The address is invalid.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported_media_type', 'This request must be a file upload (multipart/form-data).'],
  FST_REQ_FILE_TOO_LARGE: [413, 'payload_too_large', 'The file is larger than 10 MiB.'],
  FST_PARTS_LIMIT: [413, 'payload_too_large', 'The upload has too many parts.'],
  FST_FILES_LIMIT: [413, 'payload_too_large', 'Upload one file at a time.'],
  FST_FIELDS_LIMIT: [413, 'payload_too_large', 'The upload has too many fields.'],
};

/** Errors raised before routing (a malformed percent-encoded URL…), answered in our shape too. */
export function frameworkErrorHandler(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const known = err.code ? FASTIFY_CODES[err.code] : undefined;
  const [status, code, message] = known ?? [400, 'bad_request', 'The request could not be understood.'];
  void reply.status(status).send(body(code, message));
}

const CLIENT_ERRORS: Record<string, [number, string, ErrorCode, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'request_timeout', 'The request took too long to arrive. Please try again.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request headers are too large.'],
};

/**
 * Errors Node's HTTP parser meets before Fastify has a request (a body or headers too slow to
 * arrive, headers too large, bytes that are not HTTP): answered on the raw socket, in our shape,
 * then the connection is closed. Replaces Fastify's default, which sends its own body.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message] = (err.code ? CLIENT_ERRORS[err.code] : undefined) ?? [
    400,
    'Bad Request',
    'bad_request' as const,
    'The request could not be understood.',
  ];
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) {
    const json = JSON.stringify(body(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    try {
      return handle(err, req, reply);
    } catch (failure) {
      req.log.error({ err, failure }, 'error handler failed');
      return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
    }
  });

  function handle(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    if (err instanceof AppError) {
      if (err.status === 503) reply.header('retry-after', '5');
      return reply.status(err.status).send(body(err.code, err.message, err.details, err.current));
    }
    if (isDiskFull(err)) {
      // A full disk (or disk quota) while spooling or storing a paper: the documented 507, and the
      // operator is told (README "Deploying"), never a stack in the answer.
      req.log.error({ err }, 'disk full');
      const full = storageFull();
      return reply.status(full.status).send(body(full.code, full.message));
    }
    if (err.code === 'ECONNRESET' && err.message === 'aborted') {
      // The client went away while its body was being read: no one is left to answer, and nothing
      // is wrong with the database (whose connection errors share the code).
      req.log.info('client closed the connection before its request was read');
      return reply.status(400).send(body('bad_request', 'The request was cut short.'));
    }
    if (isDatabaseUnavailable(err)) {
      // The database is away (restart, failover, network): a short, retryable answer, no crash.
      req.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body('unavailable', 'The service is briefly unavailable. Please try again in a moment.'));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => {
        // fastify-type-provider-zod puts the zod issue, less path/code/message, in params; code in keyword.
        type Issue = Parameters<typeof ruleOfIssue>[0] & { path?: PropertyKey[]; keys?: string[]; issue?: Issue };
        const params = (v.params ?? {}) as Issue;
        const issue: Issue = params.issue ?? { ...params, code: v.keyword, message: v.message };
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (issue?.path ?? []).map(String).join('.');
        const message =
          issue?.code === 'unrecognized_keys' ? `Unknown field(s): ${(issue.keys ?? []).join(', ')}.` : (v.message ?? 'Invalid value.');
        const { rule, limit } = ruleOfIssue(issue);
        return limit === undefined ? { path, message, rule } : { path, message, rule, limit };
      });
      const first = details[0];
      const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request.';
      return reply.status(400).send(body('validation', message, details));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: err.cause }, 'response did not match its schema');
      return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.status(known[0]).send(body(known[1], known[2]));
    if (err.statusCode === 429) {
      return reply.status(429).send(body('rate_limited', 'Too many requests. Please wait a few minutes and try again.'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(body('bad_request', 'The request could not be understood.'));
    }
    req.log.error({ err }, 'unexpected error');
    return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
  }
});
