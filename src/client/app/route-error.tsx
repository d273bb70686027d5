// What a screen that failed to render or load (a chunk lost to a new deployment, a bug) shows
// instead of a blank page; going to another address tries again.
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, useLayoutEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { firstScreenDone } from '#client/first-screen/take-over.ts';

export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  // Shown instead of a screen the server may have drawn in the page: that one must not hide it.
  useLayoutEffect(() => firstScreenDone(), []);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          {t('error.title')}
        </Title>
        <Text role="alert">{errorText(error)}</Text>
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('error.reload')}
        </Button>
      </Stack>
    </Container>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  failed: boolean;
  pathname: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Another address: render the routes again.
    return props.pathname !== state.pathname ? { error: undefined, failed: false, pathname: props.pathname } : null;
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
