// The role last used on this device, so a family member signing in again does not pick it from the
// list each time (the server still checks it against the account: 'Role mismatch…').
import { ROLES, type Role } from '#shared/constants.ts';

const KEY = 'rihaai.lastRole';

export function lastRole(): Role | '' {
  try {
    const value = window.localStorage.getItem(KEY);
    return (ROLES as readonly string[]).includes(value ?? '') ? (value as Role) : '';
  } catch {
    // Storage refused (private mode, a full quota): no pre-filled role.
    return '';
  }
}

export function rememberRole(role: Role) {
  try {
    window.localStorage.setItem(KEY, role);
  } catch {
    // Not remembered: the select starts empty next time.
  }
}

/** An address as the server checks it: no spaces around it, lower case (a phone capitalises the first letter). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
