// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const CaseFactsPage = lazyNamed(() => import('./case-facts-page.tsx'), 'CaseFactsPage');
export const ApplicationPage = lazyNamed(() => import('./application-page.tsx'), 'ApplicationPage');
export const BailPaperPage = lazyNamed(() => import('./bail-paper-page.tsx'), 'BailPaperPage');
