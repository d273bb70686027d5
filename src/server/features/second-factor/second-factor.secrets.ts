// The TOTP secret, sealed at rest with SECOND_FACTOR_KEY (AES-256-GCM, the account's id as associated
// data so a sealed secret copied to another account's row does not open), the one-time passwords
// themselves (otpauth) and recovery codes (docs/decisions/0043-second-factor-for-officials.md).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP as Totp } from 'otpauth';
import { renderSVG } from 'uqr';
import { normaliseCode, RECOVERY_CODES, TOTP } from '#shared/second-factor.ts';
import { sha256Hex } from '../../lib/tokens.ts';

const VERSION = 'v1';

const keyOf = (secretKey: string) => createHash('sha256').update(`rihaai-second-factor|${secretKey}`).digest();

export function sealSecret(secretKey: string, userId: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The base32 secret; throws when the key is not the one that sealed it or the row was moved. */
export function openSecret(secretKey: string, userId: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('second factor: unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new random secret, base32 (160 bits, as RFC 4226 recommends). */
export const newSecret = () => new Secret({ size: 20 }).base32;

export function totpOf(base32: string, label = ''): Totp {
  return new Totp({
    issuer: TOTP.issuer,
    label,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(base32),
  });
}

/** The time step of `now` (counter of RFC 6238). */
export const stepAt = (now: number) => Totp.counter({ period: TOTP.periodSeconds, timestamp: now });

/**
 * The time step a six-digit code belongs to, one step either side of now (a phone's clock may be a
 * little off), or undefined when it matches none.
 */
export function matchingStep(base32: string, code: string, now = Date.now()): number | undefined {
  const delta = totpOf(base32).validate({ token: normaliseCode(code), timestamp: now, window: 1 });
  return delta === null ? undefined : stepAt(now) + delta;
}

/** What an authenticator app reads: the otpauth:// address and it as a QR code, drawn here (no network). */
export function enrolmentOf(base32: string, label: string) {
  const uri = totpOf(base32, label).toString();
  return { secret: base32, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** New recovery codes as shown (xxxxx-xxxxx) and their hashes as stored. */
export function newRecoveryCodes(): { shown: string[]; hashes: string[] } {
  const shown: string[] = [];
  for (let i = 0; i < RECOVERY_CODES.count; i++) {
    const bytes = randomBytes(RECOVERY_CODES.length);
    const code = [...bytes].map((b) => BASE32[b & 31]).join('');
    shown.push(`${code.slice(0, 5)}-${code.slice(5)}`);
  }
  return { shown, hashes: shown.map(recoveryCodeHash) };
}

export const recoveryCodeHash = (code: string) => sha256Hex(`rihaai-recovery|${normaliseCode(code)}`);
