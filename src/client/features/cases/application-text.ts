// The S.479(3) BNSS application the jail superintendent sends to the court, in English and in the
// language of the state's courts (courtLanguageOf: Hindi, Marathi, Bengali, …; both on one printed page,
// whatever language the screen is in). Filled from the case facts.
import { stripBidiControls } from '#shared/text.ts';
import type { StoredOffence } from '#shared/cases.ts';
import { findOffence } from '#shared/offences.ts';

export interface ApplicationFacts {
  prisonerName: string;
  prison: string;
  court: string;
  cnr: string;
  caseNumber: string;
  custodySince: string;
  offences: StoredOffence[];
  firstOffence: boolean;
  fraction: '1/2' | '1/3';
  eligibleOn: string;
  maximumEndsOn: string;
  delayByAccusedDays: number;
  today: string;
}

export const APPLICATION_LANGUAGES = ['en', 'hi', 'mr', 'bn', 'pa', 'or', 'ur', 'gu', 'ta', 'te', 'kn'] as const;
export type ApplicationLanguage = (typeof APPLICATION_LANGUAGES)[number];

/**
 * The language the courts of a state work in (beside English), for the application's second half:
 * the state's official language where the app speaks it (Urdu for Jammu and Kashmir and Ladakh),
 * Hindi elsewhere (the Hindi-speaking states, and states whose language the app does not speak yet).
 */
export function courtLanguageOf(state: string | null | undefined): Exclude<ApplicationLanguage, 'en'> {
  const byState: Record<string, Exclude<ApplicationLanguage, 'en'>> = {
    MH: 'mr',
    GA: 'mr',
    WB: 'bn',
    TR: 'bn',
    PB: 'pa',
    OD: 'or',
    JK: 'ur',
    LA: 'ur',
    GJ: 'gu',
    DH: 'gu',
    TN: 'ta',
    PY: 'ta',
    AP: 'te',
    TG: 'te',
    KA: 'kn',
  };
  return (state && byState[state]) || 'hi';
}

interface Wording {
  locale: string;
  years: (n: number) => string;
  months: (n: number) => string;
  third: string;
  half: string;
  onBond: string;
  onBail: string;
  names: Record<string, string>;
  to: (court: string) => string;
  subject: (name: string) => string;
  reference: (cnr: string, caseNumber: string) => string;
  p1: (name: string, since: string, prison: string, offences: string) => string;
  p2: (max: string, firstOffence: boolean, delay: number, part: string, eligibleOn: string) => string;
  p3: (release: string, maximumEndsOn: string) => string;
  prayer: (name: string) => string;
  place: (prison: string, today: string) => string;
  signature: (prison: string) => string;
}

const WORDING: Record<ApplicationLanguage, Wording> = {
  en: {
    locale: 'en-IN',
    years: (n) => `${n} year${n === 1 ? '' : 's'}`,
    months: (n) => `${n} month${n === 1 ? '' : 's'}`,
    third: 'one third',
    half: 'one half',
    onBond: 'on bond',
    onBail: 'on bail',
    names: {
      theft: 'Theft',
      'theft-dwelling': 'Theft in a dwelling house',
      snatching: 'Snatching',
      robbery: 'Robbery',
      cheating: 'Cheating',
      'breach-of-trust': 'Criminal breach of trust',
      hurt: 'Voluntarily causing hurt',
      'grievous-hurt': 'Voluntarily causing grievous hurt',
      'attempt-to-murder': 'Attempt to murder',
      kidnapping: 'Kidnapping',
      'criminal-intimidation': 'Criminal intimidation',
      cruelty: 'Cruelty by husband or relatives',
      'ndps-small': 'NDPS (small quantity)',
      'ndps-commercial': 'NDPS (commercial quantity)',
    },
    to: (court) => `To, The Hon'ble Court, ${court}`,
    subject: (name) =>
      `Subject: Application under Section 479(3) of the Bharatiya Nagarik Suraksha Sanhita, 2023 for the release of undertrial prisoner ${name}`,
    reference: (cnr, no) => `CNR: ${cnr} · Case No.: ${no}`,
    p1: (name, since, prison, offences) =>
      `1. ${name} has been detained in ${prison} as an undertrial prisoner in the above case since ${since}, for: ${offences}.`,
    p2: (max, first, delay, part, on) =>
      `2. The maximum imprisonment specified for the offence is ${max}. ${first ? 'The prisoner has never before been convicted of any offence. ' : ''}Excluding ${delay} days of delay attributable to the accused, the prisoner completed ${part} of that maximum on ${on}.`,
    p3: (release, end) =>
      `3. Under Section 479(1) such a person is to be released by the Court ${release}, and Section 479(3) requires the Superintendent of the jail to apply to the Court in writing forthwith. The maximum period ends on ${end}.`,
    prayer: (name) =>
      `It is therefore prayed that the Hon'ble Court may be pleased to order the release of ${name} under Section 479 BNSS.`,
    place: (prison, today) => `Place: ${prison} · Date: ${today}`,
    signature: (prison) => `Superintendent, ${prison}`,
  },
  hi: {
    locale: 'hi-IN',
    years: (n) => `${n} वर्ष`,
    months: (n) => `${n} माह`,
    third: 'एक-तिहाई',
    half: 'आधी',
    onBond: 'बंधपत्र पर',
    onBail: 'ज़मानत पर',
    names: {
      theft: 'चोरी',
      'theft-dwelling': 'घर में चोरी',
      snatching: 'झपटमारी',
      robbery: 'लूट',
      cheating: 'धोखाधड़ी',
      'breach-of-trust': 'आपराधिक न्यासभंग',
      hurt: 'चोट पहुँचाना',
      'grievous-hurt': 'गंभीर चोट पहुँचाना',
      'attempt-to-murder': 'हत्या का प्रयास',
      kidnapping: 'अपहरण',
      'criminal-intimidation': 'आपराधिक धमकी',
      cruelty: 'पति या रिश्तेदारों द्वारा क्रूरता',
      'ndps-small': 'एनडीपीएस (कम मात्रा)',
      'ndps-commercial': 'एनडीपीएस (वाणिज्यिक मात्रा)',
    },
    to: (court) => `सेवा में, माननीय न्यायालय, ${court}`,
    subject: (name) => `विषय: भारतीय नागरिक सुरक्षा संहिता, 2023 की धारा 479(3) के अंतर्गत विचाराधीन बंदी ${name} की रिहाई हेतु आवेदन`,
    reference: (cnr, no) => `सीएनआर: ${cnr} · मामला संख्या: ${no}`,
    p1: (name, since, prison, offences) =>
      `1. ${name} दिनांक ${since} से उपरोक्त मामले में विचाराधीन बंदी के रूप में ${prison} में निरुद्ध हैं। अपराध: ${offences}।`,
    p2: (max, first, delay, part, on) =>
      `2. इस अपराध के लिए अधिकतम कारावास ${max} है। ${first ? 'बंदी को पहले कभी किसी अपराध में दोषसिद्ध नहीं किया गया है। ' : ''}अभियुक्त के कारण हुई ${delay} दिनों की देरी को छोड़कर, बंदी ने दिनांक ${on} को इस अधिकतम अवधि की ${part} अवधि पूरी कर ली है।`,
    p3: (release, end) =>
      `3. धारा 479(1) के अनुसार ऐसे व्यक्ति को न्यायालय द्वारा ${release} रिहा किया जाना है, और धारा 479(3) के अनुसार जेल अधीक्षक को तुरंत न्यायालय में लिखित आवेदन करना है। अधिकतम अवधि दिनांक ${end} को पूरी होगी।`,
    prayer: (name) => `अतः माननीय न्यायालय से निवेदन है कि धारा 479 बीएनएसएस के अंतर्गत ${name} की रिहाई का आदेश पारित करने की कृपा करें।`,
    place: (prison, today) => `स्थान: ${prison} · दिनांक: ${today}`,
    signature: (prison) => `अधीक्षक, ${prison}`,
  },
  mr: {
    locale: 'mr-IN',
    years: (n) => `${n} वर्षे`,
    months: (n) => `${n} महिने`,
    third: 'एक-तृतीयांश',
    half: 'अर्धा',
    onBond: 'बंधपत्रावर',
    onBail: 'जामिनावर',
    names: {
      theft: 'चोरी',
      'theft-dwelling': 'घरात चोरी',
      snatching: 'हिसकावून घेणे',
      robbery: 'जबरी चोरी',
      cheating: 'फसवणूक',
      'breach-of-trust': 'फौजदारी विश्वासघात',
      hurt: 'स्वेच्छेने दुखापत करणे',
      'grievous-hurt': 'स्वेच्छेने गंभीर दुखापत करणे',
      'attempt-to-murder': 'खुनाचा प्रयत्न',
      kidnapping: 'अपहरण',
      'criminal-intimidation': 'फौजदारी धमकी',
      cruelty: 'पती किंवा नातेवाइकांकडून क्रूरता',
      'ndps-small': 'एनडीपीएस (अल्प प्रमाण)',
      'ndps-commercial': 'एनडीपीएस (व्यावसायिक प्रमाण)',
    },
    to: (court) => `प्रति, माननीय न्यायालय, ${court}`,
    subject: (name) => `विषय: भारतीय नागरिक सुरक्षा संहिता, 2023 च्या कलम 479(3) अन्वये न्यायाधीन कैदी ${name} यांच्या सुटकेसाठी अर्ज`,
    reference: (cnr, no) => `सीएनआर: ${cnr} · प्रकरण क्रमांक: ${no}`,
    p1: (name, since, prison, offences) =>
      `1. ${name} हे वरील प्रकरणात दिनांक ${since} पासून न्यायाधीन कैदी म्हणून ${prison} येथे स्थानबद्ध आहेत. गुन्हा: ${offences}.`,
    p2: (max, first, delay, part, on) =>
      `2. या गुन्ह्यासाठी कमाल कारावास ${max} आहे. ${first ? 'कैद्याला यापूर्वी कोणत्याही गुन्ह्यात दोषी ठरवलेले नाही. ' : ''}आरोपीमुळे झालेला ${delay} दिवसांचा विलंब वगळून, कैद्याने दिनांक ${on} रोजी या कमाल कालावधीचा ${part} कालावधी पूर्ण केला आहे.`,
    p3: (release, end) =>
      `3. कलम 479(1) नुसार अशा व्यक्तीची न्यायालयाने ${release} सुटका करावयाची आहे, आणि कलम 479(3) नुसार तुरुंग अधीक्षकांनी त्वरित न्यायालयात लेखी अर्ज करावयाचा आहे. कमाल कालावधी दिनांक ${end} रोजी पूर्ण होईल.`,
    prayer: (name) => `म्हणून माननीय न्यायालयास विनंती आहे की कलम 479 बीएनएसएस अन्वये ${name} यांच्या सुटकेचा आदेश पारित करावा.`,
    place: (prison, today) => `स्थळ: ${prison} · दिनांक: ${today}`,
    signature: (prison) => `अधीक्षक, ${prison}`,
  },
  bn: {
    locale: 'bn-IN',
    years: (n) => `${n} বছর`,
    months: (n) => `${n} মাস`,
    third: 'এক-তৃতীয়াংশ',
    half: 'অর্ধেক',
    onBond: 'বন্ডে',
    onBail: 'জামিনে',
    names: {
      theft: 'চুরি',
      'theft-dwelling': 'বাসগৃহে চুরি',
      snatching: 'ছিনতাই',
      robbery: 'দস্যুতা',
      cheating: 'প্রতারণা',
      'breach-of-trust': 'অপরাধমূলক বিশ্বাসভঙ্গ',
      hurt: 'স্বেচ্ছায় আঘাত',
      'grievous-hurt': 'স্বেচ্ছায় গুরুতর আঘাত',
      'attempt-to-murder': 'খুনের চেষ্টা',
      kidnapping: 'অপহরণ',
      'criminal-intimidation': 'অপরাধমূলক ভীতি প্রদর্শন',
      cruelty: 'স্বামী বা আত্মীয়দের দ্বারা নিষ্ঠুরতা',
      'ndps-small': 'এনডিপিএস (অল্প পরিমাণ)',
      'ndps-commercial': 'এনডিপিএস (বাণিজ্যিক পরিমাণ)',
    },
    to: (court) => `প্রতি, মাননীয় আদালত, ${court}`,
    subject: (name) => `বিষয়: ভারতীয় নাগরিক সুরক্ষা সংহিতা, 2023-এর ধারা 479(3) অনুযায়ী বিচারাধীন বন্দি ${name}-এর মুক্তির জন্য আবেদন`,
    reference: (cnr, no) => `সিএনআর: ${cnr} · মামলা নং: ${no}`,
    p1: (name, since, prison, offences) =>
      `1. ${name} উপরোক্ত মামলায় ${since} থেকে বিচারাধীন বন্দি হিসেবে ${prison}-এ আটক আছেন। অপরাধ: ${offences}।`,
    p2: (max, first, delay, part, on) =>
      `2. এই অপরাধের জন্য সর্বোচ্চ কারাদণ্ড ${max}। ${first ? 'বন্দি এর আগে কখনও কোনো অপরাধে দোষী সাব্যস্ত হননি। ' : ''}অভিযুক্তের কারণে ${delay} দিনের বিলম্ব বাদ দিয়ে, বন্দি ${on} তারিখে এই সর্বোচ্চ মেয়াদের ${part} পূর্ণ করেছেন।`,
    p3: (release, end) =>
      `3. ধারা 479(1) অনুযায়ী এমন ব্যক্তিকে আদালত ${release} মুক্তি দেবেন, এবং ধারা 479(3) অনুযায়ী জেল সুপারিনটেনডেন্টকে অবিলম্বে আদালতে লিখিত আবেদন করতে হবে। সর্বোচ্চ মেয়াদ ${end} তারিখে শেষ হবে।`,
    prayer: (name) => `অতএব মাননীয় আদালতের কাছে প্রার্থনা, ধারা 479 বিএনএসএস অনুযায়ী ${name}-এর মুক্তির আদেশ দিতে আজ্ঞা হয়।`,
    place: (prison, today) => `স্থান: ${prison} · তারিখ: ${today}`,
    signature: (prison) => `সুপারিনটেনডেন্ট, ${prison}`,
  },
  pa: {
    locale: 'pa-IN',
    years: (n) => `${n} ਸਾਲ`,
    months: (n) => `${n} ਮਹੀਨੇ`,
    third: 'ਇੱਕ-ਤਿਹਾਈ',
    half: 'ਅੱਧੀ',
    onBond: 'ਮੁਚਲਕੇ ਉੱਤੇ',
    onBail: 'ਜ਼ਮਾਨਤ ਉੱਤੇ',
    names: {
      theft: 'ਚੋਰੀ',
      'theft-dwelling': 'ਘਰ ਵਿੱਚ ਚੋਰੀ',
      snatching: 'ਝਪਟਮਾਰੀ',
      robbery: 'ਲੁੱਟ',
      cheating: 'ਧੋਖਾਧੜੀ',
      'breach-of-trust': 'ਅਪਰਾਧਿਕ ਵਿਸ਼ਵਾਸਘਾਤ',
      hurt: 'ਜਾਣ-ਬੁੱਝ ਕੇ ਸੱਟ ਮਾਰਨਾ',
      'grievous-hurt': 'ਜਾਣ-ਬੁੱਝ ਕੇ ਗੰਭੀਰ ਸੱਟ ਮਾਰਨਾ',
      'attempt-to-murder': 'ਕਤਲ ਦੀ ਕੋਸ਼ਿਸ਼',
      kidnapping: 'ਅਗਵਾ',
      'criminal-intimidation': 'ਅਪਰਾਧਿਕ ਧਮਕੀ',
      cruelty: 'ਪਤੀ ਜਾਂ ਰਿਸ਼ਤੇਦਾਰਾਂ ਵੱਲੋਂ ਜ਼ੁਲਮ',
      'ndps-small': 'ਐਨਡੀਪੀਐਸ (ਥੋੜ੍ਹੀ ਮਾਤਰਾ)',
      'ndps-commercial': 'ਐਨਡੀਪੀਐਸ (ਵਪਾਰਕ ਮਾਤਰਾ)',
    },
    to: (court) => `ਸੇਵਾ ਵਿਖੇ, ਮਾਣਯੋਗ ਅਦਾਲਤ, ${court}`,
    subject: (name) => `ਵਿਸ਼ਾ: ਭਾਰਤੀ ਨਾਗਰਿਕ ਸੁਰੱਖਿਆ ਸੰਹਿਤਾ, 2023 ਦੀ ਧਾਰਾ 479(3) ਅਧੀਨ ਹਵਾਲਾਤੀ ਕੈਦੀ ${name} ਦੀ ਰਿਹਾਈ ਲਈ ਅਰਜ਼ੀ`,
    reference: (cnr, no) => `ਸੀਐਨਆਰ: ${cnr} · ਕੇਸ ਨੰਬਰ: ${no}`,
    p1: (name, since, prison, offences) => `1. ${name} ਉਪਰੋਕਤ ਕੇਸ ਵਿੱਚ ${since} ਤੋਂ ਹਵਾਲਾਤੀ ਕੈਦੀ ਵਜੋਂ ${prison} ਵਿੱਚ ਨਜ਼ਰਬੰਦ ਹਨ। ਜੁਰਮ: ${offences}।`,
    p2: (max, first, delay, part, on) =>
      `2. ਇਸ ਜੁਰਮ ਲਈ ਵੱਧ ਤੋਂ ਵੱਧ ਕੈਦ ${max} ਹੈ। ${first ? 'ਕੈਦੀ ਨੂੰ ਪਹਿਲਾਂ ਕਦੇ ਕਿਸੇ ਜੁਰਮ ਵਿੱਚ ਦੋਸ਼ੀ ਨਹੀਂ ਠਹਿਰਾਇਆ ਗਿਆ। ' : ''}ਮੁਲਜ਼ਮ ਕਾਰਨ ਹੋਈ ${delay} ਦਿਨਾਂ ਦੀ ਦੇਰੀ ਨੂੰ ਛੱਡ ਕੇ, ਕੈਦੀ ਨੇ ${on} ਨੂੰ ਇਸ ਵੱਧ ਤੋਂ ਵੱਧ ਮਿਆਦ ਦੀ ${part} ਮਿਆਦ ਪੂਰੀ ਕਰ ਲਈ ਹੈ।`,
    p3: (release, end) =>
      `3. ਧਾਰਾ 479(1) ਅਨੁਸਾਰ ਅਜਿਹੇ ਵਿਅਕਤੀ ਨੂੰ ਅਦਾਲਤ ਵੱਲੋਂ ${release} ਰਿਹਾਅ ਕੀਤਾ ਜਾਣਾ ਹੈ, ਅਤੇ ਧਾਰਾ 479(3) ਅਨੁਸਾਰ ਜੇਲ੍ਹ ਸੁਪਰਡੈਂਟ ਨੇ ਤੁਰੰਤ ਅਦਾਲਤ ਵਿੱਚ ਲਿਖਤੀ ਅਰਜ਼ੀ ਦੇਣੀ ਹੈ। ਵੱਧ ਤੋਂ ਵੱਧ ਮਿਆਦ ${end} ਨੂੰ ਪੂਰੀ ਹੋਵੇਗੀ।`,
    prayer: (name) => `ਇਸ ਲਈ ਮਾਣਯੋਗ ਅਦਾਲਤ ਅੱਗੇ ਬੇਨਤੀ ਹੈ ਕਿ ਧਾਰਾ 479 ਬੀਐਨਐਸਐਸ ਅਧੀਨ ${name} ਦੀ ਰਿਹਾਈ ਦਾ ਹੁਕਮ ਜਾਰੀ ਕਰਨ ਦੀ ਕਿਰਪਾ ਕੀਤੀ ਜਾਵੇ।`,
    place: (prison, today) => `ਥਾਂ: ${prison} · ਮਿਤੀ: ${today}`,
    signature: (prison) => `ਸੁਪਰਡੈਂਟ, ${prison}`,
  },
  or: {
    locale: 'or-IN',
    years: (n) => `${n} ବର୍ଷ`,
    months: (n) => `${n} ମାସ`,
    third: 'ଏକ-ତୃତୀୟାଂଶ',
    half: 'ଅଧା',
    onBond: 'ବଣ୍ଡରେ',
    onBail: 'ଜାମିନରେ',
    names: {
      theft: 'ଚୋରି',
      'theft-dwelling': 'ଘରେ ଚୋରି',
      snatching: 'ଛଡ଼ାଇ ନେବା',
      robbery: 'ଡକାୟତି',
      cheating: 'ପ୍ରତାରଣା',
      'breach-of-trust': 'ଅପରାଧିକ ବିଶ୍ୱାସଘାତ',
      hurt: 'ସ୍ୱେଚ୍ଛାକୃତ ଆଘାତ',
      'grievous-hurt': 'ସ୍ୱେଚ୍ଛାକୃତ ଗୁରୁତର ଆଘାତ',
      'attempt-to-murder': 'ହତ୍ୟା ଉଦ୍ୟମ',
      kidnapping: 'ଅପହରଣ',
      'criminal-intimidation': 'ଅପରାଧିକ ଧମକ',
      cruelty: 'ସ୍ୱାମୀ ବା ସମ୍ପର୍କୀୟଙ୍କ ଦ୍ୱାରା ନିଷ୍ଠୁରତା',
      'ndps-small': 'ଏନଡିପିଏସ (ଅଳ୍ପ ପରିମାଣ)',
      'ndps-commercial': 'ଏନଡିପିଏସ (ବାଣିଜ୍ୟିକ ପରିମାଣ)',
    },
    to: (court) => `ପ୍ରତି, ମାନ୍ୟବର କୋର୍ଟ, ${court}`,
    subject: (name) => `ବିଷୟ: ଭାରତୀୟ ନାଗରିକ ସୁରକ୍ଷା ସଂହିତା, 2023ର ଧାରା 479(3) ଅନୁସାରେ ବିଚାରାଧୀନ ବନ୍ଦୀ ${name}ଙ୍କ ମୁକ୍ତି ପାଇଁ ଆବେଦନ`,
    reference: (cnr, no) => `ସିଏନଆର: ${cnr} · ମାମଲା ନଂ: ${no}`,
    p1: (name, since, prison, offences) =>
      `1. ${name} ଉପରୋକ୍ତ ମାମଲାରେ ${since}ଠାରୁ ବିଚାରାଧୀନ ବନ୍ଦୀ ଭାବେ ${prison}ରେ ଆଟକ ଅଛନ୍ତି। ଅପରାଧ: ${offences}।`,
    p2: (max, first, delay, part, on) =>
      `2. ଏହି ଅପରାଧ ପାଇଁ ସର୍ବାଧିକ କାରାଦଣ୍ଡ ${max}। ${first ? 'ବନ୍ଦୀ ପୂର୍ବରୁ କେବେ କୌଣସି ଅପରାଧରେ ଦୋଷୀ ସାବ୍ୟସ୍ତ ହୋଇନାହାନ୍ତି। ' : ''}ଅଭିଯୁକ୍ତଙ୍କ ଯୋଗୁଁ ହୋଇଥିବା ${delay} ଦିନର ବିଳମ୍ବକୁ ବାଦ ଦେଇ, ବନ୍ଦୀ ${on}ରେ ଏହି ସର୍ବାଧିକ ଅବଧିର ${part} ଅବଧି ପୂରଣ କରିଛନ୍ତି।`,
    p3: (release, end) =>
      `3. ଧାରା 479(1) ଅନୁସାରେ ଏପରି ବ୍ୟକ୍ତିଙ୍କୁ କୋର୍ଟ ${release} ମୁକ୍ତ କରିବେ, ଏବଂ ଧାରା 479(3) ଅନୁସାରେ ଜେଲ ଅଧୀକ୍ଷକ ତୁରନ୍ତ କୋର୍ଟରେ ଲିଖିତ ଆବେଦନ କରିବେ। ସର୍ବାଧିକ ଅବଧି ${end}ରେ ପୂରଣ ହେବ।`,
    prayer: (name) => `ଅତଏବ ମାନ୍ୟବର କୋର୍ଟଙ୍କୁ ନିବେଦନ ଯେ ଧାରା 479 ବିଏନଏସଏସ ଅନୁସାରେ ${name}ଙ୍କ ମୁକ୍ତି ଆଦେଶ ଦେବାକୁ କୃପା କରନ୍ତୁ।`,
    place: (prison, today) => `ସ୍ଥାନ: ${prison} · ତାରିଖ: ${today}`,
    signature: (prison) => `ଅଧୀକ୍ଷକ, ${prison}`,
  },
  ur: {
    locale: 'ur-IN',
    years: (n) => `${n} سال`,
    months: (n) => `${n} ماہ`,
    third: 'ایک تہائی',
    half: 'آدھی',
    onBond: 'مچلکے پر',
    onBail: 'ضمانت پر',
    names: {
      theft: 'چوری',
      'theft-dwelling': 'مکان میں چوری',
      snatching: 'جھپٹ ماری',
      robbery: 'ڈکیتی',
      cheating: 'دھوکا دہی',
      'breach-of-trust': 'مجرمانہ خیانت',
      hurt: 'عمداً ضرر پہنچانا',
      'grievous-hurt': 'عمداً ضررِ شدید پہنچانا',
      'attempt-to-murder': 'اقدامِ قتل',
      kidnapping: 'اغوا',
      'criminal-intimidation': 'مجرمانہ دھمکی',
      cruelty: 'شوہر یا رشتہ داروں کی طرف سے ظلم',
      'ndps-small': 'این ڈی پی ایس (کم مقدار)',
      'ndps-commercial': 'این ڈی پی ایس (تجارتی مقدار)',
    },
    to: (court) => `بخدمت، معزز عدالت، ${court}`,
    subject: (name) => `موضوع: بھارتیہ ناگرک سرکشا سنہتا، 2023 کی دفعہ 479(3) کے تحت زیرِ سماعت قیدی ${name} کی رہائی کے لیے درخواست`,
    reference: (cnr, no) => `سی این آر: ${cnr} · مقدمہ نمبر: ${no}`,
    p1: (name, since, prison, offences) =>
      `1. ${name} مذکورہ مقدمے میں ${since} سے زیرِ سماعت قیدی کے طور پر ${prison} میں محبوس ہیں۔ جرم: ${offences}۔`,
    p2: (max, first, delay, part, on) =>
      `2. اس جرم کی زیادہ سے زیادہ سزائے قید ${max} ہے۔ ${first ? 'قیدی کو اس سے پہلے کبھی کسی جرم میں سزا نہیں ہوئی۔ ' : ''}ملزم کی وجہ سے ہونے والی ${delay} دن کی تاخیر کو چھوڑ کر، قیدی نے ${on} کو اس زیادہ سے زیادہ مدت کی ${part} مدت پوری کر لی ہے۔`,
    p3: (release, end) =>
      `3. دفعہ 479(1) کے مطابق ایسے شخص کو عدالت ${release} رہا کرے گی، اور دفعہ 479(3) کے مطابق جیل سپرنٹنڈنٹ کو فوراً عدالت میں تحریری درخواست دینی ہے۔ زیادہ سے زیادہ مدت ${end} کو پوری ہوگی۔`,
    prayer: (name) => `لہٰذا معزز عدالت سے استدعا ہے کہ دفعہ 479 بی این ایس ایس کے تحت ${name} کی رہائی کا حکم صادر فرمائے۔`,
    place: (prison, today) => `مقام: ${prison} · تاریخ: ${today}`,
    signature: (prison) => `سپرنٹنڈنٹ، ${prison}`,
  },
  gu: {
    locale: 'gu-IN',
    years: (n) => `${n} વર્ષ`,
    months: (n) => `${n} મહિના`,
    third: 'એક-તૃતીયાંશ',
    half: 'અડધો',
    onBond: 'બોન્ડ પર',
    onBail: 'જામીન પર',
    names: {
      theft: 'ચોરી',
      'theft-dwelling': 'ઘરમાં ચોરી',
      snatching: 'ઝૂંટવી લેવું',
      robbery: 'લૂંટ',
      cheating: 'છેતરપિંડી',
      'breach-of-trust': 'ગુનાહિત વિશ્વાસઘાત',
      hurt: 'સ્વેચ્છાએ ઈજા પહોંચાડવી',
      'grievous-hurt': 'સ્વેચ્છાએ ગંભીર ઈજા પહોંચાડવી',
      'attempt-to-murder': 'હત્યાનો પ્રયાસ',
      kidnapping: 'અપહરણ',
      'criminal-intimidation': 'ગુનાહિત ધમકી',
      cruelty: 'પતિ અથવા સગાં દ્વારા ક્રૂરતા',
      'ndps-small': 'એનડીપીએસ (ઓછો જથ્થો)',
      'ndps-commercial': 'એનડીપીએસ (વ્યાપારી જથ્થો)',
    },
    to: (court) => `પ્રતિ, માનનીય કોર્ટ, ${court}`,
    subject: (name) => `વિષય: ભારતીય નાગરિક સુરક્ષા સંહિતા, 2023ની કલમ 479(3) હેઠળ કાચા કામના કેદી ${name}ની મુક્તિ માટે અરજી`,
    reference: (cnr, no) => `સીએનઆર: ${cnr} · કેસ નંબર: ${no}`,
    p1: (name, since, prison, offences) =>
      `1. ${name} ઉપરોક્ત કેસમાં ${since}થી કાચા કામના કેદી તરીકે ${prison}માં અટકાયતમાં છે. ગુનો: ${offences}.`,
    p2: (max, first, delay, part, on) =>
      `2. આ ગુના માટે મહત્તમ કેદ ${max} છે. ${first ? 'કેદીને અગાઉ ક્યારેય કોઈ ગુનામાં દોષિત ઠરાવવામાં આવ્યા નથી. ' : ''}આરોપીના કારણે થયેલા ${delay} દિવસના વિલંબને બાદ કરતાં, કેદીએ ${on}ના રોજ આ મહત્તમ સમયગાળાનો ${part} સમયગાળો પૂરો કર્યો છે.`,
    p3: (release, end) =>
      `3. કલમ 479(1) મુજબ આવી વ્યક્તિને કોર્ટે ${release} મુક્ત કરવાની છે, અને કલમ 479(3) મુજબ જેલ અધિક્ષકે તરત કોર્ટમાં લેખિત અરજી કરવાની છે. મહત્તમ સમયગાળો ${end}ના રોજ પૂરો થશે.`,
    prayer: (name) => `આથી માનનીય કોર્ટને વિનંતી છે કે કલમ 479 બીએનએસએસ હેઠળ ${name}ની મુક્તિનો હુકમ કરવા કૃપા કરે.`,
    place: (prison, today) => `સ્થળ: ${prison} · તારીખ: ${today}`,
    signature: (prison) => `અધિક્ષક, ${prison}`,
  },
  ta: {
    locale: 'ta-IN',
    years: (n) => `${n} ஆண்டுகள்`,
    months: (n) => `${n} மாதங்கள்`,
    third: 'மூன்றில் ஒரு பங்கு',
    half: 'பாதி',
    onBond: 'பத்திரத்தின் பேரில்',
    onBail: 'ஜாமீனில்',
    names: {
      theft: 'திருட்டு',
      'theft-dwelling': 'வீட்டில் திருட்டு',
      snatching: 'பறிப்பு',
      robbery: 'கொள்ளை',
      cheating: 'ஏமாற்றுதல்',
      'breach-of-trust': 'குற்றமுறை நம்பிக்கை மோசடி',
      hurt: 'வேண்டுமென்றே காயம் விளைவித்தல்',
      'grievous-hurt': 'வேண்டுமென்றே கொடுங்காயம் விளைவித்தல்',
      'attempt-to-murder': 'கொலை முயற்சி',
      kidnapping: 'ஆள் கடத்தல்',
      'criminal-intimidation': 'குற்றமுறை மிரட்டல்',
      cruelty: 'கணவர் அல்லது உறவினர்களின் கொடுமை',
      'ndps-small': 'என்டிபிஎஸ் (சிறிய அளவு)',
      'ndps-commercial': 'என்டிபிஎஸ் (வணிக அளவு)',
    },
    to: (court) => `பெறுநர்: மாண்புமிகு நீதிமன்றம், ${court}`,
    subject: (name) => `பொருள்: பாரதிய நாகரிக் சுரக்ஷா சன்ஹிதா, 2023 பிரிவு 479(3)-இன் கீழ் விசாரணைக் கைதி ${name} அவர்களின் விடுதலைக்கான மனு`,
    reference: (cnr, no) => `சிஎன்ஆர்: ${cnr} · வழக்கு எண்: ${no}`,
    p1: (name, since, prison, offences) =>
      `1. ${name} அவர்கள் மேற்கண்ட வழக்கில் ${since} முதல் விசாரணைக் கைதியாக ${prison}-இல் அடைக்கப்பட்டுள்ளார். குற்றம்: ${offences}.`,
    p2: (max, first, delay, part, on) =>
      `2. இக்குற்றத்துக்கான அதிகபட்ச சிறைத்தண்டனை ${max}. ${first ? 'கைதி இதற்கு முன் எந்தக் குற்றத்திலும் தண்டிக்கப்படவில்லை. ' : ''}குற்றம் சாட்டப்பட்டவரால் ஏற்பட்ட ${delay} நாள் தாமதம் நீங்கலாக, கைதி ${on} அன்று அந்த அதிகபட்சக் காலத்தில் ${part} காலத்தை நிறைவு செய்துள்ளார்.`,
    p3: (release, end) =>
      `3. பிரிவு 479(1)-இன்படி அத்தகைய நபரை நீதிமன்றம் ${release} விடுவிக்க வேண்டும்; பிரிவு 479(3)-இன்படி சிறைக் கண்காணிப்பாளர் உடனே நீதிமன்றத்தில் எழுத்துமூலம் மனு செய்ய வேண்டும். அதிகபட்சக் காலம் ${end} அன்று முடிவடையும்.`,
    prayer: (name) => `எனவே, BNSS பிரிவு 479-இன் கீழ் ${name} அவர்களை விடுவிக்க ஆணையிடுமாறு மாண்புமிகு நீதிமன்றத்தைப் பணிவுடன் வேண்டுகிறேன்.`,
    place: (prison, today) => `இடம்: ${prison} · நாள்: ${today}`,
    signature: (prison) => `கண்காணிப்பாளர், ${prison}`,
  },
  te: {
    locale: 'te-IN',
    years: (n) => `${n} సంవత్సరాలు`,
    months: (n) => `${n} నెలలు`,
    third: 'మూడో వంతు',
    half: 'సగం',
    onBond: 'బాండు మీద',
    onBail: 'బెయిల్ మీద',
    names: {
      theft: 'దొంగతనం',
      'theft-dwelling': 'ఇంట్లో దొంగతనం',
      snatching: 'లాక్కుపోవడం',
      robbery: 'దోపిడీ',
      cheating: 'మోసం',
      'breach-of-trust': 'నేరపూరిత విశ్వాస ఘాతుకం',
      hurt: 'స్వచ్ఛందంగా గాయపరచడం',
      'grievous-hurt': 'స్వచ్ఛందంగా తీవ్రంగా గాయపరచడం',
      'attempt-to-murder': 'హత్యాయత్నం',
      kidnapping: 'అపహరణ',
      'criminal-intimidation': 'నేరపూరిత బెదిరింపు',
      cruelty: 'భర్త లేదా బంధువుల క్రూరత్వం',
      'ndps-small': 'ఎన్‌డీపీఎస్ (తక్కువ పరిమాణం)',
      'ndps-commercial': 'ఎన్‌డీపీఎస్ (వాణిజ్య పరిమాణం)',
    },
    to: (court) => `గౌరవనీయ కోర్టు, ${court} వారికి`,
    subject: (name) => `విషయం: భారతీయ నాగరిక్ సురక్ష సంహిత, 2023 సెక్షన్ 479(3) కింద విచారణ ఖైదీ ${name} విడుదల కోసం దరఖాస్తు`,
    reference: (cnr, no) => `సీఎన్ఆర్: ${cnr} · కేసు నంబర్: ${no}`,
    p1: (name, since, prison, offences) => `1. ${name} పై కేసులో ${since} నుంచి విచారణ ఖైదీగా ${prison}లో నిర్బంధంలో ఉన్నారు. నేరం: ${offences}.`,
    p2: (max, first, delay, part, on) =>
      `2. ఈ నేరానికి గరిష్ఠ కారాగార శిక్ష ${max}. ${first ? 'ఖైదీ ఇంతకు ముందు ఏ నేరంలోనూ దోషిగా తేలలేదు. ' : ''}నిందితుని వల్ల జరిగిన ${delay} రోజుల ఆలస్యాన్ని మినహాయించి, ఖైదీ ${on}న ఆ గరిష్ఠ కాలంలో ${part} కాలాన్ని పూర్తి చేశారు.`,
    p3: (release, end) =>
      `3. సెక్షన్ 479(1) ప్రకారం అటువంటి వ్యక్తిని కోర్టు ${release} విడుదల చేయాలి; సెక్షన్ 479(3) ప్రకారం జైలు సూపరింటెండెంట్ వెంటనే కోర్టుకు లిఖితపూర్వకంగా దరఖాస్తు చేయాలి. గరిష్ఠ కాలం ${end}న ముగుస్తుంది.`,
    prayer: (name) => `కాబట్టి, BNSS సెక్షన్ 479 కింద ${name} విడుదలకు ఆదేశించవలసిందిగా గౌరవనీయ కోర్టును ప్రార్థిస్తున్నాను.`,
    place: (prison, today) => `స్థలం: ${prison} · తేదీ: ${today}`,
    signature: (prison) => `సూపరింటెండెంట్, ${prison}`,
  },
  kn: {
    locale: 'kn-IN',
    years: (n) => `${n} ವರ್ಷ`,
    months: (n) => `${n} ತಿಂಗಳು`,
    third: 'ಮೂರನೇ ಒಂದು ಭಾಗ',
    half: 'ಅರ್ಧ',
    onBond: 'ಮುಚ್ಚಳಿಕೆಯ ಮೇಲೆ',
    onBail: 'ಜಾಮೀನಿನ ಮೇಲೆ',
    names: {
      theft: 'ಕಳ್ಳತನ',
      'theft-dwelling': 'ಮನೆಯಲ್ಲಿ ಕಳ್ಳತನ',
      snatching: 'ಕಸಿದುಕೊಳ್ಳುವಿಕೆ',
      robbery: 'ದರೋಡೆ',
      cheating: 'ವಂಚನೆ',
      'breach-of-trust': 'ಅಪರಾಧಿಕ ನಂಬಿಕೆ ದ್ರೋಹ',
      hurt: 'ಉದ್ದೇಶಪೂರ್ವಕ ಗಾಯ',
      'grievous-hurt': 'ಉದ್ದೇಶಪೂರ್ವಕ ತೀವ್ರ ಗಾಯ',
      'attempt-to-murder': 'ಕೊಲೆ ಯತ್ನ',
      kidnapping: 'ಅಪಹರಣ',
      'criminal-intimidation': 'ಅಪರಾಧಿಕ ಬೆದರಿಕೆ',
      cruelty: 'ಪತಿ ಅಥವಾ ಸಂಬಂಧಿಕರಿಂದ ಕ್ರೌರ್ಯ',
      'ndps-small': 'ಎನ್‌ಡಿಪಿಎಸ್ (ಕಡಿಮೆ ಪ್ರಮಾಣ)',
      'ndps-commercial': 'ಎನ್‌ಡಿಪಿಎಸ್ (ವಾಣಿಜ್ಯ ಪ್ರಮಾಣ)',
    },
    to: (court) => `ಗೆ, ಮಾನ್ಯ ನ್ಯಾಯಾಲಯ, ${court}`,
    subject: (name) => `ವಿಷಯ: ಭಾರತೀಯ ನಾಗರಿಕ ಸುರಕ್ಷಾ ಸಂಹಿತೆ, 2023ರ ಸೆಕ್ಷನ್ 479(3)ರ ಅಡಿ ವಿಚಾರಣಾಧೀನ ಕೈದಿ ${name} ಅವರ ಬಿಡುಗಡೆಗಾಗಿ ಅರ್ಜಿ`,
    reference: (cnr, no) => `ಸಿಎನ್‌ಆರ್: ${cnr} · ಪ್ರಕರಣ ಸಂಖ್ಯೆ: ${no}`,
    p1: (name, since, prison, offences) =>
      `1. ${name} ಅವರು ಮೇಲಿನ ಪ್ರಕರಣದಲ್ಲಿ ${since} ರಿಂದ ವಿಚಾರಣಾಧೀನ ಕೈದಿಯಾಗಿ ${prison}ನಲ್ಲಿ ಬಂಧನದಲ್ಲಿದ್ದಾರೆ. ಅಪರಾಧ: ${offences}.`,
    p2: (max, first, delay, part, on) =>
      `2. ಈ ಅಪರಾಧಕ್ಕೆ ಗರಿಷ್ಠ ಕಾರಾವಾಸ ${max}. ${first ? 'ಕೈದಿಯನ್ನು ಹಿಂದೆ ಯಾವುದೇ ಅಪರಾಧದಲ್ಲಿ ದೋಷಿ ಎಂದು ನಿರ್ಣಯಿಸಲಾಗಿಲ್ಲ. ' : ''}ಆರೋಪಿಯಿಂದ ಉಂಟಾದ ${delay} ದಿನಗಳ ವಿಳಂಬವನ್ನು ಹೊರತುಪಡಿಸಿ, ಕೈದಿ ${on} ರಂದು ಆ ಗರಿಷ್ಠ ಅವಧಿಯ ${part} ಅವಧಿಯನ್ನು ಪೂರೈಸಿದ್ದಾರೆ.`,
    p3: (release, end) =>
      `3. ಸೆಕ್ಷನ್ 479(1)ರಂತೆ ಅಂತಹ ವ್ಯಕ್ತಿಯನ್ನು ನ್ಯಾಯಾಲಯ ${release} ಬಿಡುಗಡೆ ಮಾಡಬೇಕು; ಸೆಕ್ಷನ್ 479(3)ರಂತೆ ಜೈಲು ಅಧೀಕ್ಷಕರು ತಕ್ಷಣ ನ್ಯಾಯಾಲಯಕ್ಕೆ ಲಿಖಿತ ಅರ್ಜಿ ಸಲ್ಲಿಸಬೇಕು. ಗರಿಷ್ಠ ಅವಧಿ ${end} ರಂದು ಮುಗಿಯುತ್ತದೆ.`,
    prayer: (name) => `ಆದ್ದರಿಂದ BNSS ಸೆಕ್ಷನ್ 479ರ ಅಡಿ ${name} ಅವರ ಬಿಡುಗಡೆಗೆ ಆದೇಶಿಸಬೇಕೆಂದು ಮಾನ್ಯ ನ್ಯಾಯಾಲಯವನ್ನು ಪ್ರಾರ್ಥಿಸುತ್ತೇನೆ.`,
    place: (prison, today) => `ಸ್ಥಳ: ${prison} · ದಿನಾಂಕ: ${today}`,
    signature: (prison) => `ಅಧೀಕ್ಷಕರು, ${prison}`,
  },
};

const dateIn = (lang: ApplicationLanguage, iso: string) =>
  new Intl.DateTimeFormat(WORDING[lang].locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

function offenceText(lang: ApplicationLanguage, o: StoredOffence): string {
  if (o.code === 'other') return o.label ?? '';
  const known = findOffence(o.code);
  const name = WORDING[lang].names[o.code] ?? o.code;
  return known ? `${name}, ${known.section}${known.ipc ? ` (IPC ${known.ipc})` : ''}` : name;
}

function maximumText(lang: ApplicationLanguage, months: number): string {
  const y = Math.floor(months / 12);
  const m = months % 12;
  const w = WORDING[lang];
  return [y ? w.years(y) : '', m ? w.months(m) : ''].filter(Boolean).join(' ');
}

/**
 * The application's text. A bidi override typed into a name, prison or court would reverse what
 * follows it on paper ("62 :etaD"): every line is printed without them (decision 0033, probe defect 7).
 */
export function applicationText(lang: ApplicationLanguage, f: ApplicationFacts) {
  const t = applicationTextOf(lang, f);
  return {
    ...t,
    to: stripBidiControls(t.to),
    subject: stripBidiControls(t.subject),
    reference: stripBidiControls(t.reference),
    paragraphs: t.paragraphs.map(stripBidiControls),
    prayer: stripBidiControls(t.prayer),
    place: stripBidiControls(t.place),
    signature: stripBidiControls(t.signature),
  };
}

function applicationTextOf(lang: ApplicationLanguage, f: ApplicationFacts) {
  const w = WORDING[lang];
  const offences = f.offences.map((o) => offenceText(lang, o)).join('; ');
  const longest = Math.max(0, ...f.offences.map((o) => o.maxMonths ?? 0));
  const d = (iso: string) => dateIn(lang, iso);
  const part = f.fraction === '1/3' ? w.third : w.half;
  return {
    to: w.to(f.court),
    subject: w.subject(f.prisonerName),
    reference: w.reference(f.cnr || '—', f.caseNumber),
    paragraphs: [
      w.p1(f.prisonerName, d(f.custodySince), f.prison, offences),
      w.p2(maximumText(lang, longest), f.firstOffence, f.delayByAccusedDays, part, d(f.eligibleOn)),
      w.p3(f.fraction === '1/3' ? w.onBond : w.onBail, d(f.maximumEndsOn)),
    ],
    prayer: w.prayer(f.prisonerName),
    place: w.place(f.prison, d(f.today)),
    signature: w.signature(f.prison),
  };
}
