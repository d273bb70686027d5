// Every route declares the roles that may open it (steering only; the server decides access).
// Declarative routes (<BrowserRouter>/<Routes>), not the data router: the app loads no data in
// routes, and the data router's code costs the sign-in screen ~16 KB of gzipped JavaScript.
// Pages are React.lazy, declared by their feature (features/<name>/pages.ts), so the sign-in screen downloads only what it needs; navigations run in a
// transition, so the old page stays on screen while the next one loads.
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import type { Role } from '#shared/constants.ts';
import { paths } from './paths.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { SignInPage } from '#client/features/accounts/signin-page.tsx';
import { lazyNamed } from '#client/lib/lazy-named.ts';
import { SignUpPage, ProfilePage, ConfirmEmailPage } from '#client/features/accounts/pages.ts';
import { ForgotPasswordPage, ResetPasswordPage } from '#client/features/passwords/pages.ts';
import { CaseFactsPage, ApplicationPage, BailPaperPage } from '#client/features/cases/pages.ts';
import { EditProfilePage } from '#client/features/profile/pages.ts';
import { NotificationsPage } from '#client/features/notifications/pages.ts';
import {
  FamilyHomePage,
  FamilyFormPage,
  LawyerSearchPage,
  FamilyCasePage,
  JoinPage,
  NgoDetailsPage,
  UploadFilePage,
} from '#client/features/family/pages.ts';
import { AboutFamilyPage, AboutLawyerPage, AboutJailPage } from '#client/features/about/pages.ts';
import { ParentConsentPage, PrivacyPage } from '#client/features/privacy/pages.ts';
import { LawyerHomePage, LawyerFormPage, PendingCasePage, LawyerCasesPage } from '#client/features/lawyers/pages.ts';
import { DashboardPage, BailPage } from '#client/features/jail/pages.ts';
import { NgosPage } from '#client/features/ngos/pages.ts';
import { CaseHearingsPage } from '#client/features/deadlines/pages.ts';
import { FindPrisonerPage, PrisonsPage } from '#client/features/prisons/pages.ts';
import { DlsaLegalAidPage, FamilyLegalAidPage, UtrcPage, UtrcPrintPage } from '#client/features/legal-aid/pages.ts';
import { LawyerVerificationPage } from '#client/features/lawyer-verification/pages.ts';
import { AdminAccessLogPage, FamilyAccessLogPage } from '#client/features/access-log/pages.ts';
import { MyDataPage } from '#client/features/my-data/pages.ts';
import { HomePage } from '#client/features/home/pages.ts';
import { SecondFactorPage } from '#client/features/second-factor/pages.ts';
import { firstScreenDone } from '#client/first-screen/take-over.ts';
import { NoticesFollowThePage } from '#client/components/notices-follow-the-page.tsx';

/** The signed-in frame (menu, bottom bar, assistant) is loaded with the first signed-in page, not on sign-in. */
const RoleLayout = lazyNamed<{ roles: readonly Role[] | 'signed-in' }>(() => import('./layouts/role-layout.tsx'), 'RoleLayout');
const NotFoundPage = lazyNamed(() => import('#client/components/not-found.tsx'), 'NotFoundPage');

const PUBLIC_PATHS: readonly string[] = [
  paths.signIn,
  paths.signUp,
  paths.confirmEmail,
  paths.forgotPassword,
  paths.resetPassword,
  paths.secondFactor,
  paths.privacy,
  paths.parentConsent,
];
const FIRST_PAGES: Record<string, { preload: () => Promise<unknown> }> = {
  [paths.familyHome]: FamilyHomePage,
  [paths.lawyerHome]: LawyerHomePage,
  [paths.jailHome]: HomePage,
  [paths.dashboard]: DashboardPage,
};

/**
 * On a direct visit to a signed-in screen (a bookmark, a link in an email, a reload), its code is
 * fetched alongside the app's own rather than after it, the signed-in frame and the session in turn:
 * on a slow phone network each of those waits costs a round trip. A failed fetch is retried by the
 * page itself when it renders. True for a signed-in screen. For a signed-in person's home the server
 * already names these chunks in the page (src/shared/first-screens.ts, which lists the same modules);
 * here the browser finds them in its cache.
 */
export function preloadFirstPage(pathname: string): boolean {
  if (PUBLIC_PATHS.includes(pathname)) return false;
  for (const page of [RoleLayout, FIRST_PAGES[pathname]]) void page?.preload().catch(() => undefined);
  return true;
}

const FM = ['Family-Member'] as const;
const LAWYER = ['Lawyer'] as const;
const JAIL = ['Jail-Authority'] as const;
const LAWYER_OR_JAIL = ['Lawyer', 'Jail-Authority'] as const;
const DLSA_ROLE = ['DLSA'] as const;
const ADMIN = ['State-Administrator'] as const;
const JAIL_OR_ADMIN = ['Jail-Authority', 'State-Administrator'] as const;
/** The three sides of a case: each prints its own paper of the money route after bail. */
const CASE_SIDES = ['Family-Member', 'Lawyer', 'Jail-Authority'] as const;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={paths.signIn} element={<SignInPage />} />
        <Route path={paths.signUp} element={<SignUpPage />} />
        <Route path={paths.confirmEmail} element={<ConfirmEmailPage />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={paths.secondFactor} element={<SecondFactorPage />} />
        <Route path={paths.privacy} element={<PrivacyPage />} />
        <Route path={paths.parentConsent} element={<ParentConsentPage />} />
      </Route>
      <Route element={<RoleLayout roles="signed-in" />}>
        <Route path={paths.profile} element={<ProfilePage />} />
        <Route path={paths.caseFacts} element={<CaseFactsPage />} />
        <Route path={paths.editProfile} element={<EditProfilePage />} />
        <Route path="/notifications" element={<NotificationsPage />} />
      </Route>
      <Route element={<RoleLayout roles={FM} />}>
        <Route path={paths.familyHome} element={<FamilyHomePage />} />
        <Route path={paths.familyForm} element={<FamilyFormPage />} />
        <Route path={paths.lawyerSearch} element={<LawyerSearchPage />} />
        <Route path={paths.familyCase} element={<FamilyCasePage />} />
        <Route path={paths.join} element={<JoinPage />} />
        <Route path={paths.caseAccess} element={<FamilyAccessLogPage />} />
        <Route path={paths.myData} element={<MyDataPage />} />
        <Route path={paths.ngoDetails} element={<NgoDetailsPage />} />
        <Route path={paths.uploadFile} element={<UploadFilePage />} />
        <Route path={paths.aboutFamily} element={<AboutFamilyPage />} />
        <Route path={paths.legalAid} element={<FamilyLegalAidPage />} />
      </Route>
      <Route element={<RoleLayout roles={LAWYER} />}>
        <Route path={paths.lawyerHome} element={<LawyerHomePage />} />
        <Route path={paths.lawyerForm} element={<LawyerFormPage />} />
        <Route path={paths.pendingCase} element={<PendingCasePage />} />
        <Route path={paths.lawyerCases} element={<LawyerCasesPage />} />
        <Route path={paths.aboutLawyer} element={<AboutLawyerPage />} />
      </Route>
      <Route element={<RoleLayout roles={JAIL} />}>
        <Route path={paths.jailHome} element={<HomePage role="Jail-Authority" />} />
        <Route path={paths.dashboard} element={<DashboardPage />} />
        <Route path={paths.jailApplication} element={<ApplicationPage />} />
        <Route path={paths.bailPage} element={<BailPage />} />
        <Route path={paths.ngos} element={<NgosPage />} />
        <Route path={paths.aboutJail} element={<AboutJailPage />} />
        <Route path={paths.findPrisoner} element={<FindPrisonerPage desk="jail" />} />
      </Route>
      <Route element={<RoleLayout roles={DLSA_ROLE} />}>
        <Route path={paths.dlsaHome} element={<FindPrisonerPage desk="dlsa" />} />
        <Route path={paths.dlsaLegalAid} element={<DlsaLegalAidPage />} />
        <Route path={paths.dlsaUtrc} element={<UtrcPage />} />
        <Route path={paths.dlsaUtrcPrint} element={<UtrcPrintPage />} />
      </Route>
      <Route element={<RoleLayout roles={ADMIN} />}>
        <Route path={paths.prisons} element={<PrisonsPage />} />
        <Route path={paths.accessLog} element={<AdminAccessLogPage />} />
      </Route>
      <Route element={<RoleLayout roles={JAIL_OR_ADMIN} />}>
        <Route path={paths.lawyerVerification} element={<LawyerVerificationPage />} />
      </Route>
      <Route element={<RoleLayout roles={LAWYER_OR_JAIL} />}>
        <Route path="/cases/:caseId/hearings" element={<CaseHearingsPage />} />
      </Route>
      <Route element={<RoleLayout roles={CASE_SIDES} />}>
        <Route path={paths.bailPaper} element={<BailPaperPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

let navigator: NavigateFunction | undefined;

/** Navigation from outside React (the API client's 401 handler); a full load before the router is up. */
export function navigateTo(path: string) {
  if (navigator) void navigator(path);
  else window.location.assign(path);
}

function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigator = navigate;
    return () => {
      navigator = undefined;
    };
  }, [navigate]);
  return null;
}

/** A home the server drew in the page is that address's: any other (a redirect, a tap) takes its place. */
function FirstScreenOnlyHere() {
  const { pathname } = useLocation();
  const [first] = useState(pathname);
  useLayoutEffect(() => {
    if (pathname !== first) firstScreenDone();
  }, [pathname, first]);
  return null;
}

export function AppRouter({ children }: { children?: ReactNode }) {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <FirstScreenOnlyHere />
      <NoticesFollowThePage />
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
      {children}
    </BrowserRouter>
  );
}
