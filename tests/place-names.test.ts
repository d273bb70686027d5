// Place names people read: current official district names (Prayagraj, not Allahabad), every state's
// and district's name in the script of each Indian language the app speaks, and a search that finds a
// district by its English name, a former name or its name in any of those scripts.
import { describe, expect, it } from 'vitest';
import {
  FORMER_DISTRICT_NAMES,
  INDIA_STATES,
  currentDistrictName,
  findState,
  isDistrictOf,
  searchDistricts,
  type PlaceNames,
} from '#shared/india-locations.ts';
import { PLACE_NAME_LANGUAGES, loadPlaceNames, placeNameLanguagesOfScript, type PlaceNameLanguage } from '#shared/place-names.ts';
import { toStoredLocation } from '#shared/locations.ts';

const ALL_DISTRICTS = new Set(INDIA_STATES.flatMap((s) => s.districts));
/** Each language's script (its Unicode block), with what names may also hold: digits, spaces, dashes, brackets, joiners. */
const SCRIPT: Record<PlaceNameLanguage, RegExp> = {
  hi: /^[\u0900-\u097F][\u0900-\u097F0-9 ()–-]*$/,
  mr: /^[\u0900-\u097F][\u0900-\u097F0-9 ()–-]*$/,
  bn: /^[\u0980-\u09FF][\u0980-\u09FF ()–-]*$/,
  pa: /^[\u0A00-\u0A7F][\u0A00-\u0A7F0-9 ()–-]*$/,
  or: /^[\u0B00-\u0B7F][\u0B00-\u0B7F0-9 ()–-]*$/,
  ur: /^[\u0600-\u06FF][\u0600-\u06FF0-9 ()–-]*$/,
  gu: /^[\u0A80-\u0AFF][\u0A80-\u0AFF0-9 ()–-]*$/,
  ta: /^[\u0B80-\u0BFF][\u0B80-\u0BFF0-9 ()–-]*$/,
  te: /^[\u0C00-\u0C7F][\u0C00-\u0C7F0-9 ()–\u200C-]*$/,
  kn: /^[\u0C80-\u0CFF][\u0C80-\u0CFF0-9 ()–\u200C-]*$/,
};
const NAMES = Object.fromEntries(
  await Promise.all(PLACE_NAME_LANGUAGES.map(async (lang) => [lang, await loadPlaceNames(lang)] as const)),
) as Record<PlaceNameLanguage, PlaceNames>;

describe('renamed districts', () => {
  it('the list carries the current names, never a former one', () => {
    for (const [code, renames] of Object.entries(FORMER_DISTRICT_NAMES)) {
      const districts = findState(code)!.districts;
      for (const [former, now] of Object.entries(renames)) {
        expect(districts, code).toContain(now);
        expect(districts, code).not.toContain(former);
      }
    }
    expect(findState('UP')!.districts).toEqual(expect.arrayContaining(['Prayagraj', 'Ayodhya']));
    expect(findState('AS')!.districts).toContain('Sribhumi');
    expect(findState('SK')!.districts).toEqual(['Gangtok', 'Mangan', 'Namchi', 'Pakyong', 'Soreng', 'Gyalshing']);
    expect(ALL_DISTRICTS.has('Allahabad')).toBe(false);
    // Uttarakhand's 13: the four announced in 2011 were never notified.
    expect(findState('UK')!.districts).toHaveLength(13);
  });

  it('a record holding a former name is still valid and is stored by the current name', () => {
    expect(isDistrictOf('UP', 'Allahabad')).toBe(true);
    expect(isDistrictOf('MH', 'Allahabad')).toBe(false);
    expect(toStoredLocation({ state: 'UP', district: 'Allahabad' })).toEqual({ state: 'UP', district: 'Prayagraj' });
    expect(toStoredLocation({ state: 'KA', district: 'Gulbarga' })).toEqual({ state: 'KA', district: 'Kalaburagi' });
    expect(toStoredLocation({ state: 'SK', district: 'East Sikkim' })).toEqual({ state: 'SK', district: 'Gangtok' });
    expect(toStoredLocation({ state: 'AS', district: 'Karimganj' })).toEqual({ state: 'AS', district: 'Sribhumi' });
    expect(toStoredLocation({ state: 'UK', district: 'Kotdwar' })).toEqual({ state: 'UK', district: 'Pauri Garhwal' });
    expect(toStoredLocation({ state: 'UP', district: 'Sitapur' })).toEqual({ state: 'UP', district: 'Sitapur' });
  });
});

describe('districts created, abolished and never notified (decision 0059)', () => {
  const RAJASTHAN_ABOLISHED = [
    'Dudu',
    'Kekri',
    'Shahpura',
    'Neem Ka Thana',
    'Gangapur City',
    'Jaipur Rural',
    'Jodhpur Rural',
    'Anupgarh',
    'Sanchore',
  ];
  const RAJASTHAN_KEPT = ['Balotra', 'Beawar', 'Deeg', 'Didwana-Kuchaman', 'Khairthal-Tijara', 'Kotputli-Behror', 'Phalodi', 'Salumbar'];

  it('Madhya Pradesh has its 55: Mauganj, Pandhurna and Maihar of 2023, not Nagda or Chachoda (announced, never notified)', () => {
    const mp = findState('MP')!.districts;
    expect(mp).toHaveLength(55);
    expect(mp).toEqual(expect.arrayContaining(['Mauganj', 'Pandhurna', 'Maihar', 'Rewa', 'Chhindwara', 'Satna']));
    expect(mp).not.toContain('Nagda');
    expect(mp).not.toContain('Chachoda');
  });

  it('Rajasthan has its 41: the eight districts of 2023 kept, none of the nine abolished on 28 December 2024', () => {
    const rj = findState('RJ')!.districts;
    expect(rj).toHaveLength(41);
    expect(rj).toEqual(expect.arrayContaining([...RAJASTHAN_KEPT, 'Jaipur', 'Jodhpur', 'Ajmer']));
    for (const d of RAJASTHAN_ABOLISHED) expect(rj, d).not.toContain(d);
  });

  it('Gujarat has its 34, with Vav-Tharad (from Banaskantha, 2025)', () => {
    expect(findState('GJ')!.districts).toHaveLength(34);
    expect(findState('GJ')!.districts).toEqual(expect.arrayContaining(['Vav-Tharad', 'Banaskantha']));
  });

  it('Arunachal Pradesh has its 28, with Bichom and Keyi Panyor (Reorganisation of Districts (Amendment) Act 2024)', () => {
    const ar = findState('AR')!.districts;
    expect(ar).toHaveLength(28);
    // The official names; the former ones are stored as these.
    expect(ar).toEqual(expect.arrayContaining(['Itanagar Capital Complex', 'Dibang Valley', 'Lower Dibang Valley']));
    expect(ar).not.toContain('Itanagar City Complex');
    expect(ar).not.toContain('Upper Dibang Valley');
    expect(currentDistrictName('AR', 'Upper Dibang Valley')).toBe('Dibang Valley');
    expect(isDistrictOf('AR', 'Itanagar City Complex')).toBe(true);
    expect(ar).toEqual(
      expect.arrayContaining([
        'Bichom',
        'Keyi Panyor',
        'East Kameng',
        'West Kameng',
        'Lower Subansiri',
        'Pakke-Kessang',
        'Lepa Rada',
        'Shi Yomi',
        'Kamle',
      ]),
    );
  });

  it('Nagaland has its 17: Tseminyü, Chümoukedima, Niuland (2021), Shamator (2022) and Meluri (from Phek, 2024)', () => {
    const nl = findState('NL')!.districts;
    expect(nl).toHaveLength(17);
    expect(nl).toEqual(expect.arrayContaining(['Tseminyü', 'Chümoukedima', 'Niuland', 'Shamator', 'Meluri', 'Phek']));
  });

  it('Delhi has its 13 since the reorganisation of December 2025: Old Delhi, Central North and Outer North created, Shahdara merged', () => {
    const dl = findState('DL')!.districts;
    expect(dl).toHaveLength(13);
    expect([...dl].sort()).toEqual(
      [
        'South East Delhi',
        'Old Delhi',
        'North Delhi',
        'New Delhi',
        'Central Delhi',
        'Central North Delhi',
        'South West Delhi',
        'Outer North Delhi',
        'North West Delhi',
        'North East Delhi',
        'East Delhi',
        'South Delhi',
        'West Delhi',
      ].sort(),
    );
    expect(dl).not.toContain('Shahdara');
    // Its Shahdara sub-division is in North East Delhi: a record naming Shahdara is stored and found there.
    expect(isDistrictOf('DL', 'Shahdara')).toBe(true);
    expect(isDistrictOf('UP', 'Shahdara')).toBe(false);
    expect(toStoredLocation({ state: 'DL', district: 'Shahdara' })).toEqual({ state: 'DL', district: 'North East Delhi' });
    expect(searchDistricts('Shahdara')).toEqual([{ state: 'DL', district: 'North East Delhi' }]);
  });

  it('a record naming a district that is gone stays valid and is stored as the district its town is in; it is never offered', () => {
    expect(toStoredLocation({ state: 'MP', district: 'Nagda' })).toEqual({ state: 'MP', district: 'Ujjain' });
    expect(toStoredLocation({ state: 'MP', district: 'Chachoda' })).toEqual({ state: 'MP', district: 'Guna' });
    expect(toStoredLocation({ state: 'RJ', district: 'Kekri' })).toEqual({ state: 'RJ', district: 'Ajmer' });
    expect(toStoredLocation({ state: 'RJ', district: 'Neem Ka Thana' })).toEqual({ state: 'RJ', district: 'Sikar' });
    expect(toStoredLocation({ state: 'RJ', district: 'Jodhpur Rural' })).toEqual({ state: 'RJ', district: 'Jodhpur' });
    for (const d of RAJASTHAN_ABOLISHED) {
      expect(isDistrictOf('RJ', d), d).toBe(true);
      expect(isDistrictOf('MP', d), d).toBe(false);
    }
    expect(isDistrictOf('RJ', 'Nagda')).toBe(false);
    // Typing the old name finds the district it is part of again.
    expect(searchDistricts('Kekri')).toEqual([{ state: 'RJ', district: 'Ajmer' }]);
    expect(searchDistricts('Nagda')).toEqual([{ state: 'MP', district: 'Ujjain' }]);
  });

  it('each new district is named in every script and found by that name and by its English one', () => {
    const created = [
      'Mauganj',
      'Pandhurna',
      ...RAJASTHAN_KEPT,
      'Vav-Tharad',
      'Bichom',
      'Keyi Panyor',
      'Meluri',
      'Old Delhi',
      'Central North Delhi',
      'Outer North Delhi',
      'Kushavati',
      'Polavaram',
      'Markapuram',
    ];
    for (const lang of PLACE_NAME_LANGUAGES) {
      for (const d of created) {
        const name = NAMES[lang].districts[d];
        expect(name, `${lang} ${d}`).toMatch(SCRIPT[lang]);
        expect(searchDistricts(name!, 8, [NAMES[lang]])[0], `${lang} ${d}`).toEqual(findDistrict(d));
      }
      expect(NAMES[lang].districts).not.toHaveProperty('Nagda');
      expect(NAMES[lang].districts).not.toHaveProperty('Chachoda');
      expect(NAMES[lang].districts).not.toHaveProperty('Shahdara');
    }
    for (const d of created) expect(searchDistricts(d)[0], d).toEqual(findDistrict(d));
    expect(searchDistricts('Kuchaman')).toEqual([{ state: 'RJ', district: 'Didwana-Kuchaman' }]);
    expect(NAMES.hi.districts.Mauganj).toBe('मऊगंज');
    expect(NAMES.hi.districts['Kotputli-Behror']).toBe('कोटपूतली-बहरोड़');
    expect(NAMES.gu.districts['Vav-Tharad']).toBe('વાવ-થરાદ');
    expect(NAMES.ur.districts.Beawar).toBe('بیاور');
    expect(NAMES.hi.districts['Keyi Panyor']).toBe('केयी पन्योर');
    expect(NAMES.te.districts['Keyi Panyor']).toBe('కేయీ పన్యోర్');
    expect(searchDistricts('Panyor')).toEqual([{ state: 'AR', district: 'Keyi Panyor' }]);
    expect(NAMES.hi.districts['Old Delhi']).toBe('पुरानी दिल्ली');
    expect(NAMES.ur.districts['Outer North Delhi']).toBe('بیرونی شمالی دلی');
    expect(findState('GA')!.districts).toEqual(['North Goa', 'South Goa', 'Kushavati']);
    expect(NAMES.hi.districts.Kushavati).toBe('कुशावती');
    expect(findState('AP')!.districts).toHaveLength(28);
    expect(NAMES.te.districts.Polavaram).toBe('పోలవరం');
    expect(NAMES.hi.districts['Dibang Valley']).toBe('दिबांग घाटी');
  });
});

function findDistrict(district: string) {
  const state = INDIA_STATES.find((s) => s.districts.includes(district))!;
  return { state: state.code, district };
}

describe.each(PLACE_NAME_LANGUAGES)('names in %s', (lang) => {
  const names = NAMES[lang];

  it('every state and every district has one, written in the language’s script; nothing else is named', () => {
    expect(Object.keys(names.states).sort()).toEqual(INDIA_STATES.map((s) => s.code).sort());
    expect(Object.keys(names.districts).sort()).toEqual([...ALL_DISTRICTS].sort());
    for (const [key, name] of [...Object.entries(names.states), ...Object.entries(names.districts)]) {
      expect(name, key).toMatch(SCRIPT[lang]);
      expect(name.normalize('NFC'), key).toBe(name);
    }
  });

  it('two districts of one state never share a name', () => {
    for (const s of INDIA_STATES) {
      const own = s.districts.map((d) => names.districts[d]);
      expect(new Set(own).size, s.code).toBe(own.length);
    }
  });

  it('each district is found by its name in this script (and the search loads no other language to do it)', () => {
    expect(placeNameLanguagesOfScript(names.districts.Prayagraj!)).toContain(lang);
    for (const s of INDIA_STATES) {
      for (const d of s.districts) {
        expect(searchDistricts(names.districts[d]!, 50, [names]), `${lang} ${d}`).toContainEqual({ state: s.code, district: d });
      }
    }
  });

  it('Prayagraj is named as Prayagraj, never as Allahabad', () => {
    expect(names.districts.Prayagraj).toBeTruthy();
    expect(Object.values(names.districts)).not.toContain(names.districts.Allahabad);
    expect(names.districts.Prayagraj).not.toMatch(/इलाहाबाद|এলাহাবাদ|ਇਲਾਹਾਬਾਦ|ଇଲାହାବାଦ|الہ آباد|અલાહાબાદ|அலகாபாத்|అలహాబాద్|ಅಲಹಾಬಾದ್/);
  });
});

describe('the states’ own spellings', () => {
  it('a state’s districts carry the names used there, not a transliteration from Hindi', () => {
    expect(NAMES.ta.districts.Coimbatore).toBe('கோயம்புத்தூர்');
    expect(NAMES.ta.districts.Tiruchirappalli).toBe('திருச்சிராப்பள்ளி');
    expect(NAMES.te.districts.Visakhapatnam).toBe('విశాఖపట్నం');
    expect(NAMES.kn.districts.Mysuru).toBe('ಮೈಸೂರು');
    expect(NAMES.bn.districts['North 24 Parganas']).toBe('উত্তর ২৪ পরগনা');
    expect(NAMES.or.districts.Cuttack).toBe('କଟକ');
    expect(NAMES.pa.districts.Ludhiana).toBe('ਲੁਧਿਆਣਾ');
    expect(NAMES.gu.districts.Ahmedabad).toBe('અમદાવાદ');
    expect(NAMES.mr.districts.Kolhapur).toBe('कोल्हापूर');
    expect(NAMES.ur.districts.Lucknow).toBe('لکھنؤ');
    expect(NAMES.hi.states.UP).toBe('उत्तर प्रदेश');
    expect(NAMES.ta.states.TN).toBe('தமிழ்நாடு');
  });
});

describe('district search in every script', () => {
  const first = (q: string, ...langs: PlaceNameLanguage[]) =>
    searchDistricts(
      q,
      8,
      langs.map((l) => NAMES[l]),
    )[0];

  it('"प्रयाग", "প্রয়াগ", "Prayag", "prayagraj" and the former "Allahabad" find Prayagraj', () => {
    expect(first('प्रयाग', 'hi')).toEqual({ state: 'UP', district: 'Prayagraj' });
    expect(first('প্রয়াগ', 'bn')).toEqual({ state: 'UP', district: 'Prayagraj' });
    expect(first('پریاگ', 'ur')).toEqual({ state: 'UP', district: 'Prayagraj' });
    for (const q of ['Prayag', 'prayagraj', 'Allahabad']) expect(first(q), q).toEqual({ state: 'UP', district: 'Prayagraj' });
  });

  it('a part of a name typed in each script finds its district', () => {
    expect(first('லக்னோ', 'ta')).toEqual({ state: 'UP', district: 'Lucknow' });
    expect(first('மதுரை', 'ta')).toEqual({ state: 'TN', district: 'Madurai' });
    expect(first('విశాఖ', 'te')).toEqual({ state: 'AP', district: 'Visakhapatnam' });
    expect(first('ಮೈಸೂ', 'kn')).toEqual({ state: 'KA', district: 'Mysuru' });
    expect(first('ਲੁਧਿ', 'pa')).toEqual({ state: 'PB', district: 'Ludhiana' });
    expect(first('କଟକ', 'or')).toEqual({ state: 'OD', district: 'Cuttack' });
    expect(first('અમદા', 'gu')).toEqual({ state: 'GJ', district: 'Ahmedabad' });
    expect(first('कोल्हापूर', 'mr')).toEqual({ state: 'MH', district: 'Kolhapur' });
    // Urdu typed on an Arabic keyboard (ي, ك) finds the Urdu name (ی, ک).
    expect(first('لكھنؤ', 'ur')).toEqual({ state: 'UP', district: 'Lucknow' });
  });

  it('without a language’s names, its script finds nothing; English needs none', () => {
    expect(searchDistricts('प्रयाग')).toEqual([]);
    expect(first('Ernakulam')).toEqual({ state: 'KL', district: 'Ernakulam' });
  });

  it('names starting with the text come first; a word inside a name is found too; one letter finds nothing; at most the limit', () => {
    expect(first('लखन', 'hi')).toEqual({ state: 'UP', district: 'Lucknow' });
    expect(searchDistricts('Champaran').map((d) => d.district)).toEqual(['East Champaran', 'West Champaran']);
    expect(searchDistricts('Aurangabad')).toEqual([
      { state: 'BR', district: 'Aurangabad' },
      { state: 'MH', district: 'Chhatrapati Sambhajinagar' },
    ]);
    expect(searchDistricts('a')).toEqual([]);
    expect(searchDistricts('pur').length).toBe(8);
  });

  it('what is typed tells which languages’ names to load', () => {
    expect(placeNameLanguagesOfScript('Prayag')).toEqual([]);
    expect(placeNameLanguagesOfScript('प्रयाग')).toEqual(['hi', 'mr']);
    expect(placeNameLanguagesOfScript('মুর্শি')).toEqual(['bn']);
    expect(placeNameLanguagesOfScript('لکھ')).toEqual(['ur']);
    expect(placeNameLanguagesOfScript('மது')).toEqual(['ta']);
  });
});
