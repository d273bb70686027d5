// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const PrisonsPage = lazyNamed(() => import('./prisons-page.tsx'), 'PrisonsPage');
export const FindPrisonerPage = lazyNamed<{ desk: 'jail' | 'dlsa' }>(() => import('./find-prisoner-page.tsx'), 'FindPrisonerPage');
