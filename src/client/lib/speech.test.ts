import { describe, expect, it } from 'vitest';
import { bestVoiceFor, chooseVoice, voiceLanguages, type VoiceLike } from './speech.ts';

const v = (name: string, lang: string, extra: Partial<VoiceLike> = {}): VoiceLike => ({ name, lang, ...extra });

const ANDROID = [v('English US', 'en-US', { default: true }), v('English India', 'en-IN'), v('Hindi', 'hi-IN'), v('Bangla', 'bn-IN')];

describe('voice choice', () => {
  it("takes the language's own voice, Indian first", () => {
    expect(chooseVoice(ANDROID, 'bn')).toMatchObject({ lang: 'bn', voice: { name: 'Bangla' }, exact: true, readsText: true });
    expect(chooseVoice(ANDROID, 'en')).toMatchObject({ lang: 'en', voice: { name: 'English India' }, exact: true });
    expect(chooseVoice([v('hi remote', 'hi-IN'), v('hi local', 'hi_IN', { localService: true })], 'hi')?.voice.name).toBe('hi local');
  });

  it('offers Hindi for a language without a voice, and Marathi text can be read by the Hindi voice as written', () => {
    expect(chooseVoice(ANDROID, 'mr')).toMatchObject({ lang: 'hi', voice: { name: 'Hindi' }, exact: false, readsText: true });
    expect(chooseVoice(ANDROID, 'ur')).toMatchObject({ lang: 'hi', exact: false, readsText: false });
    expect(chooseVoice(ANDROID, 'ta')).toMatchObject({ lang: 'hi', exact: false, readsText: false });
  });

  it('Odia goes to Bengali before Hindi', () => {
    expect(chooseVoice(ANDROID, 'or')).toMatchObject({ lang: 'bn', voice: { name: 'Bangla' }, exact: false });
    expect(voiceLanguages('or')).toEqual(['or', 'bn', 'hi', 'en']);
  });

  it('English last, and nothing on a device without voices', () => {
    const englishOnly = [v('Samantha', 'en-US'), v('Daniel', 'en-GB')];
    expect(chooseVoice(englishOnly, 'pa')).toMatchObject({ lang: 'en', exact: false, readsText: false });
    expect(chooseVoice(englishOnly, 'de')).toMatchObject({ lang: 'en', exact: false });
    expect(voiceLanguages('en')).toEqual(['en']);
    expect(chooseVoice([], 'hi')).toBeUndefined();
    expect(chooseVoice([v('Français', 'fr-FR')], 'hi')).toBeUndefined();
  });

  it('matches on the language, not on a prefix of another one', () => {
    expect(bestVoiceFor([v('Hindi', 'hi-IN')], 'h')).toBeUndefined();
    expect(bestVoiceFor([v('Hmong', 'hmn')], 'hi')).toBeUndefined();
  });
});
