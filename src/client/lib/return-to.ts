// The page a signed-out person was on when the app sent them to sign in (a relative opening an
// invitation link, /join?code=…): kept in this browser for a day, so signing in — even after signing up
// and confirming the address from the email, in another tab — brings them back to it once.
import { ROLE_HOME, type Role } from '#shared/constants.ts';

const KEY = 'rihaai.returnTo';
const KEEP_MS = 24 * 60 * 60 * 1000;

/** An address inside the app (one leading slash, not a sign-in or account page): nothing else is followed. */
export function isReturnPath(path: unknown): path is string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) && !/^\/(signin|signup|second-factor)\b/i.test(path) && path.length <= 2000;
}

export function rememberReturnTo(path: string, now = Date.now()): void {
  if (!isReturnPath(path)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Storage off (private mode): the person lands on their home page instead.
  }
}

/** Where to go after signing in: the remembered page (once, within a day), else the role's home. */
export function takeReturnTo(role: Role, now = Date.now()): string {
  let path: unknown;
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { path?: unknown; at?: unknown } | null;
    localStorage.removeItem(KEY);
    if (saved && typeof saved.at === 'number' && now - saved.at < KEEP_MS) path = saved.path;
  } catch {
    path = undefined;
  }
  return isReturnPath(path) ? path : ROLE_HOME[role];
}
