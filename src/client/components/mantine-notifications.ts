import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
// Split point: see notifications-on-demand.tsx.
export { Notifications } from '@mantine/notifications';
