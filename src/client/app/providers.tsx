import './styles/public.ts';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { languageDir } from '#shared/languages.ts';
import { i18n } from '#client/lib/i18n.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { NotificationsOnDemand } from '#client/components/notifications-on-demand.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    // Mantine's direction follows html[dir], which lib/i18n.ts sets from the language (Urdu: rtl).
    <DirectionProvider initialDirection={languageDir(i18n.language || 'en')}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          {/* One at a time, at the top: a notice never covers a form's button or the bottom bar on a phone
            (notify.ts replaces the one on screen). Inside the query client: a notice may hold a
            control that calls the API (Bail-Accept's Undo). */}
          <NotificationsOnDemand position="top-center" limit={1} />
          <Suspense fallback={null}>{children}</Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
