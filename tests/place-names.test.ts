// Place names people read: current official district names (Prayagraj, not Allahabad), their
// Devanagari names for the Hindi screens, and a search that finds a district in either script.
import { describe, expect, it } from 'vitest';
import { DISTRICT_NAMES_HI } from '#shared/district-names-hi.ts';
import { FORMER_DISTRICT_NAMES, INDIA_STATES, findState, isDistrictOf, searchDistricts } from '#shared/india-locations.ts';
import { toStoredLocation } from '#shared/locations.ts';

const HINDI_NAMED_STATES = ['UP', 'BR', 'MP', 'RJ', 'HR', 'DL', 'JH', 'CG', 'UK', 'HP', 'CH', 'MH', 'GJ', 'PB'];
const ALL_DISTRICTS = new Set(INDIA_STATES.flatMap((s) => s.districts));

describe('renamed districts', () => {
  it('the list carries the current names, never a former one', () => {
    for (const [code, renames] of Object.entries(FORMER_DISTRICT_NAMES)) {
      const districts = findState(code)!.districts;
      for (const [former, now] of Object.entries(renames)) {
        expect(districts, code).toContain(now);
        expect(districts, code).not.toContain(former);
      }
    }
    expect(findState('UP')!.districts).toContain('Prayagraj');
    expect(findState('UP')!.districts).toContain('Ayodhya');
  });

  it('a record holding a former name is still valid and is stored by the current name', () => {
    expect(isDistrictOf('UP', 'Allahabad')).toBe(true);
    expect(isDistrictOf('MH', 'Allahabad')).toBe(false);
    expect(toStoredLocation({ state: 'UP', district: 'Allahabad' })).toEqual({ state: 'UP', district: 'Prayagraj' });
    expect(toStoredLocation({ state: 'KA', district: 'Gulbarga' })).toEqual({ state: 'KA', district: 'Kalaburagi' });
    expect(toStoredLocation({ state: 'UP', district: 'Sitapur' })).toEqual({ state: 'UP', district: 'Sitapur' });
  });
});

describe('Devanagari district names', () => {
  it('every district of the Hindi-reading states (and Maharashtra, Gujarat, Punjab) has one', () => {
    const missing = HINDI_NAMED_STATES.flatMap((code) => findState(code)!.districts.filter((d) => !DISTRICT_NAMES_HI[d]));
    expect(missing).toEqual([]);
  });

  it('each is written in Devanagari and names a district of the list', () => {
    for (const [en, hi] of Object.entries(DISTRICT_NAMES_HI)) {
      expect(ALL_DISTRICTS.has(en), en).toBe(true);
      expect(hi, en).toMatch(/^[\u0900-\u097F][\u0900-\u097F ()-]*$/);
    }
  });
});

describe('district search in both scripts', () => {
  const first = (q: string) => searchDistricts(q)[0];

  it('"प्रयाग", "Prayag", "prayagraj" and the former "Allahabad" find Prayagraj', () => {
    for (const q of ['प्रयाग', 'Prayag', 'prayagraj', 'Allahabad']) expect(first(q), q).toEqual({ state: 'UP', district: 'Prayagraj' });
  });

  it('names starting with the text come first; a word inside a name is found too', () => {
    expect(first('लखन')).toEqual({ state: 'UP', district: 'Lucknow' });
    expect(searchDistricts('Champaran').map((d) => d.district)).toEqual(['East Champaran', 'West Champaran']);
    expect(searchDistricts('Aurangabad')).toEqual([
      { state: 'BR', district: 'Aurangabad' },
      { state: 'MH', district: 'Chhatrapati Sambhajinagar' },
    ]);
  });

  it('finds nothing for one letter, bounds the list, and finds districts without a Hindi name by English', () => {
    expect(searchDistricts('a')).toEqual([]);
    expect(searchDistricts('pur').length).toBe(8);
    expect(first('Ernakulam')).toEqual({ state: 'KL', district: 'Ernakulam' });
  });
});
