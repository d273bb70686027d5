import './phone-first.css';
import './script-fonts.css';
import { ActionIcon, Burger, Button, createTheme, Input, NavLink, type CSSVariablesResolver } from '@mantine/core';
import { FONT_STACK } from '#client/lib/script-fonts.ts';

// Each Indian script in the app's Noto font (app/script-fonts.css, fetched only for a page that holds
// that script), everything else in the device's fonts.
const fontStack = FONT_STACK;

/** Touch targets on cheap phones and for older eyes: nothing tappable below 48 px (WCAG 2.5.5, Android's 48 dp). */
export const MIN_TOUCH = '3rem';

/** `max(48 px, Mantine's height for this size)`; a custom numeric size is left alone. */
const atLeastTouch = (kind: string, size: unknown) =>
  typeof size === 'string' || size === undefined ? `max(${MIN_TOUCH}, var(--${kind}-${size ?? 'sm'}))` : undefined;

export const theme = createTheme({
  primaryColor: 'blue',
  // White on blue.6 is 3.55:1 and fails axe; shade 8 passes (docs/stack.md).
  primaryShade: 8,
  fontFamily: fontStack,
  headings: { fontFamily: fontStack },
  defaultRadius: 'md',
  // Body text at least 16 px ('sm' is Mantine's default for buttons, inputs, menus), hints at least 14 px ('xs').
  fontSizes: { xs: '0.875rem', sm: '1rem', md: '1rem', lg: '1.125rem', xl: '1.25rem' },
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Button: Button.extend({ vars: (_, props) => ({ root: { '--button-height': atLeastTouch('button-height', props.size) } }) }),
    ActionIcon: ActionIcon.extend({ vars: (_, props) => ({ root: { '--ai-size': atLeastTouch('ai-size', props.size) } }) }),
    Input: Input.extend({ vars: (_, props) => ({ wrapper: { '--input-height': atLeastTouch('input-height', props.size) } }) }),
    Burger: Burger.extend({
      styles: { root: { width: MIN_TOUCH, height: MIN_TOUCH, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' } },
    }),
    NavLink: NavLink.extend({ styles: { root: { minHeight: MIN_TOUCH } } }),
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
