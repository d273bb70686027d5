import type { ReactNode } from 'react';
import { Container, Stack, Title } from '@mantine/core';

/** A screen: one h1 and its content, narrow enough for a phone, centred on desktop. */
export function Page({
  title,
  children,
  lead,
  actions,
  size = 'md',
}: {
  title: string;
  children: ReactNode;
  /** What the screen opens with, right under the title (the family's status sentence). */
  lead?: ReactNode;
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Container size={size} px="sm" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {lead}
        {actions}
        {children}
      </Stack>
    </Container>
  );
}
