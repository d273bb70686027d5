// The money route's papers (bail-paper-text.ts): each is filled with the prisoner, the case, the court, the
// bail order and the bond; the family's request asks for the fund only when the fund can pay and cites S.478
// only when it applies; the jail's intimation is in the court language of the prison's state beside English;
// a bidi control typed into a name does not reach the paper.
import { describe, expect, it } from 'vitest';
import type { BailPapers } from '#shared/bail-money-route.ts';
import { bailPaperText, type PaperFacts } from './bail-paper-text.ts';
import { courtLanguageOf } from './application-text.ts';

const papers: BailPapers = {
  caseId: '00000000-0000-4000-8000-000000000001',
  caseNumber: 'SC-42/2026',
  prisonerName: 'Ramesh Kumar',
  familyName: 'Kamla Devi',
  court: 'Sessions Court, Pune',
  cnr: 'MHPU010012342026',
  custodySince: '2026-01-20',
  offences: [{ code: 'hurt', label: null, maxMonths: 12, life: false, death: false }],
  bailGrantedOn: '2026-03-01',
  bailFurnishedOn: null,
  releasedOn: null,
  order: { court: 'Sessions Court, Pune', bondAmount: 20000, sureties: 2, suretyAmount: 15000, conditions: null },
  fund: { dlsaInformedOn: null, dlsaRecommendedOn: null, committeeDecidedOn: null },
  prison: {
    name: 'Yerwada Central Prison',
    state: 'MH',
    district: 'Pune',
    dlsaName: 'Secretary, DLSA Pune',
    dlsaAddress: 'District Court, Shivajinagar',
    dlsaPhone: '',
  },
  can: ['dlsa-request'],
};
const facts: PaperFacts = { papers, fundCanHelp: true, personalBond: true, bailable: true, today: '2026-03-10' };
const all = (t: ReturnType<typeof bailPaperText>) =>
  [t.to, t.subject, t.reference, ...t.paragraphs, t.prayer, t.date, t.signature].join('\n');

describe('the family’s request to the DLSA secretary', () => {
  it('is addressed to the prison’s DLSA and filled with the prisoner, case, court, bail order, bond and sureties', () => {
    const t = bailPaperText('dlsa-request', 'en', facts);
    expect(t.to).toBe('To, The Secretary, Secretary, DLSA Pune, District Court, Shivajinagar');
    const text = all(t);
    for (const part of ['Ramesh Kumar', 'SC-42/2026', 'MHPU010012342026', 'Sessions Court, Pune', '1 March 2026', 'Yerwada Central Prison'])
      expect(text).toContain(part);
    expect(text).toMatch(/a bond of ₹20,000 with 2 surety\/sureties of ₹15,000 each/);
    expect(t.signature).toBe('Kamla Devi, family of Ramesh Kumar');
    expect(t.date).toBe('Date: 10 March 2026');
  });

  it('asks for the fund only when it can pay; else for a legal-aid lawyer and easier conditions', () => {
    expect(bailPaperText('dlsa-request', 'en', facts).paragraphs[1]).toContain('District Level Empowered Committee');
    const excluded = bailPaperText('dlsa-request', 'en', { ...facts, fundCanHelp: false }).paragraphs[1]!;
    expect(excluded).not.toContain('Empowered Committee');
    expect(excluded).toContain('legal-aid lawyer');
  });

  it('cites S.478 and the custody date only when the personal bond is due', () => {
    const withBond = bailPaperText('dlsa-request', 'en', facts).paragraphs;
    expect(withBond).toHaveLength(3);
    expect(withBond[2]).toContain('Section 478');
    expect(withBond[2]).toContain('20 January 2026');
    expect(bailPaperText('dlsa-request', 'en', { ...facts, personalBond: false }).paragraphs).toHaveLength(2);
  });

  it('drops bidi controls typed into a name', () => {
    const t = bailPaperText('dlsa-request', 'en', { ...facts, papers: { ...papers, prisonerName: 'Ramesh\u202e Kumar' } });
    expect(all(t)).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});

describe('the jail’s intimation to the DLSA', () => {
  it('in English: the 2023 directions, the fund’s 5 days, signed by the superintendent of the prison', () => {
    const t = bailPaperText('dlsa-intimation', 'en', facts);
    expect(t.subject).toContain('not been released within 7 days');
    expect(t.paragraphs[1]).toContain('within 5 days');
    expect(t.signature).toBe('Superintendent, Yerwada Central Prison');
    expect(t.prayer).toBe('');
  });

  it('in the court language of the prison’s state (Marathi for Maharashtra), with the same facts', () => {
    const lang = courtLanguageOf(papers.prison!.state);
    expect(lang).toBe('mr');
    const text = all(bailPaperText('dlsa-intimation', lang, facts));
    expect(text).toContain('अधीक्षक, Yerwada Central Prison');
    expect(text).toContain('Ramesh Kumar');
    expect(text).toContain('SC-42/2026');
    expect(text).toMatch(/[\u0900-\u097f]/);
  });

  it('Urdu for Jammu and Kashmir, Hindi where the app does not speak the state’s language', () => {
    expect(all(bailPaperText('dlsa-intimation', courtLanguageOf('JK'), facts))).toContain('سپرنٹنڈنٹ');
    expect(all(bailPaperText('dlsa-intimation', courtLanguageOf('UP'), facts))).toContain('अधीक्षक');
  });
});

describe('the lawyer’s application to relax the bail conditions', () => {
  it('goes before the court that granted bail, says a month has passed and prays for a personal bond', () => {
    const t = bailPaperText('relax-conditions', 'en', facts);
    expect(t.to).toBe("Before the Hon'ble Court, Sessions Court, Pune");
    expect(t.paragraphs[0]).toContain('More than a month has passed');
    expect(t.prayer).toContain('personal bond');
    expect(t.paragraphs[2]).toContain('Section 478');
    expect(bailPaperText('relax-conditions', 'en', { ...facts, bailable: false }).paragraphs).toHaveLength(2);
  });

  it('without sureties in the order, the bond alone', () => {
    const t = bailPaperText('relax-conditions', 'en', { ...facts, papers: { ...papers, order: { ...papers.order, sureties: 0 } } });
    expect(t.paragraphs[0]).toContain('on a bond of ₹20,000.');
  });
});
