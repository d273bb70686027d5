// Every route declares the roles that may open it (steering only; the server decides access).
// Declarative routes (<BrowserRouter>/<Routes>), not the data router: the app loads no data in
// routes, and the data router's code costs the sign-in screen ~16 KB of gzipped JavaScript.
// Pages are React.lazy, so the sign-in screen downloads only what it needs; navigations run in a
// transition, so the old page stays on screen while the next one loads.
import { lazy, useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router';
import type { Role } from '#shared/constants.ts';
import { paths } from './paths.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { SignInPage } from '#client/features/accounts/signin-page.tsx';

/** A component loaded on demand from the named export of a module. */
function lazyNamed<P extends object>(load: () => Promise<Record<string, unknown>>, name: string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
}

const loadRoleLayout = () => import('./layouts/role-layout.tsx');
const loadHome = () => import('#client/features/home/home-page.tsx');
const loadFamilyHome = () => import('#client/features/family/family-home-page.tsx');
const loadLawyerHome = () => import('#client/features/lawyers/lawyer-home-page.tsx');
const loadDashboard = () => import('#client/features/jail/dashboard-page.tsx');

/** The signed-in frame (menu, bottom bar, assistant) is loaded with the first signed-in page, not on sign-in. */
const RoleLayout = lazyNamed<{ roles: readonly Role[] | 'signed-in' }>(loadRoleLayout, 'RoleLayout');
const HomePage = lazyNamed<{ role: Role }>(loadHome, 'HomePage');

// Before signing in, and for every signed-in role.
const SignUpPage = lazyNamed(() => import('#client/features/accounts/signup-page.tsx'), 'SignUpPage');
const ForgotPasswordPage = lazyNamed(() => import('#client/features/passwords/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('#client/features/passwords/reset-password-page.tsx'), 'ResetPasswordPage');
const ProfilePage = lazyNamed(() => import('#client/features/accounts/profile-page.tsx'), 'ProfilePage');
const CaseFactsPage = lazyNamed(() => import('#client/features/cases/case-facts-page.tsx'), 'CaseFactsPage');
const EditProfilePage = lazyNamed(() => import('#client/features/profile/edit-profile-page.tsx'), 'EditProfilePage');
const NotificationsPage = lazyNamed(() => import('#client/features/notifications/notifications-page.tsx'), 'NotificationsPage');
const NotFoundPage = lazyNamed(() => import('#client/components/not-found.tsx'), 'NotFoundPage');

// The family member.
const FamilyHomePage = lazyNamed(loadFamilyHome, 'FamilyHomePage');
const FamilyFormPage = lazyNamed(() => import('#client/features/family/family-form-page.tsx'), 'FamilyFormPage');
const LawyerSearchPage = lazyNamed(() => import('#client/features/family/lawyer-search-page.tsx'), 'LawyerSearchPage');
const FamilyCasePage = lazyNamed(() => import('#client/features/family/family-case-page.tsx'), 'FamilyCasePage');
const NgoDetailsPage = lazyNamed(() => import('#client/features/family/ngo-details-page.tsx'), 'NgoDetailsPage');
const UploadFilePage = lazyNamed(() => import('#client/features/family/upload-file-page.tsx'), 'UploadFilePage');
const AboutFamilyPage = lazyNamed(() => import('#client/features/about/about-page.tsx'), 'AboutFamilyPage');

// The lawyer.
const LawyerHomePage = lazyNamed(loadLawyerHome, 'LawyerHomePage');
const LawyerFormPage = lazyNamed(() => import('#client/features/lawyers/lawyer-form-page.tsx'), 'LawyerFormPage');
const PendingCasePage = lazyNamed(() => import('#client/features/lawyers/pending-case-page.tsx'), 'PendingCasePage');
const LawyerCasesPage = lazyNamed(() => import('#client/features/lawyers/lawyer-cases-page.tsx'), 'LawyerCasesPage');
const AboutLawyerPage = lazyNamed(() => import('#client/features/about/about-page.tsx'), 'AboutLawyerPage');
const CaseHearingsPage = lazyNamed(() => import('#client/features/deadlines/case-hearings-page.tsx'), 'CaseHearingsPage');

// The jail authority.
const DashboardPage = lazyNamed(loadDashboard, 'DashboardPage');
const ApplicationPage = lazyNamed(() => import('#client/features/cases/application-page.tsx'), 'ApplicationPage');
const BailPage = lazyNamed(() => import('#client/features/jail/bail-page.tsx'), 'BailPage');
const NgosPage = lazyNamed(() => import('#client/features/ngos/ngos-page.tsx'), 'NgosPage');
const PrisonsPage = lazyNamed(() => import('#client/features/deadlines/prisons-page.tsx'), 'PrisonsPage');
const AboutJailPage = lazyNamed(() => import('#client/features/about/about-page.tsx'), 'AboutJailPage');

const PUBLIC_PATHS: readonly string[] = [paths.signIn, paths.signUp, paths.forgotPassword, paths.resetPassword];
const FIRST_PAGES: Record<string, () => Promise<unknown>> = {
  [paths.familyHome]: loadFamilyHome,
  [paths.lawyerHome]: loadLawyerHome,
  [paths.jailHome]: loadHome,
  [paths.dashboard]: loadDashboard,
};

/**
 * On a direct visit to a signed-in screen (a bookmark, a link in an email, a reload), its code is
 * fetched alongside the app's own rather than after it, the signed-in frame and the session in turn:
 * on a slow phone network each of those waits costs a round trip. A failed fetch is retried by the
 * page itself when it renders. True for a signed-in screen.
 */
export function preloadFirstPage(pathname: string): boolean {
  if (PUBLIC_PATHS.includes(pathname)) return false;
  for (const load of [loadRoleLayout, FIRST_PAGES[pathname]]) void load?.().catch(() => undefined);
  return true;
}

const FM = ['Family-Member'] as const;
const LAWYER = ['Lawyer'] as const;
const JAIL = ['Jail-Authority'] as const;
const LAWYER_OR_JAIL = ['Lawyer', 'Jail-Authority'] as const;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={paths.signIn} element={<SignInPage />} />
        <Route path={paths.signUp} element={<SignUpPage />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
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
        <Route path={paths.ngoDetails} element={<NgoDetailsPage />} />
        <Route path={paths.uploadFile} element={<UploadFilePage />} />
        <Route path={paths.aboutFamily} element={<AboutFamilyPage />} />
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
        <Route path="/prisons" element={<PrisonsPage />} />
      </Route>
      <Route element={<RoleLayout roles={LAWYER_OR_JAIL} />}>
        <Route path="/cases/:caseId/hearings" element={<CaseHearingsPage />} />
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

export function AppRouter({ children }: { children?: ReactNode }) {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
      {children}
    </BrowserRouter>
  );
}
