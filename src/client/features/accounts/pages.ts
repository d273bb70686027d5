// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const SignUpPage = lazyNamed(() => import('./signup-page.tsx'), 'SignUpPage');
export const ProfilePage = lazyNamed(() => import('./profile-page.tsx'), 'ProfilePage');
export const ConfirmEmailPage = lazyNamed(() => import('./confirm-email-page.tsx'), 'ConfirmEmailPage');
