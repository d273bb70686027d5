// The assistant's search: a curated knowledge base per language, indexed with MiniSearch (fuzzy
// and prefix matching), with light per-language normalisation so "registering" finds "register"
// and "वकीलों" finds "वकील". No network: everything runs in the browser.
import MiniSearch from 'minisearch';
import type { Language, Role } from '#shared/constants.ts';
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
}

/** Below this a match is too weak to trust: the assistant says it does not know. */
export const MIN_SCORE = 6;

const SUFFIXES: Record<Language, string[]> = {
  en: ['ing', 'ed', 'es', 's'],
  es: ['es', 's'],
  fr: ['es', 's', 'e'],
  de: ['en', 'er', 'es', 'e', 'n', 's'],
  hi: ['ियों', 'ियां', 'ाओं', 'ाएं', 'ूंगा', 'ूंगी', 'ेंगे', 'ों', 'ें', 'ीं', 'ूं', 'ां', 'ना', 'ने', 'नी', 'ा', 'े', 'ी', 'ो'],
};
// Longest first, so 'ियों' is stripped before 'ों'.
for (const list of Object.values(SUFFIXES)) list.sort((a, b) => b.length - a.length);

/** Lower case, no Latin accents, no nukta, chandrabindu spelt as anusvara, then a light stem. */
export function normalizeTerm(term: string, language: Language): string {
  let t = term
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\u093c/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/ß/g, 'ss')
    .normalize('NFC');
  const min = language === 'hi' ? 2 : 4;
  for (const s of SUFFIXES[language]) {
    if (t.endsWith(s) && t.length - s.length >= min) {
      t = t.slice(0, -s.length);
      break;
    }
  }
  return t;
}

export interface Assistant {
  language: Language;
  ask(question: string, role: Role): Answer | null;
}

type Doc = { id: string; topic: TopicId; text: string; weight: number };

/**
 * One document per question variant (short, so a close rewording scores high), one with the
 * topic's keywords, and one with its answers (weighted low: answers mention many things).
 * A topic's score is its best document's plus a share of its second best.
 */
export function createAssistant(kb: KnowledgeBase): Assistant {
  const stop = new Set(kb.stopWords.map((w) => normalizeTerm(w, kb.language)));
  const processTerm = (term: string) => {
    const t = normalizeTerm(term, kb.language);
    return t.length === 0 || stop.has(t) ? null : t;
  };
  const docs: Doc[] = TOPIC_IDS.flatMap((topic) => {
    const entry = kb.topics[topic];
    return [
      ...entry.questions.map((text, i) => ({ id: `${topic}:q${i}`, topic, text, weight: 1 })),
      { id: `${topic}:k`, topic, text: entry.keywords.join(' '), weight: 1 },
      { id: `${topic}:a`, topic, text: [entry.answer, ...Object.values(entry.answerByRole ?? {})].join('\n'), weight: 0.3 },
    ];
  });
  const weights = new Map(docs.map((d) => [d.id, d.weight]));
  const index = new MiniSearch<Doc>({
    fields: ['text'],
    storeFields: ['topic'],
    processTerm,
    searchOptions: {
      boostDocument: (id) => weights.get(String(id)) ?? 1,
      // Devanagari spends fewer code units per word: allow prefix and fuzzy matching earlier.
      prefix: (term) => term.length >= (kb.language === 'hi' ? 3 : 4),
      fuzzy: (term) => (term.length >= (kb.language === 'hi' ? 4 : 5) ? 0.2 : false),
      combineWith: 'OR',
    },
  });
  index.addAll(docs);
  return {
    language: kb.language,
    ask(question, role) {
      const byTopic = new Map<TopicId, number[]>();
      for (const r of index.search(question)) {
        const topic = r.topic as TopicId;
        byTopic.set(topic, [...(byTopic.get(topic) ?? []), r.score]);
      }
      let best: { topic: TopicId; score: number } | undefined;
      for (const [topic, scores] of byTopic) {
        const [first = 0, second = 0] = scores.sort((a, b) => b - a);
        const score = first + 0.3 * second;
        if (!best || score > best.score) best = { topic, score };
      }
      if (!best || best.score < MIN_SCORE) return null;
      const topic = kb.topics[best.topic];
      return {
        topic: best.topic,
        text: topic.answerByRole?.[role] ?? topic.answer,
        link: TOPIC_LINKS[best.topic][role] ?? null,
        score: best.score,
      };
    },
  };
}

/** The same topic's answer in another language (a question typed in English, answered in Hindi). */
export function answerIn(kb: KnowledgeBase, answer: Answer, role: Role): Answer {
  const topic = kb.topics[answer.topic];
  return { ...answer, text: topic.answerByRole?.[role] ?? topic.answer };
}
