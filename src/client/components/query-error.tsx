// The one way a screen shows that its data could not be loaded: inline, in the user's language,
// announced to screen readers; the rest of the screen (navigation, home button) stays usable.
import { Text } from '@mantine/core';
import { useErrorText } from '#client/lib/use-error-text.ts';

export function QueryError({ error, p }: { error: unknown; p?: string }) {
  const errorText = useErrorText();
  return (
    <Text role="alert" p={p}>
      {errorText(error)}
    </Text>
  );
}
