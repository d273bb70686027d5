// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const LawyerHomePage = lazyNamed(() => import('./lawyer-home-page.tsx'), 'LawyerHomePage');
export const LawyerFormPage = lazyNamed(() => import('./lawyer-form-page.tsx'), 'LawyerFormPage');
export const PendingCasePage = lazyNamed(() => import('./pending-case-page.tsx'), 'PendingCasePage');
export const LawyerCasesPage = lazyNamed(() => import('./lawyer-cases-page.tsx'), 'LawyerCasesPage');
