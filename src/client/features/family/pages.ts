// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const FamilyHomePage = lazyNamed(() => import('./family-home-page.tsx'), 'FamilyHomePage');
export const FamilyFormPage = lazyNamed(() => import('./family-form-page.tsx'), 'FamilyFormPage');
export const LawyerSearchPage = lazyNamed(() => import('./lawyer-search-page.tsx'), 'LawyerSearchPage');
export const FamilyCasePage = lazyNamed(() => import('./family-case-page.tsx'), 'FamilyCasePage');
export const NgoDetailsPage = lazyNamed(() => import('./ngo-details-page.tsx'), 'NgoDetailsPage');
export const UploadFilePage = lazyNamed(() => import('./upload-file-page.tsx'), 'UploadFilePage');
export const JoinPage = lazyNamed(() => import('./join-page.tsx'), 'JoinPage');
