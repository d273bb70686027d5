// Mantine's notification container (with its transitions) is loaded when the first notice is shown,
// not with the sign-in screen. Notices shown before it has loaded wait in
// Mantine's store and appear as soon as it mounts.
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(() => import('./mantine-notifications.ts').then((m) => ({ default: m.Notifications })));

export function NotificationsOnDemand(props: NotificationsProps) {
  const state = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && state.notifications.length + state.queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
