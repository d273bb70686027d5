// Serves the built React app and falls back to index.html for client routes (docs/stack.md).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export const spaPlugin = fp(async (app: FastifyInstance) => {
  const root = path.resolve(app.deps.env.STATIC_DIR);
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'not_found', message: 'No such address.' } });
    }
    if (!hasBuild) {
      return reply.status(404).type('text/plain').send('The web app is not built. Run npm run build.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
