import { Center, Loader, Text, Stack } from '@mantine/core';

export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}
