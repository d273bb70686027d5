// Every route declares the roles that may open it (steering only; the server decides access).
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from './paths.ts';
import { RoleLayout } from './layouts/role-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteError } from './route-error.tsx';
import { SignInPage } from '#client/features/accounts/signin-page.tsx';

/** A page loaded on demand, so the sign-in screen downloads only what it needs. */
const lazyPage = (load: () => Promise<React.ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await load() }),
});

const notAvailable = lazyPage(() => import('#client/components/not-available.tsx').then((m) => m.NotAvailablePage));
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
          { path: paths.forgotPassword, ...notAvailable },
          { path: paths.resetPassword, ...notAvailable },
        ],
      },
      {
        element: <RoleLayout roles="signed-in" />,
        children: [
          { path: paths.profile, ...lazyPage(() => import('#client/features/accounts/profile-page.tsx').then((m) => m.ProfilePage)) },
          { path: paths.editProfile, ...notAvailable },
        ],
      },
      {
        element: <RoleLayout roles={FM} />,
        children: [
          { path: paths.familyHome, ...home('Family-Member') },
          { path: paths.familyForm, ...notAvailable },
          { path: paths.lawyerSearch, ...notAvailable },
          { path: paths.familyCase, ...notAvailable },
          { path: paths.ngoDetails, ...notAvailable },
          { path: paths.uploadFile, ...notAvailable },
          { path: paths.aboutFamily, ...notAvailable },
        ],
      },
      {
        element: <RoleLayout roles={LAWYER} />,
        children: [
          { path: paths.lawyerHome, ...home('Lawyer') },
          { path: paths.lawyerForm, ...notAvailable },
          { path: paths.pendingCase, ...notAvailable },
          { path: paths.lawyerCases, ...notAvailable },
          { path: paths.aboutLawyer, ...notAvailable },
        ],
      },
      {
        element: <RoleLayout roles={JAIL} />,
        children: [
          { path: paths.jailHome, ...home('Jail-Authority') },
          { path: paths.dashboard, ...notAvailable },
          { path: paths.bailPage, ...notAvailable },
          { path: paths.ngos, ...notAvailable },
          { path: paths.aboutJail, ...notAvailable },
        ],
      },
      { path: '*', ...lazyPage(() => import('#client/components/not-found.tsx').then((m) => m.NotFoundPage)) },
    ],
  },
];

export const router = createBrowserRouter(routes);
