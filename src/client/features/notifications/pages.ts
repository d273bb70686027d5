// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const NotificationsPage = lazyNamed(() => import('./notifications-page.tsx'), 'NotificationsPage');
