// The assistant's search: a curated knowledge base per language, indexed with MiniSearch (fuzzy
// and prefix matching), with light per-language normalisation so "registering" finds "register"
// and "वकीलों" finds "वकील". No network: everything runs in the browser.
import MiniSearch from 'minisearch';
import type { Role } from '#shared/constants.ts';
import { LANGUAGE_INFO, type Language } from '#shared/languages.ts';
import { TOPIC_IDS, TOPIC_LINKS, type Screen, type TopicId } from './knowledge/topics.ts';

export interface Topic {
  /** Ways people ask about it, in their words. */
  questions: string[];
  /** Extra words that point to it: synonyms, common misspellings, transliterations. */
  keywords: string[];
  answer: string;
  /** Replaces `answer` for a role whose steps differ. */
  answerByRole?: Partial<Record<Role, string>>;
}

export interface KnowledgeBase {
  language: Language;
  /** Words too common to tell topics apart ("how", "कैसे"): ignored in questions and entries. */
  stopWords: string[];
  /** A few questions offered as buttons when the chat opens. */
  suggestions: string[];
  topics: Record<TopicId, Topic>;
}

export interface Answer {
  topic: TopicId;
  text: string;
  link: Screen | null;
  score: number;
  /** Share of the question's words the topic explains. */
  coverage: number;
}

/**
 * When to trust the best topic: a strong score, or a fair score that explains a good share of the
 * question's words, or a weak one (a single common word) that explains nearly all of them.
 */
export function confident({ score, coverage }: { score: number; coverage: number }): boolean {
  return score >= 10 || (score >= 6 && coverage >= 0.3) || (score >= 3 && coverage >= 0.66);
}

/** Common word endings stripped before matching; a language without a list is matched by whole words and prefixes. */
const SUFFIXES: Partial<Record<Language, string[]>> = {
  en: ['ing', 'ed', 'es', 's'],
  es: ['es', 's'],
  fr: ['es', 's', 'e'],
  de: ['en', 'er', 'es', 'e', 'n', 's'],
  hi: ['ियों', 'ियां', 'ाओं', 'ाएं', 'ूंगा', 'ूंगी', 'ेंगे', 'ों', 'ें', 'ीं', 'ूं', 'ां', 'ना', 'ने', 'नी', 'ा', 'े', 'ी', 'ो'],
};
// Longest first, so 'ियों' is stripped before 'ों'.
/** Indian scripts spend fewer code units per word than Latin letters. */
const shortWords = (language: Language) => LANGUAGE_INFO[language].script !== 'Latn';

for (const list of Object.values(SUFFIXES)) list.sort((a, b) => b.length - a.length);

/** Lower case, no Latin accents, no nukta, chandrabindu spelt as anusvara. */
export function foldTerm(term: string): string {
  return term
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\u093c/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/ß/g, 'ss')
    .normalize('NFC');
}

/** The folded term with one common inflection removed ("registering" → "register", "वकीलों" → "वकील"). */
export function normalizeTerm(term: string, language: Language): string {
  const t = foldTerm(term);
  const min = shortWords(language) ? 2 : 4;
  const suffix = (SUFFIXES[language] ?? []).find((s) => t.endsWith(s) && t.length - s.length >= min);
  return suffix ? t.slice(0, -suffix.length) : t;
}

export interface Assistant {
  language: Language;
  ask(question: string, role: Role): Answer | null;
}

type Doc = { id: string; topic: TopicId; text: string; weight: number };

/** A keyword is a hint, weaker than a whole question matching. */
const KEYWORD_WEIGHT = 0.7;
/** How much the word-by-word evidence adds to the whole-question match. */
const WORD_WEIGHT = 0.5;

function bestPerTopic(results: { topic?: unknown; score: number }[]): Map<TopicId, number> {
  const best = new Map<TopicId, number>();
  for (const r of results) {
    const topic = r.topic as TopicId;
    if (r.score > (best.get(topic) ?? 0)) best.set(topic, r.score);
  }
  return best;
}

/**
 * One document per question variant (short, so a close rewording scores high), one per keyword,
 * and one with the topic's answers (weighted low: answers mention many things).
 * A topic's score is its best whole-question match plus, for each word, its best match. An answer is given
 * when the score is high, or when the topic covers most of the question's words (a one-word
 * question such as "Kautionsdokument?" scores low but is still clear).
 */
export function createAssistant(kb: KnowledgeBase): Assistant {
  // Stop words go at tokenising, before stemming ("यहाँ", here, must not become "यह", this), and so
  // they do not count in a document's length: "What is a bail paper?" is a two-word document.
  const stop = new Set(kb.stopWords.map(foldTerm));
  const splitWords = MiniSearch.getDefault('tokenize') as (text: string) => string[];
  const tokenize = (text: string) => splitWords(text).filter((w) => w.length > 0 && !stop.has(foldTerm(w)));
  const processTerm = (term: string) => normalizeTerm(term, kb.language);
  const docs: Doc[] = TOPIC_IDS.flatMap((topic) => {
    const entry = kb.topics[topic];
    return [
      ...entry.questions.map((text, i) => ({ id: `${topic}:q${i}`, topic, text, weight: 1 })),
      ...entry.keywords.map((text, i) => ({ id: `${topic}:k${i}`, topic, text, weight: KEYWORD_WEIGHT })),
      { id: `${topic}:a`, topic, text: [entry.answer, ...Object.values(entry.answerByRole ?? {})].join('\n'), weight: 0.3 },
    ];
  });
  const weights = new Map(docs.map((d) => [d.id, d.weight]));
  const index = new MiniSearch<Doc>({
    fields: ['text'],
    storeFields: ['topic'],
    tokenize,
    processTerm,
    searchOptions: {
      boostDocument: (id) => weights.get(String(id)) ?? 1,
      // Indian scripts spend fewer code units per word: allow prefix and fuzzy matching earlier.
      prefix: (term) => term.length >= (shortWords(kb.language) ? 3 : 4),
      fuzzy: (term) => (term.length >= (shortWords(kb.language) ? 4 : 5) ? 0.2 : false),
      combineWith: 'OR',
    },
  });
  index.addAll(docs);
  return {
    language: kb.language,
    ask(question, role) {
      const words = [...new Set(tokenize(question))];
      if (words.length === 0) return null;
      // Best whole-question match per topic: rewards the words appearing together.
      const whole = bestPerTopic(index.search(question));
      // Best match of each word on its own, per topic: rewards a topic that explains every word.
      const perWord = words.map((w) => bestPerTopic(index.search(w)));
      let best: { topic: TopicId; score: number; coverage: number } | undefined;
      for (const [topic, wholeScore] of whole) {
        const wordScores = perWord.map((m) => m.get(topic) ?? 0);
        const score = wholeScore + WORD_WEIGHT * wordScores.reduce((sum, x) => sum + x, 0);
        const coverage = wordScores.filter((x) => x > 0).length / words.length;
        if (!best || score > best.score) best = { topic, score, coverage };
      }
      if (!best || !confident(best)) return null;
      const topic = kb.topics[best.topic];
      return {
        topic: best.topic,
        text: topic.answerByRole?.[role] ?? topic.answer,
        link: TOPIC_LINKS[best.topic][role] ?? null,
        score: best.score,
        coverage: best.coverage,
      };
    },
  };
}

/** The same topic's answer in another language (a question typed in English, answered in Hindi). */
export function answerIn(kb: KnowledgeBase, answer: Answer, role: Role): Answer {
  const topic = kb.topics[answer.topic];
  return { ...answer, text: topic.answerByRole?.[role] ?? topic.answer };
}
