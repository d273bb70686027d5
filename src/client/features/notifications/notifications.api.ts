// The bell and the notification list. Keys start with 'notifications'; the
// texts come rendered in the account's saved language, so the language is part of the key.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { NotificationListSchema, NotificationPreferencesSchema, UnreadCountSchema, type NotificationList } from '#shared/notifications.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const notificationKeys = {
  all: rootKeys.notifications,
  unread: [...rootKeys.notifications, 'unread'] as const,
  list: (language: string) => [...rootKeys.notifications, 'list', language] as const,
  preferences: [...rootKeys.notifications, 'preferences'] as const,
};

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: () => api('GET', '/api/notifications/unread-count', UnreadCountSchema),
  refetchInterval: 60_000,
});

// Newest first, a page at a time, shown as one list: "Show more" asks for the page after the last one
// shown (docs/decisions/0044-keyset-pages-for-the-heavy-tail.md). The unread count is the latest page's.
export const notificationsQuery = (language: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(language),
    queryFn: ({ pageParam }) =>
      api(
        'GET',
        pageParam === null ? '/api/notifications' : `/api/notifications?before=${encodeURIComponent(pageParam)}`,
        NotificationListSchema,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data): NotificationList => {
      const last = data.pages.at(-1)!;
      return { ...last, items: data.pages.flatMap((p) => p.items) };
    },
  });

export const preferencesQuery = queryOptions({
  queryKey: notificationKeys.preferences,
  queryFn: () => api('GET', '/api/notifications/preferences', NotificationPreferencesSchema),
});

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST', `/api/notifications/${id}/read`, z.null()),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', '/api/notifications/read-all', z.null()),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (emailReminders: boolean) =>
      api('PUT', '/api/notifications/preferences', NotificationPreferencesSchema, { emailReminders }),
    onSuccess: (data) => qc.setQueryData(notificationKeys.preferences, data),
  });
}
