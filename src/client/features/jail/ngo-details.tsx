import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NgoSummary } from '#shared/ngos.ts';
import { Fact } from './member-facts.tsx';
import { PhoneText } from '#client/components/phone-text.tsx';

/** The NGO's name, address, contact and report (docs/spec.md#2-screens-and-routes /dashboard). */
export function NgoDetails({ ngo }: { ngo: NgoSummary }) {
  const { t } = useTranslation('jail');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
      <Fact label={t('ngo.name')}>{ngo.name}</Fact>
      <Fact label={t('ngo.address')}>{ngo.address}</Fact>
      <Fact label={t('ngo.contact')}>
        <PhoneText text={ngo.contactInfo} />
      </Fact>
      <Fact label={t('ngo.report')}>{ngo.report || t('ngo.noReport')}</Fact>
    </SimpleGrid>
  );
}
