import type { CSSProperties } from 'react';

/**
 * Mantine's default error red (red.6) is 3.3:1 on white and fails axe when a field shows an error;
 * red.9 passes. Scoped to this feature's forms until the theme sets it for everyone.
 */
export const errorContrast = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/** The file chooser's placeholder is text in a button (not a native placeholder), so it must reach 4.5:1 too. */
export const placeholderContrast = { '--mantine-color-placeholder': 'var(--mantine-color-gray-7)' } as CSSProperties;
