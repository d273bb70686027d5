import { it } from 'vitest';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import en from './knowledge/en.json';
import hi from './knowledge/hi.json';
import es from './knowledge/es.json';
import fr from './knowledge/fr.json';
import de from './knowledge/de.json';
import { TOPIC_IDS } from './knowledge/topics.ts';
import { createAssistant, type KnowledgeBase } from './assistant-search.ts';
import * as T from './assistant-search.test-data.ts';
const KB = { en, hi, es, fr, de } as unknown as Record<Language, KnowledgeBase>;
it('self', () => {
  for (const lang of LANGUAGES) {
    const a = createAssistant(KB[lang]);
    let min = 1e9;
    for (const id of TOPIC_IDS) for (const q of KB[lang].topics[id].questions) {
      const r = a.ask(q, 'Family-Member');
      if (r?.topic !== id) console.log(lang, '|', q, '| want', id, 'got', r?.topic, r?.score.toFixed(1));
      else min = Math.min(min, r.score);
    }
    console.log(lang, '| self min', min.toFixed(1));
    for (const [q, want] of T.PARAPHRASED[lang]) { const r = a.ask(q, 'Family-Member'); console.log(lang, '|', r?.topic === want ? 'ok ' : 'BAD', q, '→', r?.topic, r?.score.toFixed(1)); }
    for (const q of T.OFF_TOPIC[lang]) { const r = a.ask(q, 'Family-Member'); console.log(lang, '|', r ? 'BAD' : 'ok ', 'off', q, '→', r?.topic, r?.score.toFixed(1)); }
  }
});
