// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const MyDataPage = lazyNamed(() => import('./my-data-page.tsx'), 'MyDataPage');
