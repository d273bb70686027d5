// The contract's enums and limits (SPEC §3, §9). Imported by client and server alike.
import { z } from 'zod';

export const ROLES = ['Family-Member', 'Lawyer', 'Jail-Authority'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const CASE_TYPES = [
  'Criminal Defense Lawyer',
  'Corporate Lawyer',
  'Environmental Lawyer',
  'Technology/Tech Lawyer',
  'Civil Litigation Attorney',
  'Constitutional Lawyer',
  'Labor & Employment Attorney',
  'International Law Attorney',
  'Intellectual Property Lawyer',
] as const;
export const CaseTypeSchema = z.enum(CASE_TYPES);
export type CaseType = z.infer<typeof CaseTypeSchema>;

export const LANGUAGES = ['en', 'hi', 'es', 'fr', 'de'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

export const REQUEST_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 200,
  nameMax: 120,
  emailMax: 254,
  addressMax: 500,
  caseNumberMax: 64,
  caseDetailMax: 5000,
  courtAreaMax: 200,
  ngoTextMax: 2000,
  contactMessageMax: 5000,
  uploadMaxBytes: 10 * 1024 * 1024,
  popupAutoCloseMs: 3000,
  profileImagePx: 120,
  copyrightYear: 2024,
} as const;

/** Role → home route (SPEC §6). */
export const ROLE_HOME: Record<Role, string> = {
  'Family-Member': '/family-member',
  Lawyer: '/lawyer',
  'Jail-Authority': '/jail-authority',
};

/** Role → where a newly signed-up user goes (SPEC §6). */
export const ROLE_AFTER_SIGNUP: Record<Role, string> = {
  'Family-Member': '/fmform',
  Lawyer: '/lawyerform',
  'Jail-Authority': '/jail-authority',
};
