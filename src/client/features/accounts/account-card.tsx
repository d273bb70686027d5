// The sign-in and sign-up screens' frame: a card with the form, its submit button, and the way to
// the other screen.
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';

export function AccountCard({
  title,
  subtitle,
  onSubmit,
  submit,
  loading,
  other,
  children,
}: {
  title: string;
  subtitle: string;
  onSubmit: (e?: FormEvent<HTMLFormElement>) => void;
  submit: string;
  loading: boolean;
  /** The other screen: the question before its button, its name, and its path. */
  other: { question: string; label: string; to: string };
  children: ReactNode;
}) {
  return (
    <Container size={440} px="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="sm">
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
            {children}
            <Button type="submit" loading={loading} fullWidth>
              {submit}
            </Button>
            <Text ta="center" size="sm">
              {other.question}
            </Text>
            <Button component={Link} to={other.to} variant="outline" fullWidth>
              {other.label}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
