import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// Devanagari needs a font that has it: system fonts first, then the common Indian ones.
const fontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Nirmala UI", Mangal, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'blue',
  // White on blue.6 is 3.55:1 and fails axe; shade 8 passes (STACK.md).
  primaryShade: 8,
  fontFamily: fontStack,
  headings: { fontFamily: fontStack },
  defaultRadius: 'md',
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

// Mantine's 'dimmed' (gray.6), error red (red.6) and placeholder (gray.5) are below 4.5:1 on white
// and fail axe: use darker shades.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
