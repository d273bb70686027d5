import type { CSSProperties } from 'react';

/**
 * Mantine's error colour (red.6) is about 3.6:1 on white, below WCAG AA for error texts and the
 * red text of an invalid input; red.9 passes. Scoped to this feature's forms until the theme sets
 * it for everyone.
 */
export const errorContrast = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
