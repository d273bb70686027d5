/**
 * Button styles: a long label wraps inside the button rather than being cut off on a phone's screen. The
 * inner box is as tall as a button at least, so a one-line label stays centred in it.
 */
export const WRAPPING_LABEL = {
  root: { height: 'auto', minHeight: 'var(--button-height)' },
  inner: { minHeight: 'var(--button-height)' },
  label: { whiteSpace: 'normal' },
} as const;
