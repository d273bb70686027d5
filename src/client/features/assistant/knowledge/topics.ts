// The assistant's topics and, per role, the screen each answer links to. The texts of every topic
// are in knowledge/<language>.json; a unit test checks every language has every topic.
import type { Role } from '#shared/constants.ts';
import type { paths } from '#client/app/paths.ts';

export const TOPIC_IDS = [
  'register-case',
  'find-lawyer',
  'lawyer-requests',
  'case-status',
  'bail-paper',
  'upload-bail-paper',
  'bail-accept',
  'ngo-seat',
  'contact',
  'legal-aid',
  'undertrial-rights',
  'roles',
  'account',
  'privacy',
] as const;
export type TopicId = (typeof TOPIC_IDS)[number];

export type Screen = keyof typeof paths;

const ABOUT = { 'Family-Member': 'aboutFamily', Lawyer: 'aboutLawyer', 'Jail-Authority': 'aboutJail' } as const;
const HOME = { 'Family-Member': 'familyHome', Lawyer: 'lawyerHome', 'Jail-Authority': 'jailHome' } as const;

/** Where each answer leads, by the asker's role; a role without an entry gets no link. */
export const TOPIC_LINKS: Record<TopicId, Partial<Record<Role, Screen>>> = {
  'register-case': { 'Family-Member': 'familyForm', Lawyer: 'pendingCase', 'Jail-Authority': 'dashboard' },
  'find-lawyer': { 'Family-Member': 'lawyerSearch', Lawyer: 'pendingCase', 'Jail-Authority': 'dashboard' },
  'lawyer-requests': { 'Family-Member': 'familyCase', Lawyer: 'pendingCase', 'Jail-Authority': 'dashboard' },
  'case-status': { 'Family-Member': 'familyCase', Lawyer: 'lawyerCases', 'Jail-Authority': 'dashboard' },
  'bail-paper': { 'Family-Member': 'uploadFile', Lawyer: 'lawyerCases', 'Jail-Authority': 'bailPage' },
  'upload-bail-paper': { 'Family-Member': 'uploadFile', Lawyer: 'lawyerCases', 'Jail-Authority': 'bailPage' },
  'bail-accept': { 'Family-Member': 'familyCase', Lawyer: 'lawyerCases', 'Jail-Authority': 'bailPage' },
  'ngo-seat': { 'Family-Member': 'ngoDetails', 'Jail-Authority': 'dashboard' },
  contact: ABOUT,
  'legal-aid': { 'Family-Member': 'lawyerSearch', Lawyer: 'pendingCase', 'Jail-Authority': 'dashboard' },
  'undertrial-rights': { 'Family-Member': 'lawyerSearch', Lawyer: 'lawyerCases', 'Jail-Authority': 'bailPage' },
  roles: HOME,
  account: { 'Family-Member': 'editProfile', Lawyer: 'editProfile', 'Jail-Authority': 'editProfile' },
  privacy: ABOUT,
};
