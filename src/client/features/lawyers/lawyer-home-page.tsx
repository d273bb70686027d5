import { HomePage } from '#client/features/home/home-page.tsx';
import { RequireLawyerRegistration } from './require-registration.tsx';
import { PendingRequestsNotice } from './pending-requests-notice.tsx';
import { VerificationNotice } from './verification-notice.tsx';

/** The lawyer home; a lawyer who has not submitted /lawyerform yet is sent there first. */
export function LawyerHomePage() {
  return (
    <RequireLawyerRegistration>
      <VerificationNotice />
      <PendingRequestsNotice />
      <HomePage role="Lawyer" />
      <VerificationNotice verified />
    </RequireLawyerRegistration>
  );
}
