// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const PrivacyPage = lazyNamed(() => import('./privacy-page.tsx'), 'PrivacyPage');
export const ParentConsentPage = lazyNamed(() => import('./parent-consent-page.tsx'), 'ParentConsentPage');
