// Questions about one's own record, worded in many ways in all five languages, are
// recognised and answered from the member's summary in that language; general questions are left to the
// knowledge base.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PersonalSummary } from '#shared/assistant.ts';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { detectPersonalIntent, personalAnswer, type PersonalIntent } from './personal.ts';

const QUESTIONS: Record<Language, Record<PersonalIntent, string[]>> = {
  en: {
    status: ['What is my case status?', 'where is my case now', 'any update on my case?', 'status of my case please'],
    hearing: ['When is the next hearing?', 'my next court date', 'next hearing date?', 'when is my hearing'],
    lawyer: ['Who is my lawyer?', 'my advocate name', "who's my lawyer", 'my lawyer phone number'],
    ngo: ['my NGO', 'Which NGO is mine?', 'who is my ngo', 'my rehabilitation centre'],
    release: ['release date', 'When will my brother be released?', 'my release date?', 'when will he come out'],
  },
  hi: {
    status: ['मेरे केस की स्थिति क्या है?', 'मेरा मामला कहाँ तक पहुँचा', 'मेरे केस में क्या हुआ', 'मेरे केस का स्टेटस'],
    hearing: ['अगली सुनवाई कब है?', 'मेरी अगली पेशी कब है', 'सुनवाई की तारीख क्या है', 'मेरी सुनवाई कब होगी'],
    lawyer: ['मेरा वकील कौन है?', 'मेरे वकील का नाम', 'हमारा वकील कौन है', 'मेरे वकील का फ़ोन नंबर'],
    ngo: ['मेरा एनजीओ कौन सा है?', 'मेरी संस्था कौन सी है', 'हमारा एनजीओ', 'मेरा पुनर्वास केंद्र'],
    release: ['रिहाई कब होगी?', 'मेरे भाई की रिहाई की तारीख', 'मेरा बेटा कब रिहा होगा', 'वह बाहर कब आएगा'],
  },
  es: {
    status: ['¿Cuál es el estado de mi caso?', 'situación de mi caso', '¿Cómo va mi caso?', 'estado de mi expediente'],
    hearing: ['¿Cuándo es la próxima audiencia?', 'fecha de mi audiencia', 'mi próxima audiencia', '¿cuándo es mi juicio?'],
    lawyer: ['¿Quién es mi abogado?', 'mi abogada', 'nombre de mi abogado', 'teléfono de mi abogado'],
    ngo: ['mi ONG', '¿Cuál es mi ONG?', 'quién es mi ONG', 'mi centro de rehabilitación'],
    release: ['¿Cuándo saldrá mi hermano?', 'fecha de liberación', 'mi fecha de libertad', '¿cuándo será liberado?'],
  },
  fr: {
    status: ['Quel est le statut de mon affaire ?', 'Où en est mon dossier ?', 'état de mon dossier', 'avancement de mon affaire'],
    hearing: ['Quand est la prochaine audience ?', 'date de mon audience', 'ma prochaine audience', 'quand est mon procès ?'],
    lawyer: ['Qui est mon avocat ?', 'mon avocate', 'nom de mon avocat', 'téléphone de mon avocat'],
    ngo: ['mon ONG', 'Quelle est mon ONG ?', 'qui est mon ONG', 'ma réinsertion'],
    release: ['Quand mon frère sera-t-il libéré ?', 'date de libération', 'ma date de sortie', 'quand va-t-il sortir ?'],
  },
  de: {
    status: ['Wie ist der Stand meines Falls?', 'Status meines Falls', 'wie steht mein Fall', 'Sachstand meiner Sache'],
    hearing: ['Wann ist die nächste Anhörung?', 'mein nächster Gerichtstermin', 'Datum meiner Verhandlung', 'wann ist meine Verhandlung'],
    lawyer: ['Wer ist mein Anwalt?', 'meine Anwältin', 'Name meines Anwalts', 'Telefon meines Rechtsanwalts'],
    ngo: ['meine NGO', 'Welche NGO ist meine?', 'wer ist meine NGO', 'meine Hilfsorganisation'],
    release: ['Wann wird mein Bruder entlassen?', 'Datum der Entlassung', 'meine Freilassung wann', 'wann kommt er frei, wann Entlassung'],
  },
};

const GENERAL: Record<Language, string[]> = {
  en: [
    'How do I request a lawyer?',
    'What is a bail paper?',
    'How can I get free legal aid?',
    'can somebody help me hire an advocate for my brother',
    'what is an NGO seat',
  ],
  hi: ['वकील का अनुरोध कैसे करें?', 'ज़मानत का काग़ज़ क्या है?'],
  es: ['¿Cómo solicito un abogado?', '¿Qué es un documento de fianza?'],
  fr: ['Comment demander un avocat ?', "Qu'est-ce qu'un document de caution ?"],
  de: ['Wie fordere ich einen Anwalt an?', 'Was ist ein Kautionsdokument?'],
};

describe('own-record questions', () => {
  for (const lang of LANGUAGES)
    for (const [intent, questions] of Object.entries(QUESTIONS[lang]))
      it.each(questions)(`${lang} ${intent}: %s`, (q) => {
        expect(detectPersonalIntent(q, lang)).toBe(intent);
      });

  it.each(LANGUAGES)('%s: general questions are left to the knowledge base', (lang) => {
    for (const q of GENERAL[lang]) expect(detectPersonalIntent(q, lang), q).toBeNull();
  });
});

// The real translations, with i18next's interpolation and plural rules reduced to what these keys use.
function translator(lang: Language) {
  const texts = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${lang}/assistant.json`), 'utf8')) as Record<
    string,
    string
  >;
  return (key: string, options: Record<string, unknown> = {}) => {
    const count = options.count as number | undefined;
    const k = count === undefined ? key : `${key}_${new Intl.PluralRules(lang).select(count)}`;
    const text = texts[k] ?? texts[`${key}_other`];
    if (text === undefined) throw new Error(`${lang}: no text for ${k}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
}

const summary: PersonalSummary = {
  stage: 'lawyer_accepted',
  cases: [{ caseNumber: 'FIR-0421/2024', caseType: 'Criminal Defense Lawyer' }],
  lawyer: { name: 'Adv. Priya Sharma', phone: '+919810000001', status: 'accepted' },
  ngo: { name: 'Aasra Rehabilitation Trust', contactInfo: '011-45000001' },
  bailAcceptedAt: null,
};

describe('answers from the record, in the asker language', () => {
  it.each(LANGUAGES)('%s', (lang) => {
    const t = translator(lang);
    const status = personalAnswer('status', summary, t, lang);
    expect(status.text).toContain('FIR-0421/2024');
    expect(status.text).toContain('Adv. Priya Sharma');
    expect(status.text).toContain(t('me.next.lawyer_accepted'));
    expect(status.link).toBe('familyCase');
    const lawyer = personalAnswer('lawyer', summary, t, lang);
    expect(lawyer.text).toContain('Adv. Priya Sharma');
    expect(lawyer.text).toContain('+919810000001');
    expect(personalAnswer('ngo', summary, t, lang).text).toContain('Aasra Rehabilitation Trust');
    // Not known yet: said so, not made up.
    expect(personalAnswer('hearing', summary, t, lang).text).toBe(t('me.hearing.unknown'));
    expect(personalAnswer('release', summary, t, lang).text).toBe(t('me.release.unknown'));
    // Known (added by the hearing and release-date features): the date, written in that language.
    // The server sends calendar days (YYYY-MM-DD): written as that same day whatever the browser's zone.
    const withDates = { ...summary, nextHearing: { at: '2026-12-03', court: 'Saket District Court' }, releaseDate: '2027-01-15' };
    const hearing = personalAnswer('hearing', withDates, t, lang).text;
    const day = (iso: string) =>
      new Intl.DateTimeFormat(lang === 'en' ? 'en-IN' : lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
    expect(hearing).toContain(day('2026-12-03'));
    expect(hearing).toContain('Saket District Court');
    const release = personalAnswer('release', withDates, t, lang).text;
    expect(release).toBe(t('me.release.yes', { date: day('2027-01-15') }));
    // It says which law gives the date and that the court orders the release.
    expect(release).toContain('479');
    expect(release).toContain('15100');
    if (lang === 'hi') expect(hearing).toMatch(/[\u0900-\u097F]/);
    // No lawyer yet: the next step points to Legal Services and the 15100 helpline.
    const none = personalAnswer('status', { ...summary, stage: 'no_lawyer', lawyer: null }, t, lang);
    expect(none.link).toBe('lawyerSearch');
    expect(none.text).toContain('15100');
  });
});
