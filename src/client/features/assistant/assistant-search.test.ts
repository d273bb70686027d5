// The assistant answers questions worded unlike its knowledge base, in every language, links to the
// right screen for the asker's role, and says it does not know rather than guess.
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#shared/constants.ts';
import { LANGUAGE_INFO, LANGUAGES, type Language } from '#shared/languages.ts';
import { paths } from '#client/app/paths.ts';
import en from './knowledge/en.json';
import { TOPIC_IDS, TOPIC_LINKS, type TopicId } from './knowledge/topics.ts';
import { answerIn, createAssistant, normalizeTerm, type KnowledgeBase } from './assistant-search.ts';

// Every listed language's knowledge base (src/shared/languages.ts); a missing one fails below.
const files = import.meta.glob<{ default: KnowledgeBase }>('./knowledge/*.json', { eager: true });
const KB = Object.fromEntries(LANGUAGES.map((l) => [l, files[`./knowledge/${l}.json`]?.default])) as Record<Language, KnowledgeBase>;
const assistants = Object.fromEntries(LANGUAGES.map((l) => [l, createAssistant(KB[l])])) as Record<
  Language,
  ReturnType<typeof createAssistant>
>;
const ask = (lang: Language, q: string, role: Role = 'Family-Member') => assistants[lang].ask(q, role);

describe('knowledge base', () => {
  it.each(LANGUAGES)('%s has every topic, with question variants, keywords and an answer', (lang) => {
    const kb = KB[lang];
    expect(kb, `missing knowledge/${lang}.json`).toBeDefined();
    expect(kb.language).toBe(lang);
    expect(Object.keys(kb.topics).sort()).toEqual([...TOPIC_IDS].sort());
    for (const id of TOPIC_IDS) {
      const topic = kb.topics[id];
      expect(topic.questions.length, `${lang} ${id}`).toBeGreaterThanOrEqual(5);
      expect(topic.keywords.length, `${lang} ${id}`).toBeGreaterThanOrEqual(8);
      expect(topic.answer.length, `${lang} ${id}`).toBeGreaterThan(80);
      for (const role of Object.keys(topic.answerByRole ?? {})) expect(ROLES).toContain(role);
    }
    expect(kb.suggestions.length).toBe(3);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is written in its own language, not copied from English', (lang) => {
    for (const id of TOPIC_IDS) {
      expect(KB[lang].topics[id].answer, `${lang} ${id}`).not.toBe(en.topics[id].answer);
      expect(KB[lang].topics[id].questions[0], `${lang} ${id}`).not.toBe(en.topics[id].questions[0]);
    }
  });

  it.each(LANGUAGES.filter((l) => LANGUAGE_INFO[l].script !== 'Latn'))('writes %s in its own script', (lang) => {
    const script = new RegExp(`\\p{Script=${LANGUAGE_INFO[lang].script}}`, 'gu');
    for (const id of TOPIC_IDS) {
      const answer = KB[lang].topics[id].answer;
      expect((answer.match(script) ?? []).length / answer.length, `${lang} ${id}`).toBeGreaterThan(0.5);
    }
  });

  it('names the legal-aid and undertrial facts it promises, in every language', () => {
    for (const lang of LANGUAGES) {
      const aid = KB[lang].topics['legal-aid'].answer;
      for (const fact of ['15100', '12', '1987', 'NALSA', 'DLSA', '39A']) expect(aid, `${lang} legal aid: ${fact}`).toContain(fact);
      const rights = KB[lang].topics['undertrial-rights'].answer;
      for (const fact of ['436A', '479', 'BNSS', 'CrPC']) expect(rights, `${lang} rights: ${fact}`).toContain(fact);
    }
  });

  it('links only to screens that exist', () => {
    for (const id of TOPIC_IDS) for (const screen of Object.values(TOPIC_LINKS[id])) expect(paths).toHaveProperty(screen);
  });

  it.each(LANGUAGES)('%s answers each of its own question variants and suggestions with that topic', (lang) => {
    for (const id of TOPIC_IDS) for (const q of KB[lang].topics[id].questions) expect(ask(lang, q)?.topic, `${lang}: ${q}`).toBe(id);
    for (const q of KB[lang].suggestions) expect(ask(lang, q), `${lang}: ${q}`).not.toBeNull();
  });
});

// Questions as people type them: other words, misspellings, no question marks.
const PARAPHRASED: Partial<Record<Language, [string, TopicId][]>> = {
  en: [
    ['my brother got arrested, how do i put his case in the app', 'register-case'],
    ['can somebody help me hire an advocate', 'find-lawyer'],
    ['where do i get a vakil', 'find-lawyer'],
    ['what is meant by bail papers', 'bail-paper'],
    ['how to send the scanned bail order', 'upload-bail-paper'],
    ['we have no money for a lawyr, is there free help', 'legal-aid'],
    ['he has been locked up for years and the trial has not started', 'undertrial-rights'],
    ['what is a rehab centre seat', 'ngo-seat'],
    ['who should i write to about a problem', 'contact'],
    ['i lost my password', 'account'],
    ['accepting requests from families', 'lawyer-requests'],
    ['who can look at my documents', 'privacy'],
    ['has the jail approved the bail yet', 'bail-accept'],
    ['how is my case going', 'case-status'],
  ],
  hi: [
    ['मेरे भाई को गिरफ़्तार किया गया है, उसका केस ऐप में कैसे डालूँ', 'register-case'],
    ['हमें अच्छा अधिवक्ता कहाँ मिलेगा', 'find-lawyer'],
    ['बेल के कागज़ात क्या होते हैं', 'bail-paper'],
    ['ज़मानत आदेश की फोटो कैसे भेजें', 'upload-bail-paper'],
    ['हमारे पास पैसे नहीं हैं, फ्री वकील कैसे मिलेगा', 'legal-aid'],
    ['वह दो साल से बिना सुनवाई के जेल में बंद है', 'undertrial-rights'],
    ['पुनर्वास केंद्र में सीट का क्या मतलब', 'ngo-seat'],
    ['शिकायत किसको भेजूं', 'contact'],
    ['पासवर्ड याद नहीं है', 'account'],
    ['मुक़दमे में अब तक क्या प्रगति हुई है', 'case-status'],
    ['वकील ने मेरी रिक्वेस्ट मानी या नहीं', 'lawyer-requests'],
    ['मेरी जानकारी कौन कौन देख सकता है', 'privacy'],
    ['जेल वाले ज़मानत कब मंज़ूर करेंगे', 'bail-accept'],
  ],
  es: [
    ['¿me recomiendan un letrado que defienda a mi hijo?', 'find-lawyer'],
    ['no tenemos dinero, ¿hay ayuda legal gratis?', 'legal-aid'],
    ['lleva dos años preso sin juicio', 'undertrial-rights'],
    ['quiero mandar la foto de la orden de fianza', 'upload-bail-paper'],
    ['se me olvidó la contraseña', 'account'],
  ],
  fr: [
    ['où trouver un défenseur pour mon fils ?', 'find-lawyer'],
    ["nous n'avons pas d'argent, existe-t-il une aide gratuite ?", 'legal-aid'],
    ['il est en prison depuis deux ans sans procès', 'undertrial-rights'],
    ["je veux envoyer la photo de l'ordonnance de caution", 'upload-bail-paper'],
    ["j'ai perdu mon mot de passe", 'account'],
  ],
  de: [
    ['mein Sohn sucht einen Verteidiger', 'find-lawyer'],
    ['wir haben kein Geld, gibt es kostenlose Hilfe vom Anwalt?', 'legal-aid'],
    ['er sitzt seit zwei Jahren ohne Prozess im Gefängnis', 'undertrial-rights'],
    ['ich will ein Foto vom Kautionsbeschluss schicken', 'upload-bail-paper'],
    ['Passwort vergessen, was nun', 'account'],
  ],
  mr: [
    ['माझ्या भावाला पोलिसांनी पकडले, त्याचा खटला ॲपमध्ये कसा टाकू', 'register-case'],
    ['आम्हाला चांगला ॲडव्होकेट कुठे मिळेल', 'find-lawyer'],
    ['आमच्याकडे पैसे नाहीत, मोफत वकील कसे मिळतील', 'legal-aid'],
    ['तो दोन वर्षे खटल्याशिवाय तुरुंगात आहे, त्याचे हक्क', 'undertrial-rights'],
    ['जामीन आदेशाचा फोटो कसा पाठवू', 'upload-bail-paper'],
    ['पासवर्ड आठवत नाही', 'account'],
  ],
  bn: [
    ['আমার ভাইকে পুলিশ ধরেছে, তার মামলা অ্যাপে কীভাবে দেব', 'register-case'],
    ['আমাদের ভালো অ্যাডভোকেট কোথায় পাব', 'find-lawyer'],
    ['আমাদের টাকা নেই, বিনামূল্যে উকিল কীভাবে পাব', 'legal-aid'],
    ['সে দুই বছর ধরে বিচার ছাড়াই জেলে আছে, তার অধিকার', 'undertrial-rights'],
    ['জামিনের আদেশের ছবি কীভাবে পাঠাব', 'upload-bail-paper'],
    ['পাসওয়ার্ড মনে নেই', 'account'],
  ],
  ur: [
    ['میرے بیٹے کو پولیس نے پکڑ لیا، اس کا مقدمہ ایپ میں کیسے ڈالوں', 'register-case'],
    ['ہمیں اچھا ایڈووکیٹ کہاں ملے گا', 'find-lawyer'],
    ['ہمارے پاس پیسے نہیں، مفت وکیل کیسے ملے گا', 'legal-aid'],
    ['وہ دو سال سے بغیر سماعت کے جیل میں بند ہے، اس کے حقوق', 'undertrial-rights'],
    ['ضمانت کے حکم کی فوٹو کیسے بھیجوں', 'upload-bail-paper'],
    ['پاس ورڈ یاد نہیں', 'account'],
  ],
  ta: [
    ['என் அண்ணனைக் கைது செய்தார்கள், அவன் வழக்கை எப்படிச் சேர்ப்பது', 'register-case'],
    ['பணம் இல்லை, இலவச வக்கீல் கிடைக்குமா', 'legal-aid'],
    ['இரண்டு வருடமாக விசாரணை இல்லாமல் சிறையில் இருக்கிறார்', 'undertrial-rights'],
    ['ஜாமீன் உத்தரவின் புகைப்படத்தை எப்படி அனுப்புவது', 'upload-bail-paper'],
    ['கடவுச்சொல் நினைவில் இல்லை', 'account'],
  ],
  te: [
    ['మా అన్నను అరెస్టు చేశారు, అతని కేసు యాప్‌లో ఎలా పెట్టాలి', 'register-case'],
    ['డబ్బు లేదు, ఉచిత లాయర్ దొరుకుతారా', 'legal-aid'],
    ['రెండు సంవత్సరాలుగా విచారణ లేకుండా జైలులో ఉన్నాడు', 'undertrial-rights'],
    ['బెయిల్ ఉత్తర్వు ఫోటో ఎలా పంపాలి', 'upload-bail-paper'],
    ['పాస్‌వర్డ్ గుర్తు లేదు', 'account'],
  ],
  kn: [
    ['ನನ್ನ ಅಣ್ಣನನ್ನು ಬಂಧಿಸಿದ್ದಾರೆ, ಅವನ ಪ್ರಕರಣವನ್ನು ಆ್ಯಪ್‌ನಲ್ಲಿ ಹೇಗೆ ಹಾಕುವುದು', 'register-case'],
    ['ಹಣ ಇಲ್ಲ, ಉಚಿತ ವಕೀಲರು ಸಿಗುತ್ತಾರೆಯೇ', 'legal-aid'],
    ['ಎರಡು ವರ್ಷದಿಂದ ವಿಚಾರಣೆ ಇಲ್ಲದೆ ಜೈಲಿನಲ್ಲಿದ್ದಾರೆ', 'undertrial-rights'],
    ['ಜಾಮೀನು ಆದೇಶದ ಫೋಟೋ ಹೇಗೆ ಕಳುಹಿಸುವುದು', 'upload-bail-paper'],
    ['ಪಾಸ್‌ವರ್ಡ್ ನೆನಪಿಲ್ಲ', 'account'],
  ],
  pa: [
    ['ਮੇਰੇ ਭਰਾ ਨੂੰ ਪੁਲਿਸ ਨੇ ਫੜ ਲਿਆ, ਉਸ ਦਾ ਕੇਸ ਐਪ ਵਿੱਚ ਕਿਵੇਂ ਪਾਵਾਂ', 'register-case'],
    ['ਸਾਨੂੰ ਚੰਗਾ ਵਕੀਲ ਕਿੱਥੋਂ ਮਿਲੇਗਾ', 'find-lawyer'],
    ['ਜ਼ਮਾਨਤ ਦੇ ਕਾਗਜ਼ਾਤ ਕੀ ਹੁੰਦੇ ਨੇ', 'bail-paper'],
    ['ਜ਼ਮਾਨਤ ਦੇ ਹੁਕਮ ਦੀ ਫ਼ੋਟੋ ਕਿਵੇਂ ਭੇਜੀਏ', 'upload-bail-paper'],
    ['ਸਾਡੇ ਕੋਲ ਪੈਸੇ ਨਹੀਂ, ਮੁਫ਼ਤ ਵਕੀਲ ਕਿਵੇਂ ਮਿਲੇਗਾ', 'legal-aid'],
    ['ਉਹ ਦੋ ਸਾਲਾਂ ਤੋਂ ਬਿਨਾਂ ਮੁਕੱਦਮੇ ਜੇਲ੍ਹ ਵਿੱਚ ਬੰਦ ਹੈ', 'undertrial-rights'],
    ['ਸ਼ਿਕਾਇਤ ਕਿਸ ਨੂੰ ਭੇਜਾਂ', 'contact'],
  ],
  or: [
    ['ମୋ ଭାଇକୁ ପୋଲିସ ଧରିନେଲା, ତାଙ୍କ ମାମଲା ଆପ୍ ରେ କିପରି ଦେବି', 'register-case'],
    ['ଭଲ ଓକିଲ କେଉଁଠି ମିଳିବେ', 'find-lawyer'],
    ['ଜାମିନ କାଗଜପତ୍ର କଣ ହୁଏ', 'bail-paper'],
    ['ଜାମିନ ଆଦେଶର ଫଟୋ କିପରି ପଠାଇବି', 'upload-bail-paper'],
    ['ଆମ ପାଖରେ ଟଙ୍କା ନାହିଁ, ମାଗଣା ଓକିଲ କିପରି ମିଳିବ', 'legal-aid'],
    ['ସେ ଦୁଇ ବର୍ଷ ହେଲା ବିଚାର ବିନା ଜେଲରେ ଅଛନ୍ତି', 'undertrial-rights'],
    ['ଅଭିଯୋଗ କାହାକୁ ପଠାଇବି', 'contact'],
  ],
  gu: [
    ['મારા ભાઈને પોલીસે પકડ્યો, તેનો કેસ એપમાં કેવી રીતે નાખું', 'register-case'],
    ['સારા વકીલ ક્યાંથી મળશે', 'find-lawyer'],
    ['જામીનના દસ્તાવેજો શું હોય', 'bail-paper'],
    ['જામીનના હુકમનો ફોટો કેવી રીતે મોકલું', 'upload-bail-paper'],
    ['અમારી પાસે પૈસા નથી, મફત વકીલ કેવી રીતે મળે', 'legal-aid'],
    ['તે બે વર્ષથી ટ્રાયલ વગર જેલમાં છે', 'undertrial-rights'],
    ['ફરિયાદ કોને મોકલું', 'contact'],
  ],
};

const OFF_TOPIC: Partial<Record<Language, string[]>> = {
  en: ["what's the weather in Paris", 'recipe for biryani', 'who won the cricket match yesterday', 'tell me a joke'],
  hi: ['आज मौसम कैसा है', 'क्रिकेट का स्कोर बताओ', 'बिरयानी की रेसिपी'],
  es: ['¿qué tiempo hace hoy en Madrid?', 'receta de paella'],
  fr: ['quel temps fait-il à Paris ?', 'recette de la ratatouille'],
  de: ['wie wird das Wetter morgen?', 'Rezept für Apfelkuchen'],
  mr: ['आज हवामान कसे आहे', 'क्रिकेटचा स्कोअर सांगा', 'बिर्याणीची कृती'],
  bn: ['আজ আবহাওয়া কেমন', 'ক্রিকেটের স্কোর বলুন', 'বিরিয়ানির রেসিপি'],
  ur: ['آج موسم کیسا ہے', 'کرکٹ کا اسکور بتاؤ', 'بریانی کی ترکیب'],
  ta: ['இன்று வானிலை எப்படி?', 'பிரியாணி செய்முறை', 'கிரிக்கெட் ஸ்கோர் சொல்லுங்கள்'],
  te: ['ఈరోజు వాతావరణం ఎలా ఉంది?', 'బిర్యానీ తయారీ విధానం', 'క్రికెట్ స్కోర్ చెప్పండి'],
  kn: ['ಇಂದು ಹವಾಮಾನ ಹೇಗಿದೆ?', 'ಬಿರಿಯಾನಿ ಮಾಡುವ ವಿಧಾನ', 'ಕ್ರಿಕೆಟ್ ಸ್ಕೋರ್ ಹೇಳಿ'],
  pa: ['ਅੱਜ ਮੌਸਮ ਕਿਹੋ ਜਿਹਾ ਹੈ', 'ਕ੍ਰਿਕਟ ਦਾ ਸਕੋਰ ਦੱਸੋ', 'ਸਰ੍ਹੋਂ ਦੇ ਸਾਗ ਦੀ ਵਿਧੀ'],
  or: ['ଆଜି ପାଣିପାଗ କିପରି ଅଛି', 'କ୍ରିକେଟ ସ୍କୋର କୁହନ୍ତୁ', 'ପଖାଳ ତିଆରି ପ୍ରଣାଳୀ'],
  gu: ['આજે હવામાન કેવું છે', 'ક્રિકેટનો સ્કોર કહો', 'ઢોકળાની રેસીપી'],
};

describe('answers to questions in other words', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: has questions in other words to try`, () => {
      expect(PARAPHRASED[lang]?.length, lang).toBeGreaterThanOrEqual(4);
      expect(OFF_TOPIC[lang]?.length, lang).toBeGreaterThanOrEqual(2);
    });
    it.each(PARAPHRASED[lang] ?? [])(`${lang}: %s`, (question, topic) => {
      expect(ask(lang, question)?.topic).toBe(topic);
    });
    it(`${lang}: says it does not know instead of guessing`, () => {
      for (const q of OFF_TOPIC[lang] ?? []) expect(ask(lang, q), q).toBeNull();
      expect(ask(lang, '   ')).toBeNull();
    });
  }
});

describe('role-aware answers and links', () => {
  it('links the bail paper question to each role’s own screen, with that role’s steps', () => {
    const fm = ask('en', 'how do I upload the bail order', 'Family-Member');
    const lawyer = ask('en', 'how do I upload the bail order', 'Lawyer');
    const jail = ask('en', 'how do I upload the bail order', 'Jail-Authority');
    expect([fm?.link, lawyer?.link, jail?.link]).toEqual(['uploadFile', 'lawyerCases', 'bailPage']);
    expect(fm?.text).toMatch(/^Open Upload Bail Paper/);
    expect(lawyer?.text).toMatch(/^Open Current case status/);
    expect(jail?.text).toMatch(/does not upload/);
  });

  it('tells each role what it can do, and a lawyer gets no link for the NGO question', () => {
    expect(ask('hi', 'मैं यहाँ क्या कर सकता हूँ', 'Lawyer')).toMatchObject({ topic: 'roles', link: 'lawyerHome' });
    expect(ask('hi', 'मैं यहाँ क्या कर सकता हूँ', 'Lawyer')?.text).toMatch(/^वकील के तौर पर/);
    expect(ask('en', 'what is an NGO seat', 'Lawyer')).toMatchObject({ topic: 'ngo-seat', link: null });
    expect(ask('en', 'what is an NGO seat', 'Jail-Authority')).toMatchObject({ topic: 'ngo-seat', link: 'dashboard' });
  });

  it('answers an English question in the chosen language', () => {
    const found = ask('en', 'free legal aid helpline', 'Family-Member')!;
    expect(answerIn(KB.hi, found, 'Family-Member').text).toMatch(/^मुफ़्त कानूनी सहायता/);
  });
});

describe('normalizeTerm', () => {
  it('stems lightly and folds spellings', () => {
    expect(normalizeTerm('Registering', 'en')).toBe(normalizeTerm('register', 'en'));
    expect(normalizeTerm('वकीलों', 'hi')).toBe('वकील');
    expect(normalizeTerm('ज़मानत', 'hi')).toBe(normalizeTerm('जमानत', 'hi'));
    expect(normalizeTerm('Anwälte', 'de')).toBe('anwalt');
    expect(normalizeTerm('détenu', 'fr')).toBe('detenu');
  });
});
