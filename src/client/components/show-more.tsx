// "Show more" under a list read a page at a time (an infinite query): shown while more pages wait,
// busy while the next one loads. A failed page keeps the list shown and says so beside the button.
import { Button, Group, Text } from '@mantine/core';
import { useErrorText } from '#client/lib/use-error-text.ts';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

export function ShowMore({ query, label }: { query: PagedQuery; label: string }) {
  const errorText = useErrorText();
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center" gap="sm">
      <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
        {label}
      </Button>
      {query.isFetchNextPageError && (
        <Text c="red.9" size="sm" role="alert">
          {errorText(query.error)}
        </Text>
      )}
    </Group>
  );
}
