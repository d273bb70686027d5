// The prisoner's consent or the legal basis, chosen deliberately (no choice is made for the person):
// on /fmform before a prisoner is registered, and on the family case page to give it again.
import { Anchor, Radio, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRISONER_CONSENT_BASES, type PrisonerConsentBasis } from '#shared/privacy.ts';
import { paths } from '#client/app/paths.ts';

export function ConsentChoice({
  value,
  onChange,
  error,
  name,
}: {
  value: PrisonerConsentBasis | '';
  onChange: (basis: PrisonerConsentBasis) => void;
  error?: string | undefined;
  name: string;
}) {
  const { t } = useTranslation('privacy');
  return (
    <Radio.Group
      name={name}
      label={t('consent.legend')}
      description={t('consent.hint')}
      value={value}
      onChange={(v) => onChange(v as PrisonerConsentBasis)}
      error={error}
      required
    >
      <Stack gap="xs" mt="xs">
        {PRISONER_CONSENT_BASES.map((b) => (
          <Radio key={b} value={b} label={t(`basis.${b}`)} />
        ))}
        <Anchor component={Link} to={paths.privacy} size="sm">
          {t('readNotice')}
        </Anchor>
      </Stack>
    </Radio.Group>
  );
}
