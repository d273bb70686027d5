// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const FamilyAccessLogPage = lazyNamed(() => import('./family-access-log-page.tsx'), 'FamilyAccessLogPage');
export const AdminAccessLogPage = lazyNamed(() => import('./admin-access-log-page.tsx'), 'AdminAccessLogPage');
