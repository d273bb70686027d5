// What a lawyer's answer and upload tell the family member (docs/spec.md#4-states-and-transitions): an in-app
// notification and an email in the family member's saved language, queued in the transaction of the change.
import type { Db } from '../../db/client.ts';
import { findRecipient, notify } from '../../lib/notify.ts';

interface Lawyer {
  name: string;
  email: string;
  phone: string;
  lawyerType: string;
  courtArea: string;
}

export async function tellAccepted(db: Db, memberId: string, lawyer: Lawyer, publicUrl: string) {
  const member = await findRecipient(db, memberId);
  if (!member) return;
  await notify(db, member, {
    kind: 'request_accepted',
    params: { lawyer: lawyer.name, lawyerType: lawyer.lawyerType, courtArea: lawyer.courtArea, phone: lawyer.phone, email: lawyer.email },
    link: '/family-case',
    publicUrl,
  });
}

export async function tellRejected(db: Db, memberId: string, lawyer: Pick<Lawyer, 'name'>, publicUrl: string) {
  const member = await findRecipient(db, memberId);
  if (!member) return;
  await notify(db, member, { kind: 'request_rejected', params: { lawyer: lawyer.name }, link: '/lawyerSearch', publicUrl });
}

export async function tellBailPaper(db: Db, memberId: string, lawyer: Pick<Lawyer, 'name'>, filename: string, publicUrl: string) {
  const member = await findRecipient(db, memberId);
  if (!member) return;
  await notify(db, member, { kind: 'bail_paper_uploaded', params: { lawyer: lawyer.name, filename }, link: '/family-case', publicUrl });
}
