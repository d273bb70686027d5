// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const SecondFactorPage = lazyNamed(() => import('./second-factor-page.tsx'), 'SecondFactorPage');
