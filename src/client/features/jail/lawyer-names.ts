import type { JailMember } from '#shared/jail.ts';

/** docs/spec.md#2-screens-and-routes: 'Unknown Lawyer' for a lawyer whose record is missing, 'No lawyer assigned' for none. */
export function lawyerNames(lawyers: JailMember['lawyers'], t: (key: 'lawyer.none' | 'lawyer.unknown') => string): string {
  if (lawyers.length === 0) return t('lawyer.none');
  return lawyers.map((l) => l.name ?? t('lawyer.unknown')).join(', ');
}
