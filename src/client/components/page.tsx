import type { ReactNode } from 'react';
import { Container, Stack, Title } from '@mantine/core';

/** A screen: one h1 and its content, narrow enough for a phone, centred on desktop. */
export function Page({
  title,
  children,
  actions,
  size = 'md',
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Container size={size} px="sm" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
        {children}
      </Stack>
    </Container>
  );
}
