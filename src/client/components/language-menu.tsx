// The header's language menu. Mantine's Menu brings a positioning library (~18 KB gzip) that the
// sign-in screen does not need until someone opens the menu: the button is drawn at once and the
// menu is loaded on hover, focus or the first tap, then opens.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants.ts';
import { LanguageButton } from './language-button.tsx';

const load = () => import('./language-menu-full.tsx');
const LanguageMenuFull = lazy(() => load().then((m) => ({ default: m.LanguageMenuFull })));

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
