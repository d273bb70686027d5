// The browser tests use Debian's Chromium. Install it when missing (as root), or say how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);

if (process.getuid?.() === 0) {
  console.log("Chromium is missing: installing Debian's chromium package (apt-get)...");
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } catch {
    console.error('Could not install Chromium. Run as root: apt-get update && apt-get install -y chromium');
    process.exit(1);
  }
  if (existsSync(CHROMIUM)) process.exit(0);
}
console.error(
  `Chromium not found at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
);
process.exit(1);
