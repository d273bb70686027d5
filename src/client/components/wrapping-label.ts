/** Button styles: a long label wraps inside the button rather than being cut off on a phone's screen. */
export const WRAPPING_LABEL = { root: { height: 'auto', minHeight: 'var(--button-height)' }, label: { whiteSpace: 'normal' } } as const;
