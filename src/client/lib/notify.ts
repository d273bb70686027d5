// SPEC's alerts, shown in-page: Mantine notifications render with role="alert".
import { notifications } from '@mantine/notifications';

export const notify = {
  success: (message: string) => notifications.show({ message, color: 'green', autoClose: 5000 }),
  error: (message: string) => notifications.show({ message, color: 'red', autoClose: 8000 }),
  info: (message: string) => notifications.show({ message, color: 'blue', autoClose: 5000 }),
};
