// Probe defect 7 (decision 0033): a right-to-left override typed into a name, prison or court reversed the text
// of the printed S.479 application ("62 :etaD … 6202 rebmevoN") and of email subjects. The server
// removes bidi embedding/override/isolate controls from every string it receives; the printed
// application and every email are written without them too (for rows stored before).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, familyMembers, users } from '#server/db/schema.ts';
import { createMailer } from '#server/lib/mailer.ts';
import { stripBidiControls } from '#shared/text.ts';
import { applicationText } from '#client/features/cases/application-text.ts';
import { useTestApp } from './test-app.ts';
import { createUser, sessionCookie, uniqueEmail } from './factories.ts';

const t = useTestApp();
const RLO = '\u202E';
const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

describe('bidirectional controls', () => {
  it('never reach a stored name or address, nor the email sent to that name', async () => {
    const email = uniqueEmail('bidi');
    const res = await t.request('POST', '/api/auth/signup', {
      body: { role: 'Family-Member', name: `Geeta ${RLO}ivaD\u2066`, email, password: 'longenough1' },
    });
    expect(res.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user!.name).toBe('Geeta ivaD');
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    for (const m of mails) expect(CONTROLS.test(m.subject + m.text)).toBe(false);

    const member = await createUser(t.db, { role: 'Family-Member' });
    const cookie = await sessionCookie(t.db, member.id);
    const form = {
      phone: '+91 98765-43210',
      address: `14 Gandhi Nagar${RLO} 110031`,
      caseNumber: `FIR-0421/2024${RLO}`,
      detail: `Held at ${RLO}District Jail Sitapur`,
      caseType: 'Criminal Defense Lawyer',
    };
    const registered = await t.request('PUT', '/api/family/registration', { cookie, body: form });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(CONTROLS.test(registered.body)).toBe(false);
    const [row] = await t.db.select().from(familyMembers).where(eq(familyMembers.userId, member.id));
    expect(row!.address).toBe('14 Gandhi Nagar 110031');
  });

  it('are not printed in the S.479 application, whatever is stored', () => {
    const text = applicationText('en', {
      prisonerName: `Ramesh ${RLO}ramuK`,
      prison: `District Jail ${RLO}Sitapur`,
      court: `CJM ${RLO}Sitapur`,
      cnr: 'UPST010012342024',
      caseNumber: `12/2024${RLO}`,
      custodySince: '2024-01-10',
      offences: [{ code: 'theft', maxMonths: 36 }],
      firstOffence: true,
      fraction: '1/3',
      eligibleOn: '2025-01-10',
      maximumEndsOn: '2027-01-10',
      delayByAccusedDays: 0,
      today: '2026-11-26',
    } as Parameters<typeof applicationText>[1]);
    const all = [text.to, text.subject, text.reference, ...text.paragraphs, text.prayer, text.place, text.signature].join('\n');
    expect(CONTROLS.test(all)).toBe(false);
    expect(text.place).toContain('Date: 26 November 2026');
  });

  it('are not sent in an email subject or text, even from an old row', async () => {
    const sent: string[] = [];
    const mailer = createMailer({ from: 'x <x@y.z>', log: { info: (o) => sent.push(JSON.stringify(o)) } });
    await mailer.send({ to: 'a@gmail.com', subject: `Your client ${RLO}atieG`, text: `Dear ${RLO}atieG` });
    expect(stripBidiControls(`a${RLO}b\u2067c\u2069`)).toBe('abc');
    // The log mailer shows what SMTP would send: no control.
    expect(sent.join('')).not.toContain('\\u202e');
    expect(CONTROLS.test(sent.join(''))).toBe(false);
  });
});
