// The family's status sentence in words (src/shared/family-status.ts decides which status and step):
// "<status> — <next step>" from the 'plain' texts, split into pieces so that the legal terms the
// translators marked (<bail>ज़मानत</bail>) can be underlined and explained, and joined back for
// reading aloud and for the assistant. Names typed by the family go in after the split: a name is
// never read as markup.
import type { FamilyStatus } from '#shared/family-status.ts';

export const STATUS_TERMS = ['bail', 'defaultBail', 'chargeSheet', 's479', 'bond', 'surety', 'dlsa', 'legalAid', 'hearing'] as const;
export type StatusTerm = (typeof STATUS_TERMS)[number];

export interface StatusPiece {
  text: string;
  /** Set on a legal term: the key of its explanation ('term.<term>' in plain.json). */
  term?: StatusTerm;
}

type T = (key: string, options?: Record<string, unknown>) => string;

// Private-use characters: no translation or typed name contains them.
const slot = (name: string) => `\uE000${name}\uE001`;
const SLOTS = /\uE000(\w+)\uE001/g;
const TAG = /<(\w+)>(.*?)<\/\1>/g;
const isTerm = (v: string): v is StatusTerm => (STATUS_TERMS as readonly string[]).includes(v);

/** The sentence in pieces; `t` reads the 'plain' namespace, `day` writes a YYYY-MM-DD day. */
export function statusPieces(t: T, s: FamilyStatus, day: (iso: string) => string): StatusPiece[] {
  const values: Record<string, string> = {
    name: s.prisonerName ? t('named', { ns: 'plain', name: s.prisonerName }) : t('someone', { ns: 'plain' }),
    lawyer: s.lawyer ?? '',
    date: s.date ? day(s.date) : '',
  };
  const options = { ns: 'plain', name: slot('name'), lawyer: slot('lawyer'), date: slot('date') };
  const raw = `${t(`status.${s.status}`, options)} — ${t(`next.${s.next}`, options)}`;
  const fill = (text: string) => text.replace(SLOTS, (_, name: string) => values[name] ?? '');
  const pieces: StatusPiece[] = [];
  let at = 0;
  for (const m of raw.matchAll(TAG)) {
    if (m.index > at) pieces.push({ text: fill(raw.slice(at, m.index)) });
    const [, tag = '', inner = ''] = m;
    pieces.push(isTerm(tag) ? { text: fill(inner), term: tag } : { text: fill(inner) });
    at = m.index + m[0].length;
  }
  if (at < raw.length) pieces.push({ text: fill(raw.slice(at)) });
  return pieces;
}

/** The sentence as plain text (read aloud, the assistant's answer). */
export function statusText(t: T, s: FamilyStatus, day: (iso: string) => string): string {
  return statusPieces(t, s, day)
    .map((p) => p.text)
    .join('');
}
