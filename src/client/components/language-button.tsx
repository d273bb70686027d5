import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import type { Language } from '#shared/languages.ts';
import { LANGUAGE_NAMES, SPOKEN_LANGUAGES } from '#client/lib/i18n.ts';

// Only languages whose texts are all there are offered, in the list's order (src/shared/languages.ts):
// a menu entry always really switches.
export const OFFERED_LANGUAGES = SPOKEN_LANGUAGES;

type Props = { label: string; current: Language } & ComponentPropsWithoutRef<'button'>;

/** The header's language button: the same look before and after the menu behind it has loaded. */
export const LanguageButton = forwardRef<HTMLButtonElement, Props>(function LanguageButton({ label, current, ...rest }, ref) {
  return (
    <Button
      ref={ref}
      variant="subtle"
      color="white"
      size="compact-md"
      leftSection={<IconLanguage size={18} aria-hidden />}
      // The visible language name is part of the accessible name (WCAG 2.5.3 label in name).
      aria-label={`${label}: ${LANGUAGE_NAMES[current] ?? 'English'}`}
      aria-haspopup="menu"
      {...rest}
    >
      {LANGUAGE_NAMES[current] ?? 'English'}
    </Button>
  );
});
