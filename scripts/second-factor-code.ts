// npx tsx scripts/second-factor-code.ts [SECRET]: the current one-time code of a second-factor
// secret (base32), by default the demo officials' published one, for trying the demo without an
// authenticator app (docs/decisions/0043-second-factor-for-officials.md). A code is accepted once:
// wait for the next one (every 30 seconds) to sign in again.
import { DEMO_SECOND_FACTOR_SECRET } from '#server/db/demo-data.ts';
import { totpOf } from '#server/features/second-factor/second-factor.secrets.ts';

const secret = (process.argv[2] ?? DEMO_SECOND_FACTOR_SECRET).replace(/\s/g, '').toUpperCase();
const totp = totpOf(secret);
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${totp.generate()}  (valid for ${left} more seconds, then the next one)`);
