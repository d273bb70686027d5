import type { Role } from '#shared/constants.ts';

// Every client route in one place (docs/spec.md#2-screens-and-routes). Links and redirects use these, never string literals.
export const paths = {
  signIn: '/',
  signUp: '/signup',
  /** The emailed link that opens a new account (the server builds it: lib/email-links.ts). */
  confirmEmail: '/confirm-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Set up the second factor, or enter its code after the password (docs/decisions/0043-second-factor-for-officials.md). */
  secondFactor: '/second-factor',
  familyForm: '/fmform',
  lawyerForm: '/lawyerform',
  familyHome: '/family-member',
  lawyerHome: '/lawyer',
  jailHome: '/jail-authority',
  profile: '/profile',
  editProfile: '/edit-profile',
  aboutLawyer: '/about',
  aboutFamily: '/about-family',
  aboutJail: '/aboutjail',
  lawyerSearch: '/lawyerSearch',
  familyCase: '/family-case',
  /** A relative joins a prisoner with an invitation code (docs/decisions/0050-relatives-join-by-invitation.md). */
  join: '/join',
  ngoDetails: '/ngo-details',
  uploadFile: '/upload-file',
  pendingCase: '/pending-case',
  lawyerCases: '/lawyer-cases',
  dashboard: '/dashboard',
  bailPage: '/bail-page',
  ngos: '/ngos',
  caseFacts: '/case/:caseId',
  jailApplication: '/jail/application/:caseId',
  /** A paper of the money route after bail: dlsa-request (family), dlsa-intimation (jail), relax-conditions (lawyer). */
  bailPaper: '/cases/:caseId/paper/:kind',
  findPrisoner: '/find-prisoner',
  dlsaHome: '/dlsa',
  /** The DLSA's legal-aid applications and its UTRC list with a print view (docs/decisions/0056-legal-aid-applications-and-the-utrc-list.md). */
  dlsaLegalAid: '/dlsa/legal-aid',
  dlsaUtrc: '/dlsa/utrc',
  dlsaUtrcPrint: '/dlsa/utrc/print',
  /** A family's applications for free legal aid. */
  legalAid: '/legal-aid',
  prisons: '/prisons',
  /** Lawyers awaiting verification of their Bar Council enrolment (the administrator; a jail for its district). */
  lawyerVerification: '/lawyer-verification',
  /** Who looked at a followed prisoner's case (?prisoner=<id>): docs/decisions/0049-access-log.md. */
  caseAccess: '/case-access',
  /** Everything Rihaai holds about the family member, to read, save and correct (docs/decisions/0054-rights-a-family-can-use.md). */
  myData: '/my-data',
  /** The administrator's breach question: whose records an account read between two times. */
  accessLog: '/access-log',
  /** The privacy notice, public (docs/decisions/0053-notice-and-consent.md). */
  privacy: '/privacy',
  /** A parent's or guardian's confirmation of a child's sign-up, from the emailed link. */
  parentConsent: '/parent-consent',
} as const;

export const aboutPathFor: Record<Role, string> = {
  'Family-Member': paths.aboutFamily,
  Lawyer: paths.aboutLawyer,
  'Jail-Authority': paths.aboutJail,
  DLSA: paths.dlsaHome,
  'State-Administrator': paths.prisons,
};
