import { useTranslation } from 'react-i18next';
import { HomePage } from '#client/features/home/home-page.tsx';
import { RequireRegistration } from './require-registration.tsx';
import { FamilyStatusPanel } from './family-status-panel.tsx';

/** The family home: each person's status and next step first (FamilyStatusPanel), then the screens; a family member who has not registered the case yet is sent to /fmform first. */
export function FamilyHomePage() {
  const { t } = useTranslation();
  return (
    <RequireRegistration loadingLabel={t('loading')}>
      <HomePage role="Family-Member" lead={<FamilyStatusPanel withAction />} />
    </RequireRegistration>
  );
}
