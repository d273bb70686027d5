// The one way a screen shows that its data could not be loaded: inline, in the user's language,
// announced to screen readers; the rest of the screen (navigation, home button) stays usable.
import { Text } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { firstScreenDone } from '#client/first-screen/take-over.ts';

export function QueryError({ error, p }: { error: unknown; p?: string }) {
  const errorText = useErrorText();
  // Shown instead of a screen the server may have drawn in the page: that one must not hide it.
  useLayoutEffect(() => firstScreenDone(), []);
  return (
    <Text role="alert" p={p}>
      {errorText(error)}
    </Text>
  );
}
