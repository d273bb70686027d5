// the spec's (docs/spec.md) alerts, shown in-page: Mantine notifications render with role="alert".
// A later success clears the errors still on screen, so an old red notice never sits beside it.
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

const openErrors = new Set<string>();

function clearErrors() {
  for (const id of openErrors) notifications.hide(id);
  openErrors.clear();
}

export const notify = {
  success: (message: ReactNode, options: { autoClose?: number } = {}) => {
    clearErrors();
    return notifications.show({ message, color: 'green', autoClose: options.autoClose ?? 5000 });
  },
  error: (message: string) => {
    const id = notifications.show({ message, color: 'red', autoClose: 8000, onClose: () => openErrors.delete(id) });
    openErrors.add(id);
    return id;
  },
  info: (message: string) => notifications.show({ message, color: 'blue', autoClose: 5000 }),
  /** Forget the errors on screen (a page's new attempt starts clean). */
  clearErrors,
};
