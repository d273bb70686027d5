import type { Role } from '#shared/constants.ts';

// Every client route in one place (docs/spec.md#2-screens-and-routes). Links and redirects use these, never string literals.
export const paths = {
  signIn: '/',
  signUp: '/signup',
  /** The emailed link that opens a new account (the server builds it: lib/email-links.ts). */
  confirmEmail: '/confirm-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
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
  ngoDetails: '/ngo-details',
  uploadFile: '/upload-file',
  pendingCase: '/pending-case',
  lawyerCases: '/lawyer-cases',
  dashboard: '/dashboard',
  bailPage: '/bail-page',
  ngos: '/ngos',
  caseFacts: '/case/:caseId',
  jailApplication: '/jail/application/:caseId',
} as const;

export const aboutPathFor: Record<Role, string> = {
  'Family-Member': paths.aboutFamily,
  Lawyer: paths.aboutLawyer,
  'Jail-Authority': paths.aboutJail,
};
