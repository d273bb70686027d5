// The S.479(3) BNSS application the jail superintendent sends to the court, in English and in Hindi
// (both on one printed page, whatever language the screen is in). Filled from the case facts.
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

export type ApplicationLanguage = 'en' | 'hi';

const dateIn = (lang: ApplicationLanguage, iso: string) =>
  new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

const NAMES_HI: Record<string, string> = {
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
};
const NAMES_EN: Record<string, string> = {
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
};

function offenceText(lang: ApplicationLanguage, o: StoredOffence): string {
  if (o.code === 'other') return o.label ?? '';
  const known = findOffence(o.code);
  const name = (lang === 'hi' ? NAMES_HI : NAMES_EN)[o.code] ?? o.code;
  return known ? `${name}, ${known.section}${known.ipc ? ` (IPC ${known.ipc})` : ''}` : name;
}

function maximumText(lang: ApplicationLanguage, months: number): string {
  const y = Math.floor(months / 12);
  const m = months % 12;
  if (lang === 'hi') return [y ? `${y} वर्ष` : '', m ? `${m} माह` : ''].filter(Boolean).join(' ');
  return [y ? `${y} year${y === 1 ? '' : 's'}` : '', m ? `${m} month${m === 1 ? '' : 's'}` : ''].filter(Boolean).join(' ');
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
  const offences = f.offences.map((o) => offenceText(lang, o)).join('; ');
  const longest = Math.max(0, ...f.offences.map((o) => o.maxMonths ?? 0));
  const max = maximumText(lang, longest);
  const d = (iso: string) => dateIn(lang, iso);
  if (lang === 'hi') {
    const part = f.fraction === '1/3' ? 'एक-तिहाई' : 'आधी';
    return {
      to: `सेवा में, माननीय न्यायालय, ${f.court}`,
      subject: `विषय: भारतीय नागरिक सुरक्षा संहिता, 2023 की धारा 479(3) के अंतर्गत विचाराधीन बंदी ${f.prisonerName} की रिहाई हेतु आवेदन`,
      reference: `सीएनआर: ${f.cnr || '—'} · मामला संख्या: ${f.caseNumber}`,
      paragraphs: [
        `1. ${f.prisonerName} दिनांक ${d(f.custodySince)} से उपरोक्त मामले में विचाराधीन बंदी के रूप में ${f.prison} में निरुद्ध हैं। अपराध: ${offences}।`,
        `2. इस अपराध के लिए अधिकतम कारावास ${max} है। ${f.firstOffence ? 'बंदी को पहले कभी किसी अपराध में दोषसिद्ध नहीं किया गया है। ' : ''}अभियुक्त के कारण हुई ${f.delayByAccusedDays} दिनों की देरी को छोड़कर, बंदी ने दिनांक ${d(f.eligibleOn)} को इस अधिकतम अवधि की ${part} अवधि पूरी कर ली है।`,
        `3. धारा 479(1) के अनुसार ऐसे व्यक्ति को न्यायालय द्वारा ${f.fraction === '1/3' ? 'बंधपत्र पर' : 'ज़मानत पर'} रिहा किया जाना है, और धारा 479(3) के अनुसार जेल अधीक्षक को तुरंत न्यायालय में लिखित आवेदन करना है। अधिकतम अवधि दिनांक ${d(f.maximumEndsOn)} को पूरी होगी।`,
      ],
      prayer: `अतः माननीय न्यायालय से निवेदन है कि धारा 479 बीएनएसएस के अंतर्गत ${f.prisonerName} की रिहाई का आदेश पारित करने की कृपा करें।`,
      place: `स्थान: ${f.prison} · दिनांक: ${d(f.today)}`,
      signature: `अधीक्षक, ${f.prison}`,
    };
  }
  const part = f.fraction === '1/3' ? 'one third' : 'one half';
  return {
    to: `To, The Hon'ble Court, ${f.court}`,
    subject: `Subject: Application under Section 479(3) of the Bharatiya Nagarik Suraksha Sanhita, 2023 for the release of undertrial prisoner ${f.prisonerName}`,
    reference: `CNR: ${f.cnr || '—'} · Case No.: ${f.caseNumber}`,
    paragraphs: [
      `1. ${f.prisonerName} has been detained in ${f.prison} as an undertrial prisoner in the above case since ${d(f.custodySince)}, for: ${offences}.`,
      `2. The maximum imprisonment specified for the offence is ${max}. ${f.firstOffence ? 'The prisoner has never before been convicted of any offence. ' : ''}Excluding ${f.delayByAccusedDays} days of delay attributable to the accused, the prisoner completed ${part} of that maximum on ${d(f.eligibleOn)}.`,
      `3. Under Section 479(1) such a person is to be released by the Court ${f.fraction === '1/3' ? 'on bond' : 'on bail'}, and Section 479(3) requires the Superintendent of the jail to apply to the Court in writing forthwith. The maximum period ends on ${d(f.maximumEndsOn)}.`,
    ],
    prayer: `It is therefore prayed that the Hon'ble Court may be pleased to order the release of ${f.prisonerName} under Section 479 BNSS.`,
    place: `Place: ${f.prison} · Date: ${d(f.today)}`,
    signature: `Superintendent, ${f.prison}`,
  };
}
