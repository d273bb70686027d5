// The contract's enums and limits (docs/spec.md#3-entities-and-their-fields, §9). Imported by client and server alike.
// No zod here: the sign-in route uses these values and must not load a validator; the zod enums
// live in enums.ts (docs/decisions/0010-no-zod-on-the-sign-in-route.md).

export const ROLES = ['Family-Member', 'Lawyer', 'Jail-Authority', 'DLSA', 'State-Administrator'] as const;
export type Role = (typeof ROLES)[number];
/** Who may sign up: the State-Administrator is made from the command line (README, "First administrator"). */
export const SIGNUP_ROLES = ['Family-Member', 'Lawyer', 'Jail-Authority', 'DLSA'] as const satisfies readonly Role[];
/** Roles that sign up with a registration code: a jail's names its prison, a DLSA's its district. */
export const CODE_ROLES = ['Jail-Authority', 'DLSA'] as const satisfies readonly Role[];

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
export type CaseType = (typeof CASE_TYPES)[number];

// The languages and what each needs (name, script, direction, Intl tag) live in one list: languages.ts.
export { LANGUAGES, type Language } from './languages.ts';

/**
 * 'withdrawn': the family member took a pending request back before the lawyer answered.
 * 'ended': the family member ended an accepted lawyer's engagement; the lawyer no longer sees the record.
 */
export const REQUEST_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn', 'ended'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** An open request (pending or accepted): a member has at most one per lawyer. */
export const OPEN_REQUEST_STATUSES = ['pending', 'accepted'] as const satisfies readonly RequestStatus[];

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 200,
  nameMax: 120,
  emailMax: 254,
  registrationCodeMax: 200,
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

/** Role → home route (docs/spec.md#6-roles-and-permissions). */
export const ROLE_HOME: Record<Role, string> = {
  'Family-Member': '/family-member',
  Lawyer: '/lawyer',
  'Jail-Authority': '/jail-authority',
  DLSA: '/dlsa',
  'State-Administrator': '/prisons',
};

/** Role → where a newly signed-up user goes (docs/spec.md#6-roles-and-permissions). */
/** How long the emailed link that opens a new account works (docs/decisions/0018-signup-confirm-by-email-link.md). */
export const CONFIRM_LINK_HOURS = 24;

export const ROLE_AFTER_SIGNUP: Record<Role, string> = {
  'Family-Member': '/fmform',
  Lawyer: '/lawyerform',
  'Jail-Authority': '/jail-authority',
  DLSA: '/dlsa',
  'State-Administrator': '/prisons',
};
