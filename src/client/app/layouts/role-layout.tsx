// Signed-in screens: header with the menu icon and language menu, the page, the bottom bar.
// The route's declared roles steer: signed out → sign-in; wrong role → that user's home.
// (Steering only: the server decides every access.)
import { rememberReturnTo } from '#client/lib/return-to.ts';
import '../styles/signed-in.ts';
import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE_HOME, type Role } from '#shared/constants.ts';
import { useSession } from '#client/lib/use-session.ts';
import { rememberLanguage, storedLanguage } from '#client/lib/i18n.ts';
import { Loading } from '#client/components/loading.tsx';
import { BottomBar } from '#client/components/bottom-bar.tsx';
import { NavDrawer } from '#client/components/nav-drawer.tsx';
import { SessionExpiredModal } from '#client/components/session-expired-modal.tsx';
import { AppHeader } from './app-header.tsx';
import { paths } from '../paths.ts';

export function RoleLayout({ roles }: { roles: readonly Role[] | 'signed-in' }) {
  const { t, i18n } = useTranslation();
  const { user, isLoading } = useSession();
  const location = useLocation();
  // Already signed in on a browser with no choice of its own: follow the account's language.
  const accountLanguage = user?.language;
  useEffect(() => {
    if (accountLanguage && !storedLanguage() && accountLanguage !== i18n.resolvedLanguage) {
      rememberLanguage(accountLanguage);
      void i18n.changeLanguage(accountLanguage);
    }
  }, [accountLanguage, i18n]);
  if (isLoading) return <Loading label={t('loading')} />;
  if (!user) {
    // Back here after signing in (an invitation link opened while signed out, say).
    rememberReturnTo(location.pathname + location.search);
    return <Navigate to={paths.signIn} replace state={{ from: location.pathname }} />;
  }
  // The server refuses everything else until the second factor is passed (docs/decisions/0043-second-factor-for-officials.md).
  if (user.secondFactor) return <Navigate to={paths.secondFactor} replace />;
  if (roles !== 'signed-in' && !roles.includes(user.role)) return <Navigate to={ROLE_HOME[user.role]} replace />;
  return (
    <>
      <AppHeader left={<NavDrawer role={user.role} />} bell />
      <Box component="main" pb={80}>
        <Outlet />
      </Box>
      <BottomBar role={user.role} />
      <SessionExpiredModal />
    </>
  );
}
