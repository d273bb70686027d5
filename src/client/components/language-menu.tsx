// The header's language menu. Mantine's Menu brings a positioning library (~18 KB gzip) that the
// sign-in screen does not need until someone opens the menu: the button is drawn at once and the
// menu is loaded on hover, focus or the first tap, then opens.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants.ts';
import { loadScriptFont } from '#client/lib/i18n.ts';
import { LanguageButton, OFFERED_LANGUAGES } from './language-button.tsx';

const load = () => import('./language-menu-full.tsx');
// The open menu shows each language's name in its own script ("हिन्दी"): its font is loaded when the
// menu first opens, not on hover, and the menu waits for it (text drawn earlier keeps its tofu: lib/i18n.ts).
const LanguageMenuFull = lazy(() =>
  Promise.all([load(), ...OFFERED_LANGUAGES.map(loadScriptFont)]).then(([m]) => ({ default: m.LanguageMenuFull })),
);

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<'idle' | 'opened'>('idle');
  const current = (i18n.resolvedLanguage ?? 'en') as Language;
  const button = (
    <LanguageButton
      label={t('language.menu')}
      current={current}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setState('opened')}
    />
  );
  if (state === 'idle') return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenuFull opened />
    </Suspense>
  );
}
