import './styles/public.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { queryClient } from '#client/lib/query-client.ts';
import { NotificationsOnDemand } from '#client/components/notifications-on-demand.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* One at a time, at the top: a notice never covers a form's button or the bottom bar on a phone
            (notify.ts replaces the one on screen). Inside the query client: a notice may hold a
            control that calls the API (Bail-Accept's Undo). */}
        <NotificationsOnDemand position="top-center" limit={1} />
        <Suspense fallback={null}>{children}</Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
