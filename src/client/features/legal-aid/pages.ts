// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const FamilyLegalAidPage = lazyNamed(() => import('./family-legal-aid-page.tsx'), 'FamilyLegalAidPage');
export const DlsaLegalAidPage = lazyNamed(() => import('./dlsa-legal-aid-page.tsx'), 'DlsaLegalAidPage');
export const UtrcPage = lazyNamed(() => import('./utrc-pages.tsx'), 'UtrcPage');
export const UtrcPrintPage = lazyNamed(() => import('./utrc-pages.tsx'), 'UtrcPrintPage');
