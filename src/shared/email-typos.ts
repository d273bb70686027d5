// A typed e-mail address with a misspelt domain (gmial.com, gmail.co, gamil.com …) gets a suggested
// correction: on a phone keyboard these slips are common, and the confirmation link then goes nowhere.
// Only a suggestion: the person decides, and the server's own rule still applies.

/** Domains people in India commonly use, each its own right spelling (never "corrected" to another). */
const KNOWN_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.in',
  'yahoo.in',
  'ymail.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'rediffmail.com',
  'icloud.com',
  'mail.com',
  'email.com',
  'protonmail.com',
  'proton.me',
] as const;

/** Domains to suggest when the typed one is a near miss. */
const SUGGESTED_DOMAINS = ['gmail.com', 'yahoo.com', 'yahoo.co.in', 'hotmail.com', 'outlook.com', 'rediffmail.com', 'icloud.com'] as const;

/** Slips too far apart for the distance below, but common. */
const ALIASES: Record<string, string> = {
  gmail: 'gmail.com',
  'gmail.co.in': 'gmail.com',
  'gmail.in': 'gmail.com',
  'gmail.cm': 'gmail.com',
  'gmail.comm': 'gmail.com',
  'g.mail.com': 'gmail.com',
  'jimail.com': 'gmail.com',
  'gmail.com.com': 'gmail.com',
};

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The address as it was probably meant, lower case and trimmed, when its domain is a near miss of a
 * common one ("Geeta@gmial.com" → "geeta@gmail.com"); null when it looks right or is too far off to guess.
 */
export function suggestEmail(typed: string): string | null {
  const address = typed.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return null;
  const name = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!domain || (KNOWN_DOMAINS as readonly string[]).includes(domain)) return null;
  const alias = ALIASES[domain];
  if (alias) return `${name}@${alias}`;
  let best: { domain: string; distance: number } | null = null;
  for (const candidate of SUGGESTED_DOMAINS) {
    const distance = editDistance(domain, candidate);
    if (!best || distance < best.distance) best = { domain: candidate, distance };
  }
  // One slip in any domain; two only in a longer one (a short domain two edits off may be real).
  if (!best || best.distance === 0 || best.distance > (domain.length >= 8 ? 2 : 1)) return null;
  return `${name}@${best.domain}`;
}
