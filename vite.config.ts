import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes .br and .gz beside each built text file; the server sends them to browsers that accept them
 * (@fastify/static preCompressed). A phone on a slow network downloads a third of the bytes.
 */
function precompress(): Plugin {
  return {
    name: 'rihaai-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || !options.dir) continue;
        const full = path.join(options.dir, file);
        const bytes = fs.readFileSync(full);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(bytes, { level: 9 }));
        fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }));
      }
    },
  };
}

/** The zod the browser gets (src/client/lib/zod-jitless.ts); its own import of zod/v4 is not matched. */
const ZOD_ALIAS = [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/client/lib/zod-jitless.ts') }];

/**
 * After the client build: draws each role's home at build time (src/client/first-screen/prerender.tsx,
 * built for Node into a temporary folder) and writes the HTML to .vite/first-screens.json, which the
 * server puts in a signed-in person's page (docs/decisions/0025-web-first-screen-drawn-in-the-page.md).
 */
function prerenderFirstScreens(): Plugin {
  return {
    name: 'rihaai-prerender-first-screens',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options) {
      if (!options.dir) return;
      const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihaai-prerender-'));
      try {
        await build({
          configFile: false,
          root: path.resolve(import.meta.dirname, 'src/client'),
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: ZOD_ALIAS },
          // Bundled, not loaded from node_modules at run time: Mantine's and the icons' packages are ESM for bundlers.
          ssr: { noExternal: true },
          build: { ssr: 'first-screen/prerender.tsx', outDir, emptyOutDir: true, minify: false, copyPublicDir: false },
        });
        const built = fs.readdirSync(outDir).find((f) => /^prerender\.m?js$/.test(f));
        if (!built) throw new Error(`the first-screen prerender build wrote no prerender.js in ${outDir}`);
        const mod = (await import(pathToFileURL(path.join(outDir, built)).href)) as { renderAll: () => unknown };
        fs.mkdirSync(path.join(options.dir, '.vite'), { recursive: true });
        fs.writeFileSync(path.join(options.dir, '.vite', 'first-screens.json'), JSON.stringify(mod.renderAll()));
      } finally {
        fs.rmSync(outDir, { recursive: true, force: true });
      }
    },
  };
}

const SIGNED_IN_UI =
  /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize|tabbable|get-nonce|clsx)[\\/]/;

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), precompress(), prerenderFirstScreens()],
  resolve: {
    // zod in the browser runs without eval (src/client/lib/zod-jitless.ts).
    alias: ZOD_ALIAS,
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to name a direct visit's first-screen chunks in the page (src/server/lib/first-screen.ts).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (the sign-in screen's code) in one file with it,
          // not twenty: on a slow phone network each file queues for one of six connections
          // (docs/decisions/0020-web-first-screen-in-the-page.md). Lazy pages import from it.
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The Mantine code the signed-in screens share, in one file rather than ~15: a role's home
            // loads it with its own few chunks, and every later screen finds it cached. The Alert is left
            // out: the password screens use nothing else from it.
            { name: 'ui', priority: 1, test: (id) => SIGNED_IN_UI.test(id) && !/[\\/]components[\\/]Alert[\\/]/.test(id) },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
