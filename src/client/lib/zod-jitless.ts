// The browser's zod, without its just-in-time parsers: on first use zod probes `new Function`, which
// the app's Content-Security-Policy (no 'unsafe-eval') refuses and Chrome reports as a page issue.
// vite.config.ts resolves the client's `import … from 'zod'` to this file; the server keeps the JIT.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
