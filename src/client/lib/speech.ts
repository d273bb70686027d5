// Reading a text aloud with the browser's own speech synthesis (no network service): which voice reads
// which language, and the nearest one when the device has none for it.
// docs/decisions/0041-fonts-and-listen.md

/** What the app needs of a SpeechSynthesisVoice. */
export interface VoiceLike {
  name: string;
  lang: string;
  localService?: boolean;
  default?: boolean;
}

/**
 * The languages tried after the screen's own, nearest first; English is tried last for every
 * language. Hindi is the nearest for the Indo-Aryan languages and Urdu (one spoken language in two
 * scripts); Odia is close to Bengali.
 */
const NEAREST: Record<string, readonly string[]> = {
  mr: ['hi'],
  bn: ['hi'],
  pa: ['hi'],
  or: ['bn', 'hi'],
  gu: ['hi'],
  ur: ['hi'],
  ta: ['hi'],
  te: ['hi'],
  kn: ['hi'],
};

/** Languages written in the same script, so one's voice can read the other's text as it is. */
const SCRIPT: Record<string, string> = { hi: 'Deva', mr: 'Deva', bn: 'Beng', ur: 'Arab' };
const sameScript = (a: string, b: string) => !!SCRIPT[a] && SCRIPT[a] === SCRIPT[b];

const base = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';

/** The order in which languages are tried for a text in `lang`. */
export function voiceLanguages(lang: string): string[] {
  const order = [lang, ...(NEAREST[lang] ?? []), 'en'];
  return order.filter((l, i) => order.indexOf(l) === i);
}

/** The best voice for one language: Indian English/Hindi… (-IN) first, then one on the device, then the default. */
export function bestVoiceFor<V extends VoiceLike>(voices: readonly V[], lang: string): V | undefined {
  const score = (v: V) => (/[-_]IN$/i.test(v.lang) ? 4 : 0) + (v.localService ? 2 : 0) + (v.default ? 1 : 0);
  return voices
    .filter((v) => base(v.lang) === lang)
    .sort((a, b) => score(b) - score(a) || a.name.localeCompare(b.name))
    .at(0);
}

export interface VoiceChoice<V extends VoiceLike = VoiceLike> {
  /** The language the voice speaks ('hi'). */
  lang: string;
  voice: V;
  /** True when the voice speaks the text's own language. */
  exact: boolean;
  /** True when this voice can read the text as written (its own language, or one in the same script). */
  readsText: boolean;
}

/**
 * The voice for a text in `lang`: the language's own, else the nearest language that has one
 * (English last). `undefined` when the device has no voice at all.
 */
export function chooseVoice<V extends VoiceLike>(voices: readonly V[], lang: string): VoiceChoice<V> | undefined {
  for (const l of voiceLanguages(lang)) {
    const voice = bestVoiceFor(voices, l);
    if (voice) return { lang: l, voice, exact: l === lang, readsText: l === lang || sameScript(l, lang) };
  }
  return undefined;
}

/** The browser's speech synthesis, or undefined where there is none (then no Listen button is shown). */
export function speechSynthesisOrNone(): SpeechSynthesis | undefined {
  if (typeof window === 'undefined') return undefined;
  return 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function' ? window.speechSynthesis : undefined;
}

/**
 * The device's voices. Chromium fills the list a moment after the page opens and says so with
 * 'voiceschanged': wait for it, up to `waitMs`.
 */
export function loadVoices(synth: SpeechSynthesis, waitMs = 1500): Promise<SpeechSynthesisVoice[]> {
  const now = synth.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener?.('voiceschanged', done);
      resolve(synth.getVoices());
    };
    const timer = setTimeout(done, waitMs);
    synth.addEventListener?.('voiceschanged', done);
  });
}

export interface Speaking {
  /** Ends with the reading (finished, stopped or failed). */
  ended: Promise<void>;
}

/** Reads `text` with `voice` in its language; anything being read is stopped first. */
export function speak(synth: SpeechSynthesis, text: string, voice: SpeechSynthesisVoice, lang: string): Speaking {
  synth.cancel();
  const u = new window.SpeechSynthesisUtterance(text);
  u.voice = voice;
  // The voice's own tag ('hi-IN'), so the engine never guesses another language from the text.
  u.lang = voice.lang || lang;
  const ended = new Promise<void>((resolve) => {
    u.onend = () => resolve();
    u.onerror = () => resolve();
  });
  synth.speak(u);
  return { ended };
}
