import { HomePage } from '#client/features/home/home-page.tsx';
import { RequireLawyerRegistration } from './require-registration.tsx';

const LAWYER = 'Lawyer' as const;

/** /lawyer: the lawyer's home cards, once /lawyerform has been submitted. */
export function LawyerHomePage() {
  return (
    <RequireLawyerRegistration>
      <HomePage role={LAWYER} />
    </RequireLawyerRegistration>
  );
}
