// Common offences a family can pick (docs/law.md#common-offences), with the maximum punishment the
// S.479 count needs and the old IPC section beside the BNSS one. Names are translated in the
// `offences` locale namespace under the same id. "other" lets the family type the maximum.
// Where the law gives life (or death) as one of the punishments, `life`/`death` is set and the
// offence is outside S.479 (docs/law.md#section-479-bnss).

export interface Offence {
  id: string;
  /** Section of the Bharatiya Nyaya Sanhita 2023, or of the NDPS Act. */
  section: string;
  /** Indian Penal Code section it replaced; null for a new offence or another Act. */
  ipc: string | null;
  maxMonths: number | null;
  life: boolean;
  death: boolean;
}

const years = (n: number) => ({ maxMonths: n * 12, life: false, death: false });
const LIFE = { maxMonths: null, life: true, death: false };

export const OFFENCES = [
  { id: 'theft', section: 'BNS 303(2)', ipc: '379', ...years(3) },
  { id: 'theft-dwelling', section: 'BNS 305', ipc: '380', ...years(7) },
  { id: 'snatching', section: 'BNS 304(2)', ipc: null, ...years(3) },
  { id: 'robbery', section: 'BNS 309(4)', ipc: '392', ...years(10) },
  { id: 'dacoity', section: 'BNS 310(2)', ipc: '395', ...LIFE },
  { id: 'cheating', section: 'BNS 318(4)', ipc: '420', ...years(7) },
  { id: 'breach-of-trust', section: 'BNS 316(2)', ipc: '406', ...years(5) },
  { id: 'hurt', section: 'BNS 115(2)', ipc: '323', ...years(1) },
  { id: 'grievous-hurt', section: 'BNS 117(2)', ipc: '325', ...years(7) },
  { id: 'attempt-to-murder', section: 'BNS 109(1)', ipc: '307', ...years(10) },
  { id: 'attempt-to-murder-hurt', section: 'BNS 109(1)', ipc: '307', ...LIFE },
  { id: 'murder', section: 'BNS 103(1)', ipc: '302', maxMonths: null, life: true, death: true },
  { id: 'culpable-homicide', section: 'BNS 105', ipc: '304', ...LIFE },
  { id: 'rape', section: 'BNS 64(1)', ipc: '376', ...LIFE },
  { id: 'kidnapping', section: 'BNS 137(2)', ipc: '363', ...years(7) },
  { id: 'criminal-intimidation', section: 'BNS 351(2)', ipc: '506', ...years(2) },
  { id: 'dowry-death', section: 'BNS 80(2)', ipc: '304B', ...LIFE },
  { id: 'cruelty', section: 'BNS 85', ipc: '498A', ...years(3) },
  { id: 'ndps-small', section: 'NDPS 20(b)(ii)(A)', ipc: null, ...years(1) },
  { id: 'ndps-commercial', section: 'NDPS 20(b)(ii)(C)', ipc: null, ...years(20) },
] as const satisfies readonly Offence[];

export type OffenceId = (typeof OFFENCES)[number]['id'];
export const OFFENCE_IDS = OFFENCES.map((o) => o.id) as [OffenceId, ...OffenceId[]];
export const OTHER_OFFENCE = 'other' as const;

const byId = new Map<string, Offence>(OFFENCES.map((o) => [o.id, o]));
export function findOffence(id: string): Offence | undefined {
  return byId.get(id);
}

/** "3 years", "life" … as parts a translator can word: the client formats them. */
export function maxPunishmentParts(o: { maxMonths: number | null; life: boolean; death: boolean }) {
  const months = o.maxMonths ?? 0;
  return { years: Math.floor(months / 12), months: months % 12, life: o.life, death: o.death };
}
