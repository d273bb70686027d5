// `npm test`: everything CI runs, failing fast where it can, with the steps that do not depend on each
// other run side by side (the machine has 2 cores):
//   1. typecheck, lint, the format check and the bench smoke run (`bench:quick`, which fails only on
//      errors, never on speed), side by side: the first three are mostly one core each, and the smoke
//      run leaves most of the machine idle on its own (its embedded database answers one statement at
//      a time), so it costs this phase about half a minute instead of a phase of a minute and a half;
//   2. the unit and API suites (Vitest), and beside them the client's production build (seconds) then
//      the browser suites (Playwright) on that build. Each alone left the cores idle 7-9 % of the time;
//      side by side they took 1,374 s here against 1,593 s one after the other
//      (docs/decisions/0074-browser-and-unit-suites-side-by-side.md);
//   3. one closing line for the whole run (scripts/test-summary.mjs).
// A failed step stops the run with its exit code (in phase 2, once both sides have ended). Output of
// steps run side by side is printed whole, one step after the other, as each ends, except the browser
// suites', which is printed as it comes; each step says how long it took.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs a command; `buffered` keeps its output until it ends (for steps run side by side). */
function step(name, command, args, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const since = Date.now();
    const chunks = [];
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    if (buffered) {
      child.stdout.on('data', (d) => chunks.push(d));
      child.stderr.on('data', (d) => chunks.push(d));
    }
    child.on('error', (err) => {
      chunks.push(Buffer.from(`${String(err)}\n`));
    });
    child.on('close', (code, signal) => {
      if (buffered) {
        process.stdout.write(`\n== ${name}\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      const status = code ?? (signal ? 1 : 0);
      console.log(`== ${name}: ${status === 0 ? 'passed' : `FAILED (exit ${status})`} in ${seconds(since)}`);
      resolve(status);
    });
  });
}

const npm = (script, options) => step(`npm run ${script}`, 'npm', ['run', '--silent', script], options);

async function together(...steps) {
  const codes = await Promise.all(steps);
  return codes.find((c) => c !== 0) ?? 0;
}

async function main() {
  fs.rmSync('test-results', { recursive: true, force: true });
  const phases = [
    () =>
      together(
        npm('typecheck', { buffered: true }),
        npm('lint', { buffered: true }),
        npm('format:check', { buffered: true }),
        npm('bench:quick', { buffered: true }),
      ),
    () =>
      together(
        npm('test:unit', { buffered: true }),
        step('client build for the browser suites', 'sh', ['-c', 'node scripts/ensure-chromium.mjs && npx vite build'], {
          buffered: true,
        }).then((code) => (code === 0 ? step('browser suites', 'npx', ['playwright', 'test']) : code)),
      ),
  ];
  for (const phase of phases) {
    const code = await phase();
    if (code !== 0) {
      console.log(`npm test: FAILED after ${seconds(started)}`);
      return code;
    }
  }
  const summary = await step('summary', 'node', ['scripts/test-summary.mjs']);
  console.log(`npm test: ${summary === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}`);
  return summary;
}

process.exit(await main());
