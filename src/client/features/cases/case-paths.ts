// Links to the release tracker's screens (the patterns live in app/paths.ts).
import { paths } from '#client/app/paths.ts';

export const casePath = (caseId: string) => paths.caseFacts.replace(':caseId', encodeURIComponent(caseId));
export const applicationPath = (caseId: string) => paths.jailApplication.replace(':caseId', encodeURIComponent(caseId));
