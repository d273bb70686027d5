// A name in Latin letters, for search and for the screens of people who do not read its script
// (docs/decisions/0046-prisoner-and-prisons.md#search). Indian scripts go through sanscript (ITRANS,
// then the word-final inherent vowel dropped as Hindi speech does: रमेश → ramesh, not ramesha);
// anything else (Urdu, …) through any-ascii. The search key itself is made by the database
// (prisoner_name_key, drizzle/0027_prisoners.sql) from this form, for names and queries alike.
import anyAscii from 'any-ascii';
import Sanscript from '@indic-transliteration/sanscript';

const SCRIPTS: [RegExp, string][] = [
  [/[\u0900-\u097F]/, 'devanagari'],
  [/[\u0980-\u09FF]/, 'bengali'],
  [/[\u0A00-\u0A7F]/, 'gurmukhi'],
  [/[\u0A80-\u0AFF]/, 'gujarati'],
  [/[\u0B00-\u0B7F]/, 'oriya'],
  [/[\u0B80-\u0BFF]/, 'tamil'],
  [/[\u0C00-\u0C7F]/, 'telugu'],
  [/[\u0C80-\u0CFF]/, 'kannada'],
];

function wordToLatin(word: string): string {
  const script = SCRIPTS.find(([re]) => re.test(word))?.[1];
  // any-ascii writes an Arabic-script ain as a backtick (عمران: `mrn): only letters are kept.
  if (!script) return anyAscii(word).replace(/[^A-Za-z]/g, '');
  // Nukta and other signs sanscript leaves in place: drop what is not Latin afterwards.
  const itrans = Sanscript.t(word.normalize('NFC'), script, 'itrans');
  const plain = anyAscii(itrans)
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
  // The inherent vowel at a word's end is not spoken (रमेश: ramesh), unless the word is that short.
  return plain.length > 3 && /[^aeiou]a$/.test(plain) && !/A$/.test(itrans) ? plain.slice(0, -1) : plain;
}

/** The name in Latin letters, each word capitalised; a Latin name comes back as typed. */
export function latinName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (/^[\x20-\x7E]*$/.test(trimmed)) return trimmed;
  return trimmed
    .split(' ')
    .map(wordToLatin)
    .filter((w) => w.length > 0)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** What a search query is compared as: its Latin letters (the database makes the key). */
export function searchLatin(q: string): string {
  return anyAscii(q.normalize('NFC')).toLowerCase();
}
