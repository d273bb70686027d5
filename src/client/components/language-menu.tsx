import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants.ts';
import { LANGUAGE_NAMES, rememberLanguage } from '#client/lib/i18n.ts';
import { useSession } from '#client/lib/use-session.ts';
import { saveLanguage } from '#client/features/accounts/accounts.api.ts';

// Only languages whose texts exist are offered: a menu entry always really switches.
const available = Object.keys(import.meta.glob('../locales/*/common.json'))
  .map((p) => p.split('/')[2] as Language)
  .filter((l) => l in LANGUAGE_NAMES);
const ORDER: Language[] = ['en', 'hi', 'es', 'fr', 'de'];
export const OFFERED_LANGUAGES = ORDER.filter((l) => available.includes(l));

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const current = (i18n.resolvedLanguage ?? 'en') as Language;
  const choose = async (lang: Language) => {
    rememberLanguage(lang);
    await i18n.changeLanguage(lang);
    if (user) await saveLanguage(lang).catch(() => undefined);
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="white"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={t('language.menu')}
        >
          {LANGUAGE_NAMES[current] ?? 'English'}
        </Button>
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
