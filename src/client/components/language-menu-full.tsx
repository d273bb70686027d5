import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants.ts';
import { LANGUAGE_NAMES, rememberLanguage } from '#client/lib/i18n.ts';
import { useSession } from '#client/lib/use-session.ts';
import { saveLanguage } from '#client/features/accounts/accounts.api.ts';
import { LanguageButton } from './language-button.tsx';

import { OFFERED_LANGUAGES } from './language-button.tsx';

/** The menu itself, loaded on the first tap (or hover/focus) of the language button; see language-menu.tsx. */
export function LanguageMenuFull({ opened }: { opened?: boolean }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const current = (i18n.resolvedLanguage ?? 'en') as Language;
  const choose = async (lang: Language) => {
    rememberLanguage(lang);
    await i18n.changeLanguage(lang);
    if (user) await saveLanguage(lang).catch(() => undefined);
  };
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={opened}>
      <Menu.Target>
        <LanguageButton label={t('language.menu')} current={current} />
      </Menu.Target>
      <Menu.Dropdown>
        {OFFERED_LANGUAGES.map((lang) => (
          <Menu.Item key={lang} lang={lang} onClick={() => void choose(lang)} aria-current={lang === current ? 'true' : undefined}>
            {LANGUAGE_NAMES[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
