// Text sent as is (sendJsonValue, sendJsonText) is held, outside production, to the route's response
// schema: valid, and no key it does not name (the schema's serializer would have dropped it).
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { sendJsonValue } from './json-text.ts';

async function appSending(value: unknown, check = true) {
  const app = Fastify();
  app.decorate('deps', { env: { CHECK_SPLICED_JSON: check } } as never);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const Page = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })), next: z.string().nullable() });
  app.get('/page', { schema: { response: { 200: Page } } }, async (_req, reply) => sendJsonValue(reply, value));
  await app.ready();
  return app;
}

describe('sendJsonValue outside production', () => {
  it('sends a value that is exactly the schema’s, as its JSON text', async () => {
    const app = await appSending({ items: [{ id: 'a', name: 'Ramesh' }], next: null });
    const res = await app.inject('/page');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"items":[{"id":"a","name":"Ramesh"}],"next":null}');
    await app.close();
  });

  it.each([
    ['a key the schema does not name (the serializer would drop it)', { items: [{ id: 'a', name: 'R', secret: 'x' }], next: null }],
    ['a key the schema does not name, in a nested object', { items: [{ id: 'a', name: 'R' }], next: null, debug: { sql: 'x' } }],
    ['a value the schema refuses', { items: [{ id: 1, name: 'R' }], next: null }],
  ])('refuses %s', async (_, value) => {
    const app = await appSending(value);
    expect((await app.inject('/page')).statusCode).toBe(500);
    await app.close();
  });

  it('keys in another order are the same JSON to a reader: sent as built', async () => {
    const app = await appSending({ next: null, items: [{ name: 'R', id: 'a' }] });
    expect((await app.inject('/page')).body).toBe('{"next":null,"items":[{"name":"R","id":"a"}]}');
    await app.close();
  });

  it('sends as is in production (the check is off)', async () => {
    const app = await appSending({ items: [], next: null, extra: 1 }, false);
    expect((await app.inject('/page')).body).toBe('{"items":[],"next":null,"extra":1}');
    await app.close();
  });
});
