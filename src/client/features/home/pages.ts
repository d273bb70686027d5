// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';
import type { Role } from '#shared/constants.ts';

export const HomePage = lazyNamed<{ role: Role }>(() => import('./home-page.tsx'), 'HomePage');
