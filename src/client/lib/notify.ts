// the spec's (docs/spec.md) alerts, shown in-page: Mantine notifications render with role="alert".
// One notice at a time: a new one takes the place of the one on screen (never two identical red
// notices, never a stack over the page on a phone). Errors belong to the screen they were shown on
// and go when the person moves on (NoticesFollowThePage), and none is shown beside the sign-in-again
// dialog, which already says the session ended.
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { isSessionExpired } from './session-expiry.ts';

const openErrors = new Set<string>();

function clearErrors() {
  for (const id of openErrors) notifications.hide(id);
  openErrors.clear();
}

/** The one notice on screen makes way for the next. */
function replaceAll() {
  openErrors.clear();
  notifications.clean();
}

export const notify = {
  success: (message: ReactNode, options: { autoClose?: number } = {}) => {
    replaceAll();
    return notifications.show({ message, color: 'green', autoClose: options.autoClose ?? 5000 });
  },
  error: (message: string) => {
    if (isSessionExpired()) return undefined;
    replaceAll();
    const id = notifications.show({ message, color: 'red', autoClose: 8000, onClose: () => openErrors.delete(id) });
    openErrors.add(id);
    return id;
  },
  info: (message: string) => {
    replaceAll();
    return notifications.show({ message, color: 'blue', autoClose: 5000 });
  },
  /** Forget the errors on screen (a page's new attempt starts clean, or the person left the page). */
  clearErrors,
};
