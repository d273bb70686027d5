// Each role's screens: the home cards, and the drawer built from the same list (docs/spec.md#2-screens-and-routes Home screens).
import type { Role } from '#shared/constants.ts';
import { paths } from './paths.ts';

export interface NavCard {
  to: string;
  /** i18n key (common namespace) of the card title, and of its one-line description. */
  titleKey: string;
  descriptionKey: string;
}

export const HOME_CARDS: Record<Role, NavCard[]> = {
  'Family-Member': [
    { to: paths.lawyerSearch, titleKey: 'cards.legalServices', descriptionKey: 'cards.legalServices.description' },
    { to: paths.familyCase, titleKey: 'cards.caseStatus', descriptionKey: 'cards.caseStatus.description' },
    { to: paths.ngoDetails, titleKey: 'cards.ngos', descriptionKey: 'cards.ngos.description' },
  ],
  Lawyer: [
    { to: paths.pendingCase, titleKey: 'cards.pendingAppointments', descriptionKey: 'cards.pendingAppointments.description' },
    { to: paths.lawyerCases, titleKey: 'cards.currentCases', descriptionKey: 'cards.currentCases.description' },
  ],
  'Jail-Authority': [
    { to: paths.dashboard, titleKey: 'cards.dashboard', descriptionKey: 'cards.dashboard.description' },
    { to: paths.bailPage, titleKey: 'cards.bailApplication', descriptionKey: 'cards.bailApplication.description' },
    { to: paths.ngos, titleKey: 'cards.manageNgos', descriptionKey: 'cards.manageNgos.description' },
    { to: paths.findPrisoner, titleKey: 'cards.findPrisoner', descriptionKey: 'cards.findPrisoner.description' },
    { to: paths.lawyerVerification, titleKey: 'cards.lawyerVerification', descriptionKey: 'cards.lawyerVerification.description' },
  ],
  DLSA: [
    { to: paths.dlsaHome, titleKey: 'cards.dlsaPrisoners', descriptionKey: 'cards.dlsaPrisoners.description' },
    { to: paths.dlsaLegalAid, titleKey: 'cards.dlsaLegalAid', descriptionKey: 'cards.dlsaLegalAid.description' },
    { to: paths.dlsaUtrc, titleKey: 'cards.dlsaUtrc', descriptionKey: 'cards.dlsaUtrc.description' },
  ],
  'State-Administrator': [
    { to: paths.prisons, titleKey: 'cards.prisons', descriptionKey: 'cards.prisons.description' },
    { to: paths.lawyerVerification, titleKey: 'cards.lawyerVerification', descriptionKey: 'cards.lawyerVerification.description' },

    { to: paths.accessLog, titleKey: 'cards.accessLog', descriptionKey: 'cards.accessLog.description' },
  ],
};
