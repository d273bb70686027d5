// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const AboutFamilyPage = lazyNamed(() => import('./about-page.tsx'), 'AboutFamilyPage');
export const AboutLawyerPage = lazyNamed(() => import('./about-page.tsx'), 'AboutLawyerPage');
export const AboutJailPage = lazyNamed(() => import('./about-page.tsx'), 'AboutJailPage');
