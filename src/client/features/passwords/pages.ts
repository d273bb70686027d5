// This feature's screens, each downloaded when first shown (the router places them).
import { lazyNamed } from '#client/lib/lazy-named.ts';

export const ForgotPasswordPage = lazyNamed(() => import('./forgot-password-page.tsx'), 'ForgotPasswordPage');
export const ResetPasswordPage = lazyNamed(() => import('./reset-password-page.tsx'), 'ResetPasswordPage');
