// Every route declares the roles that may open it (steering only; the server decides access).
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Role } from '#shared/constants.ts';
import { paths } from './paths.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteError } from './route-error.tsx';
import { SignInPage } from '#client/features/accounts/signin-page.tsx';

/** A page loaded on demand, so the sign-in screen downloads only what it needs. */
const lazyPage = (load: () => Promise<React.ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await load() }),
});

/** The signed-in frame (menu, bottom bar, assistant) is loaded with the first signed-in page, not on sign-in. */
const roleLayout = (roles: readonly Role[] | 'signed-in'): Pick<RouteObject, 'lazy'> =>
  lazyPage(() =>
    import('./layouts/role-layout.tsx').then((m) => {
      const Layout = () => <m.RoleLayout roles={roles} />;
      return Layout;
    }),
  );

const home = (role: 'Family-Member' | 'Lawyer' | 'Jail-Authority') =>
  lazyPage(() =>
    import('#client/features/home/home-page.tsx').then((m) => {
      const Home = () => <m.HomePage role={role} />;
      return Home;
    }),
  );

const FM = ['Family-Member'] as const;
const LAWYER = ['Lawyer'] as const;
const JAIL = ['Jail-Authority'] as const;

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.signIn, Component: SignInPage },
          { path: paths.signUp, ...lazyPage(() => import('#client/features/accounts/signup-page.tsx').then((m) => m.SignUpPage)) },
          {
            path: paths.forgotPassword,
            ...lazyPage(() => import('#client/features/passwords/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage)),
          },
          {
            path: paths.resetPassword,
            ...lazyPage(() => import('#client/features/passwords/reset-password-page.tsx').then((m) => m.ResetPasswordPage)),
          },
        ],
      },
      {
        ...roleLayout('signed-in'),
        children: [
          { path: paths.profile, ...lazyPage(() => import('#client/features/accounts/profile-page.tsx').then((m) => m.ProfilePage)) },
          {
            path: paths.caseFacts,
            ...lazyPage(() => import('#client/features/cases/case-facts-page.tsx').then((m) => m.CaseFactsPage)),
          },
          {
            path: paths.editProfile,
            ...lazyPage(() => import('#client/features/profile/edit-profile-page.tsx').then((m) => m.EditProfilePage)),
          },
          {
            path: '/notifications',
            ...lazyPage(() => import('#client/features/notifications/notifications-page.tsx').then((m) => m.NotificationsPage)),
          },
        ],
      },
      {
        ...roleLayout(FM),
        children: [
          {
            path: paths.familyHome,
            ...lazyPage(() => import('#client/features/family/family-home-page.tsx').then((m) => m.FamilyHomePage)),
          },
          {
            path: paths.familyForm,
            ...lazyPage(() => import('#client/features/family/family-form-page.tsx').then((m) => m.FamilyFormPage)),
          },
          {
            path: paths.lawyerSearch,
            ...lazyPage(() => import('#client/features/family/lawyer-search-page.tsx').then((m) => m.LawyerSearchPage)),
          },
          {
            path: paths.familyCase,
            ...lazyPage(() => import('#client/features/family/family-case-page.tsx').then((m) => m.FamilyCasePage)),
          },
          {
            path: paths.ngoDetails,
            ...lazyPage(() => import('#client/features/family/ngo-details-page.tsx').then((m) => m.NgoDetailsPage)),
          },
          {
            path: paths.uploadFile,
            ...lazyPage(() => import('#client/features/family/upload-file-page.tsx').then((m) => m.UploadFilePage)),
          },
          { path: paths.aboutFamily, ...lazyPage(() => import('#client/features/about/about-page.tsx').then((m) => m.AboutFamilyPage)) },
        ],
      },
      {
        ...roleLayout(LAWYER),
        children: [
          {
            path: paths.lawyerHome,
            ...lazyPage(() => import('#client/features/lawyers/lawyer-home-page.tsx').then((m) => m.LawyerHomePage)),
          },
          {
            path: paths.lawyerForm,
            ...lazyPage(() => import('#client/features/lawyers/lawyer-form-page.tsx').then((m) => m.LawyerFormPage)),
          },
          {
            path: paths.pendingCase,
            ...lazyPage(() => import('#client/features/lawyers/pending-case-page.tsx').then((m) => m.PendingCasePage)),
          },
          {
            path: paths.lawyerCases,
            ...lazyPage(() => import('#client/features/lawyers/lawyer-cases-page.tsx').then((m) => m.LawyerCasesPage)),
          },
          { path: paths.aboutLawyer, ...lazyPage(() => import('#client/features/about/about-page.tsx').then((m) => m.AboutLawyerPage)) },
        ],
      },
      {
        ...roleLayout(JAIL),
        children: [
          { path: paths.jailHome, ...home('Jail-Authority') },
          { path: paths.dashboard, ...lazyPage(() => import('#client/features/jail/dashboard-page.tsx').then((m) => m.DashboardPage)) },
          {
            path: paths.jailApplication,
            ...lazyPage(() => import('#client/features/cases/application-page.tsx').then((m) => m.ApplicationPage)),
          },
          { path: paths.bailPage, ...lazyPage(() => import('#client/features/jail/bail-page.tsx').then((m) => m.BailPage)) },
          { path: paths.ngos, ...lazyPage(() => import('#client/features/ngos/ngos-page.tsx').then((m) => m.NgosPage)) },
          { path: paths.aboutJail, ...lazyPage(() => import('#client/features/about/about-page.tsx').then((m) => m.AboutJailPage)) },
          { path: '/prisons', ...lazyPage(() => import('#client/features/deadlines/prisons-page.tsx').then((m) => m.PrisonsPage)) },
        ],
      },
      {
        ...roleLayout(['Lawyer', 'Jail-Authority']),
        children: [
          {
            path: '/cases/:caseId/hearings',
            ...lazyPage(() => import('#client/features/deadlines/case-hearings-page.tsx').then((m) => m.CaseHearingsPage)),
          },
        ],
      },
      { path: '*', ...lazyPage(() => import('#client/components/not-found.tsx').then((m) => m.NotFoundPage)) },
    ],
  },
];

export const router = createBrowserRouter(routes);
