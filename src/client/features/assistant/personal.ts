// Questions about the asker's own record ("what is my case status", "who is my lawyer", "my NGO",
// "next hearing date", "release date", "when will bail come"), recognised in every language that lists its words here (English otherwise) and answered from
// /api/family/summary instead of the general knowledge base.
import type { PersonalSummary } from '#shared/assistant.ts';
import type { Language } from '#shared/languages.ts';
import type { Screen } from './knowledge/topics.ts';
import { foldTerm } from './assistant-search.ts';
import { statusText } from '#client/lib/family-status-text.ts';

export const PERSONAL_INTENTS = ['hearing', 'release', 'ngo', 'lawyer', 'status'] as const;
export type PersonalIntent = (typeof PERSONAL_INTENTS)[number];

/** Per language; a language without words here is recognised through the English ones. */
type Words = Partial<Record<Language, string[]>>;

/** Words (prefixes of a word) or phrases that name the subject. */
const SUBJECT: Record<PersonalIntent, Words> = {
  hearing: {
    en: ['hearing', 'court date', 'next date', 'tarikh'],
    hi: ['सुनवाई', 'पेशी', 'अगली तारीख', 'agli tarikh'],
    es: ['audiencia', 'vista', 'fecha del juicio', 'juicio'],
    fr: ['audience', 'date du proces', 'proces'],
    de: ['anhorung', 'verhandlung', 'gerichtstermin', 'termin'],
    ur: ['سماعت', 'پیشی'],
    mr: ['सुनावणी', 'तारीख', 'पेशी'],
    bn: ['শুনানি'],
    ta: ['விசாரணை', 'வாய்தா'],
    te: ['విచారణ', 'వాయిదా'],
    kn: ['ವಿಚಾರಣೆ'],
    pa: ['ਪੇਸ਼ੀ', 'ਸੁਣਵਾਈ'],
    or: ['ଶୁଣାଣି'],
    gu: ['સુનાવણી', 'મુદત'],
  },
  release: {
    en: ['release', 'get out', 'come out', 'come home'],
    hi: ['रिहाई', 'रिहा', 'छूट', 'बाहर', 'riha'],
    es: ['liberacion', 'libertad', 'salir', 'saldra', 'liberado', 'liberada'],
    fr: ['liberation', 'libere', 'sortie', 'sortir', 'sortira'],
    de: ['entlassung', 'freilassung', 'freigelassen', 'rauskommen', 'entlassen'],
    ur: ['رہائی', 'رہا', 'چھوٹ', 'باہر'],
    mr: ['सुटका', 'सुटेल', 'सुटणार', 'बाहेर'],
    bn: ['মুক্তি', 'ছাড়া পাবে', 'ছাড়বে', 'বাইরে', 'বেরোবে'],
    ta: ['விடுதலை', 'விடுவி', 'வெளியே'],
    te: ['విడుదల', 'బయటకు'],
    kn: ['ಬಿಡುಗಡೆ', 'ಹೊರಗೆ'],
    pa: ['ਰਿਹਾਈ', 'ਰਿਹਾਅ', 'ਛੁੱਟ', 'ਬਾਹਰ'],
    or: ['ମୁକ୍ତି', 'ମୁକ୍ତ', 'ଖଲାସ', 'ବାହାରକୁ'],
    gu: ['છુટકાર', 'છૂટ', 'છુટ', 'મુક્તિ', 'બહાર'],
  },
  ngo: {
    en: ['ngo', 'rehabilitation', 'rehab'],
    hi: ['एनजीओ', 'ngo', 'संस्था', 'पुनर्वास'],
    es: ['ong', 'rehabilitacion', 'centro'],
    fr: ['ong', 'reinsertion', 'rehabilitation'],
    de: ['ngo', 'hilfsorganisation', 'rehabilitation', 'organisation'],
    ur: ['این جی او', 'ngo', 'بحالی'],
    mr: ['एनजीओ', 'ngo', 'संस्था', 'पुनर्वसन'],
    bn: ['এনজিও', 'ngo', 'সংস্থা', 'পুনর্বাসন'],
    ta: ['ngo', 'மறுவாழ்வு', 'தொண்டு நிறுவன'],
    te: ['ngo', 'పునరావాస', 'స్వచ్ఛంద సంస్థ'],
    kn: ['ngo', 'ಪುನರ್ವಸತಿ', 'ಸ್ವಯಂಸೇವಾ ಸಂಸ್ಥೆ'],
    pa: ['ਐਨਜੀਓ', 'ngo', 'ਸੰਸਥਾ', 'ਵਸੇਬ'],
    or: ['ଏନଜିଓ', 'ngo', 'ସଂସ୍ଥା', 'ପୁନର୍ବାସ'],
    gu: ['એનજીઓ', 'ngo', 'સંસ્થા', 'પુનર્વસન'],
  },
  lawyer: {
    en: ['lawyer', 'advocate', 'attorney', 'vakil'],
    hi: ['वकील', 'अधिवक्ता', 'vakil'],
    es: ['abogad'],
    fr: ['avocat'],
    de: ['anwalt', 'anwaltin', 'rechtsanwalt'],
    ur: ['وکیل'],
    mr: ['वकील', 'वकिल', 'अधिवक्ता'],
    bn: ['উকিল', 'আইনজীবী'],
    ta: ['வழக்கறிஞ', 'வக்கீல'],
    te: ['న్యాయవాద', 'లాయర్', 'వకీల'],
    kn: ['ವಕೀಲ', 'ಲಾಯರ್'],
    pa: ['ਵਕੀਲ'],
    or: ['ଓକିଲ'],
    gu: ['વકીલ'],
  },
  status: {
    en: ['status', 'progress', 'update', 'where is my case', 'how is my case', 'what happened'],
    hi: ['स्थिति', 'हालत', 'स्टेटस', 'status', 'क्या हुआ', 'कहाँ तक', 'कहां तक'],
    es: ['estado', 'situacion', 'como va', 'que paso'],
    fr: ['statut', 'etat', 'ou en est', 'avancement'],
    de: ['stand', 'status', 'wie steht', 'sachstand'],
    ur: ['صورتحال', 'حالت', 'کیا ہوا', 'کہاں تک'],
    mr: ['स्थिती', 'स्टेटस', 'काय झाले', 'कुठपर्यंत'],
    bn: ['অবস্থা', 'স্ট্যাটাস', 'কী হল', 'কতদূর'],
    ta: ['நிலை', 'நிலவரம்', 'என்ன ஆனது', 'என்ன நடக்கிறது'],
    te: ['స్థితి', 'పరిస్థితి', 'ఏమైంది', 'ఏం జరుగుతోంది'],
    kn: ['ಸ್ಥಿತಿ', 'ಏನಾಯಿತು', 'ಏನಾಗುತ್ತಿದೆ'],
    pa: ['ਸਥਿਤੀ', 'ਹਾਲਤ', 'ਕੀ ਹੋਇਆ', 'ਕੀ ਹੋ ਰਿਹਾ', 'ਕਿੱਥੇ ਤੱਕ'],
    or: ['ସ୍ଥିତି', 'ଅବସ୍ଥା', 'କଣ ହେଲା', 'କେଉଁଠି ପହଞ୍ଚିଲା'],
    gu: ['સ્થિતિ', 'હાલત', 'શું થયું', 'ક્યાં સુધી'],
  },
};

/** Bail asked about with "when" ("when will bail come", "ज़मानत कब मिलेगी") is the release question. */
const BAIL: Words = {
  en: ['bail'],
  hi: ['ज़मानत', 'जमानत', 'बेल', 'zamanat', 'jamanat'],
  es: ['fianza'],
  fr: ['caution'],
  de: ['kaution'],
  ur: ['ضمانت'],
  mr: ['जामीन', 'जामिन'],
  bn: ['জামিন'],
  ta: ['ஜாமீன'],
  te: ['బెయిల్'],
  kn: ['ಜಾಮೀನ'],
  pa: ['ਜ਼ਮਾਨਤ', 'ਜਮਾਨਤ'],
  or: ['ଜାମିନ'],
  gu: ['જામીન'],
};

/** Words that make it about the asker's own matter ("my", "who is", and for dates "when"/"next"). */
const MINE: Words = {
  en: ['my', 'mine', 'me', 'our', 'who is', 'whos'],
  hi: ['मेरा', 'मेरी', 'मेरे', 'हमारा', 'हमारी', 'हमारे', 'कौन', 'mera', 'meri', 'mere'],
  es: ['mi', 'mis', 'nuestro', 'nuestra', 'quien'],
  fr: ['mon', 'ma', 'mes', 'notre', 'qui est'],
  de: ['mein', 'meine', 'meinen', 'meinem', 'meiner', 'meines', 'unser', 'unsere', 'wer ist'],
  ur: ['میرا', 'میری', 'میرے', 'ہمارا', 'ہماری', 'ہمارے', 'کون'],
  mr: ['माझा', 'माझी', 'माझे', 'माझ्या', 'आमचा', 'आमची', 'आमचे', 'आमच्या', 'कोण'],
  bn: ['আমার', 'আমাদের', 'কে'],
  ta: ['என்', 'எனது', 'என்னுடைய', 'எங்கள்', 'எங்களுடைய', 'நம்ம'],
  te: ['నా', 'మా', 'మన', 'నాది'],
  kn: ['ನನ್ನ', 'ನಮ್ಮ'],
  pa: ['ਮੇਰਾ', 'ਮੇਰੀ', 'ਮੇਰੇ', 'ਸਾਡਾ', 'ਸਾਡੀ', 'ਸਾਡੇ', 'ਕੌਣ'],
  or: ['ମୋ', 'ମୋର', 'ଆମ', 'ଆମର', 'କିଏ'],
  gu: ['મારું', 'મારો', 'મારી', 'મારા', 'અમારું', 'અમારો', 'અમારી', 'અમારા', 'કોણ'],
};
/** Question words that ask for a particular one ("who is", "which"). */
const WHO: Words = {
  en: ['who', 'whos', 'which'],
  hi: ['कौन', 'कौनसा', 'kaun'],
  es: ['quien', 'cual'],
  fr: ['qui', 'quel', 'quelle'],
  de: ['wer', 'welche', 'welcher', 'welches'],
  ur: ['کون', 'کونسا', 'کونسی'],
  mr: ['कोण', 'कोणता', 'कोणती', 'कोणते'],
  bn: ['কে', 'কোন', 'কোনটা'],
  ta: ['யார்', 'எது'],
  te: ['ఎవరు', 'ఏది'],
  kn: ['ಯಾರು', 'ಯಾವುದು'],
  pa: ['ਕੌਣ', 'ਕਿਹੜਾ', 'ਕਿਹੜੀ'],
  or: ['କିଏ', 'କେଉଁ', 'କେଉଁଟି'],
  gu: ['કોણ', 'કયું', 'કયો', 'કઈ'],
};
const WHEN: Words = {
  en: ['when', 'next', 'date'],
  hi: ['कब', 'अगली', 'अगला', 'तारीख', 'kab'],
  es: ['cuando', 'proxima', 'proximo', 'fecha'],
  fr: ['quand', 'prochaine', 'prochain', 'date'],
  de: ['wann', 'nachste', 'nachsten', 'datum'],
  ur: ['کب', 'اگلی', 'اگلا', 'تاریخ'],
  mr: ['कधी', 'केव्हा', 'पुढची', 'पुढील', 'तारीख'],
  bn: ['কবে', 'কখন', 'পরের', 'তারিখ'],
  ta: ['எப்போது', 'அடுத்த', 'தேதி'],
  te: ['ఎప్పుడు', 'తదుపరి', 'తేదీ'],
  kn: ['ಯಾವಾಗ', 'ಮುಂದಿನ', 'ದಿನಾಂಕ'],
  pa: ['ਕਦੋਂ', 'ਅਗਲੀ', 'ਅਗਲਾ', 'ਤਰੀਕ'],
  or: ['କେବେ', 'ପରବର୍ତ୍ତୀ', 'ତାରିଖ'],
  gu: ['ક્યારે', 'આગલી', 'આગામી', 'તારીખ'],
};

function words(text: string): string[] {
  return text.split(/[\s.,;:!?¿¡"'’()/\-؟،۔।]+/u).filter(Boolean);
}

/** Folded, without Latin accents or the umlaut marks (foldTerm), so "Anhörung" meets "anhorung". */
function fold(text: string): string {
  return foldTerm(text).replace(/[’']/g, '');
}

function has(question: string, tokens: string[], list: string[], prefix: boolean): boolean {
  return list.some((w) => {
    const k = fold(w);
    if (k.includes(' ')) return ` ${tokens.join(' ')} `.includes(` ${k}`);
    return tokens.some((t) => (prefix ? t.startsWith(k) : t === k));
  });
}

/** A possessive right before the subject word: "my lawyer", "मेरा वकील", "mi abogado", "meines Anwalts". */
function ownSubject(tokens: string[], langs: Language[], intent: PersonalIntent): boolean {
  const mine = new Set(langs.flatMap((l) => (MINE[l] ?? []).map(fold)));
  const subjects = langs.flatMap((l) => (SUBJECT[intent][l] ?? []).map(fold));
  const subject = subjects.filter((w) => !w.includes(' '));
  // A subject of several words ("این جی او") right after the possessive.
  const joined = ` ${tokens.join(' ')} `;
  const phrase = subjects.filter((w) => w.includes(' ')).some((w) => [...mine].some((m) => joined.includes(` ${m} ${w} `)));
  return phrase || tokens.some((t, i) => i > 0 && mine.has(tokens[i - 1] ?? '') && subject.some((w) => t.startsWith(w)));
}

/**
 * The asker's own-record question, or null when it is a general one (left to the knowledge base).
 * Status needs a "my" anywhere; lawyer and NGO need "my lawyer" side by side or a "who/which" ("help me
 * hire an advocate for my brother" is a general question); dates also count with "when"/"next".
 */
export function detectPersonalIntent(question: string, language: Language): PersonalIntent | null {
  const tokens = words(fold(question));
  const langs: Language[] = language === 'en' ? ['en'] : [language, 'en'];
  const any = (table: Words, prefix: boolean) => langs.some((l) => has(question, tokens, table[l] ?? [], prefix));
  const mine = any(MINE, false);
  const when = any(WHEN, true);
  for (const intent of PERSONAL_INTENTS) {
    if (intent === 'release' && when && any(BAIL, true)) return intent;
    if (!any(SUBJECT[intent], true)) continue;
    if (intent === 'lawyer' || intent === 'ngo') {
      if (ownSubject(tokens, langs, intent) || any(WHO, false)) return intent;
      continue;
    }
    if (mine || ((intent === 'hearing' || intent === 'release') && when)) return intent;
  }
  return null;
}

export interface PersonalAnswer {
  text: string;
  link: Screen | null;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The answer from the member's summary, in the language of `t` (the 'assistant' texts, and the family
 * status sentence from 'plain'); dates in that language too.
 */
export function personalAnswer(intent: PersonalIntent, s: PersonalSummary, t: T, language: Language): PersonalAnswer {
  // A bare `YYYY-MM-DD` (hearing, release) is a calendar day: written in UTC so it is the same day in
  // every browser time zone; a timestamp (bail accepted) is written as the day it was in India.
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language === 'en' ? 'en-IN' : language, {
      dateStyle: 'long',
      timeZone: /^\d{4}-\d{2}-\d{2}$/.test(iso) ? 'UTC' : 'Asia/Kolkata',
    }).format(new Date(iso));
  const lawyerName = s.lawyer?.name ?? '';
  switch (intent) {
    case 'status': {
      const cases = s.cases.map((c) => c.caseNumber).join(', ');
      const now =
        s.stage === 'bail_accepted' && s.bailAcceptedAt
          ? t('me.status.bail_accepted', { date: date(s.bailAcceptedAt) })
          : t(`me.status.${s.stage}`, { lawyer: lawyerName });
      const ngo = s.ngo ? ` ${t('me.ngo.yes', { name: s.ngo.name, contact: s.ngo.contactInfo })}` : '';
      return {
        text: `${t('me.status.cases', { cases, count: s.cases.length })} ${now}${ngo} ${t(`me.next.${s.stage}`)}`,
        link: s.stage === 'no_lawyer' ? 'lawyerSearch' : 'familyCase',
      };
    }
    case 'lawyer':
      if (!s.lawyer) return { text: `${t('me.lawyer.none')} ${t('me.next.no_lawyer')}`, link: 'lawyerSearch' };
      if (s.lawyer.status === 'pending') return { text: t('me.lawyer.pending', { name: s.lawyer.name }), link: 'familyCase' };
      return {
        text: `${t('me.lawyer.accepted', { name: s.lawyer.name })}${s.lawyer.phone ? ` ${t('me.lawyer.phone', { phone: s.lawyer.phone })}` : ''}`,
        link: 'familyCase',
      };
    case 'ngo':
      return s.ngo
        ? { text: t('me.ngo.yes', { name: s.ngo.name, contact: s.ngo.contactInfo }), link: 'ngoDetails' }
        : { text: t('me.ngo.none'), link: 'ngoDetails' };
    case 'hearing': {
      if (s.nextHearing)
        return {
          text: t('me.hearing.yes', { date: date(s.nextHearing.at) }) + (s.nextHearing.court ? ` (${s.nextHearing.court})` : ''),
          link: 'familyCase',
        };
      // Not on record: how to find it — the eCourts SMS with the case's CNR, or the court's e-Sewa Kendra.
      const cnrs = s.cases.flatMap((c) => (c.cnr ? [c.cnr] : []));
      const sms = cnrs.length > 0 ? cnrs.map((cnr) => t('me.hearing.sms', { cnr })).join(' ') : t('me.hearing.smsNoCnr');
      return { text: `${t('me.hearing.unknown')} ${sms} ${t('me.hearing.sewa')}`, link: 'familyCase' };
    }
    case 'release':
      if (s.prisoners?.length) return { text: releaseAnswer(s.prisoners, t, date), link: 'familyCase' };
      return s.releaseDate
        ? { text: t('me.release.yes', { date: date(s.releaseDate) }), link: 'familyCase' }
        : { text: t('me.release.unknown'), link: 'familyCase' };
  }
}

/**
 * "When will he be released / when will bail come": per person, the status sentence the family
 * screens open with, then the S.479 and default-bail dates still to come and the bail stage; last,
 * that only the court orders a release (unless everyone is out).
 */
function releaseAnswer(prisoners: NonNullable<PersonalSummary['prisoners']>, t: T, date: (iso: string) => string): string {
  const parts: string[] = [];
  for (const p of prisoners) {
    parts.push(t('me.release.sentence', { text: statusText(t, p, date) }));
    if (p.status === 'released') continue;
    // The sentence already names the date of its own status.
    if (p.s479On && p.status !== 's479-eligible' && p.status !== 's479-on-date')
      parts.push(t('me.release.s479On', { date: date(p.s479On) }));
    if (p.defaultBailOn && p.status !== 'default-bail-due' && p.status !== 'bail-not-released')
      parts.push(t('me.release.defaultBailOn', { date: date(p.defaultBailOn) }));
    if (p.status !== 'bail-not-released') parts.push(t('me.release.noBail'));
  }
  if (prisoners.some((p) => p.status !== 'released')) parts.push(t('me.release.court'));
  return parts.join(' ');
}
