// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const DashboardPage = lazyNamed(() => import('./dashboard-page.tsx'), 'DashboardPage');
export const BailPage = lazyNamed(() => import('./bail-page.tsx'), 'BailPage');
