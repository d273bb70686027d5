import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { AppRouter, navigateTo, preloadFirstPage } from './app/router.tsx';
import { i18nReady, initialLanguage, preloadLanguageTexts } from './lib/i18n.ts';
import { keepFirstScreenIf } from './first-screen/take-over.ts';
import { setUnauthenticatedHandler } from './lib/api-client.ts';
import { queryClient } from './lib/query-client.ts';
import { sessionInPage, sessionQuery } from './lib/use-session.ts';
import { paths } from './app/paths.ts';
import { markSessionExpired } from './lib/session-expiry.ts';

// A 401 anywhere means the session ended. Someone signed in on a page is asked to sign in again over
// it, so what they typed stays; otherwise forget the session and go to sign-in.
setUnauthenticatedHandler(() => {
  if (queryClient.getQueryData(sessionQuery.queryKey)?.user) {
    markSessionExpired();
    return;
  }
  queryClient.setQueryData(sessionQuery.queryKey, { user: null });
  navigateTo(paths.signIn);
});

// The session comes in the page; were it missing, it is asked for now, not when the first screen asks.
// The page's code downloads while the app's texts load.
const session = sessionInPage();
if (session) queryClient.setQueryData(sessionQuery.queryKey, session);
else void queryClient.prefetchQuery(sessionQuery);
if (preloadFirstPage(window.location.pathname)) preloadLanguageTexts();

// A home the server drew in the page stays until the app has drawn it, unless it is in another language.
keepFirstScreenIf(initialLanguage());

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

// Rendered in a transition, React draws the first screen in slices of a few milliseconds, yielding to
// the browser between them, rather than in one long task a phone's main thread cannot answer taps in.
// Nothing shows until the whole screen is committed, as before.
void i18nReady.then(() => {
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    );
  });
});
