// Family member journey: registration, cases, lawyer search and requests, NGO, bail papers (SPEC §2, §4, §5).
import { z } from 'zod';

/** Shown on a bad phone number; the client translates it by the same text. */
export const PHONE_RULE = 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (optional +91 or 0 before it).';

// 10 digits starting 6-9, optionally after +91 / 91 / 0; spaces and dashes are ignored.
const PHONE_PATTERN = /^(?:\+?91|0)?[6-9]\d{9}$/;

/** A plausible Indian mobile number. Shared with the lawyer registration form. */
export const PhoneSchema = z
  .string()
  .trim()
  .min(1, 'Phone number is required.')
  .max(20, PHONE_RULE)
  .refine((v) => PHONE_PATTERN.test(v.replace(/[\s-]/g, '')), PHONE_RULE);

/** Canonical form for storage and display: +91 followed by the 10 digits. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+91${digits.slice(-10)}`;
}
