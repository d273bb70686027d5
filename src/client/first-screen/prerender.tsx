// Built for Node by vite.config.ts (an SSR build run after the client build), never shipped to the
// browser: draws each role's home (the signed-in frame and the home page, the same components the
// app renders) in every language whose text needs no font of the app's own, as static HTML. The
// build writes the results to .vite/first-screens.json; the server puts the one for the visitor's
// role and language in the page, so it paints before any script has run, and the app takes over
// from it (src/client/first-screen/take-over.ts).
// docs/decisions/0025-web-first-screen-drawn-in-the-page.md.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { User } from '#shared/accounts.ts';
import { LANGUAGES, type Language, type Role } from '#shared/constants.ts';
import { FIRST_SCREEN_NAME, FIRST_SCREEN_PRERENDERED, FIRST_SCREENS } from '#shared/first-screens.ts';
import { cssVariablesResolver, theme } from '#client/app/theme.ts';
import { RoleLayout } from '#client/app/layouts/role-layout.tsx';
import { HomePage } from '#client/features/home/home-page.tsx';
import { FamilyHomePage } from '#client/features/family/family-home-page.tsx';
import { LawyerHomePage } from '#client/features/lawyers/lawyer-home-page.tsx';
import { registrationQuery as familyRegistration } from '#client/features/family/family.api.ts';
import { registrationQuery as lawyerRegistration } from '#client/features/lawyers/lawyers.api.ts';
import { sessionQuery } from '#client/lib/use-session.ts';

const texts = import.meta.glob<{ default: Record<string, string> }>('../locales/*/*.json', { eager: true });

function i18nFor(lng: Language) {
  const resources: Record<string, Record<string, Record<string, string>>> = {};
  for (const [file, mod] of Object.entries(texts)) {
    const [, lang = '', ns = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    (resources[lang] ??= {})[ns] = mod.default;
  }
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources,
    defaultNS: 'common',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return i18n;
}

const PAGES: Record<string, { role: Role; element: React.ReactNode }> = {
  '/family-member': { role: 'Family-Member', element: <FamilyHomePage /> },
  '/lawyer': { role: 'Lawyer', element: <LawyerHomePage /> },
  '/jail-authority': { role: 'Jail-Authority', element: <HomePage role="Jail-Authority" /> },
};

/** One screen, as the app draws it once its code and the page's answers are in, with FIRST_SCREEN_NAME for the name. */
export function renderScreen(pathname: string, lng: Language): string {
  const page = PAGES[pathname];
  if (!page) throw new Error(`no first screen drawn for ${pathname}`);
  const user: User = { id: '00000000-0000-4000-8000-000000000000', name: FIRST_SCREEN_NAME, email: '', role: page.role, language: lng };
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQuery.queryKey, { user });
  // Only drawn when the page carries a registration (the server checks); the home reads only that it exists.
  queryClient.setQueryData(familyRegistration.queryKey, {} as never);
  queryClient.setQueryData(lawyerRegistration.queryKey, {} as never);
  return renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18nFor(lng)}>
          <MemoryRouter initialEntries={[pathname]}>
            <Routes>
              <Route element={<RoleLayout roles={[page.role]} />}>
                <Route path={pathname} element={page.element} />
              </Route>
            </Routes>
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Every first screen drawn in the page, in every language it is drawn in: `{ [path]: { [language]: html } }`. */
export function renderAll(): Record<string, Partial<Record<Language, string>>> {
  const out: Record<string, Partial<Record<Language, string>>> = {};
  for (const pathname of Object.keys(FIRST_SCREENS)) {
    if (!PAGES[pathname]) continue;
    for (const lng of LANGUAGES) if (FIRST_SCREEN_PRERENDERED.includes(lng)) (out[pathname] ??= {})[lng] = renderScreen(pathname, lng);
  }
  return out;
}
