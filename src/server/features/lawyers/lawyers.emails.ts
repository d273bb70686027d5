// The emails a lawyer's answer sends to the family member (issue 4, item 5). Plain text, English;
// queued through the outbox in the transaction of the change.
import type { OutgoingEmail } from '../../lib/mailer.ts';

interface Lawyer {
  name: string;
  email: string;
  phone: string;
  lawyerType: string;
  courtArea: string;
}

interface Member {
  name: string;
  email: string;
}

const signature = '\n\n— Rihaai';

export function acceptedEmail(member: Member, lawyer: Lawyer, publicUrl: string): OutgoingEmail {
  return {
    to: member.email,
    subject: `${lawyer.name} accepted your lawyer request`,
    text:
      `Hello ${member.name},\n\n` +
      `${lawyer.name} (${lawyer.lawyerType}, ${lawyer.courtArea}) accepted your request and is now your lawyer on Rihaai.\n` +
      `Phone: ${lawyer.phone}\nEmail: ${lawyer.email}\n\n` +
      `See your case status: ${publicUrl}/family-case` +
      signature,
  };
}

export function rejectedEmail(member: Member, lawyer: Pick<Lawyer, 'name'>, publicUrl: string): OutgoingEmail {
  return {
    to: member.email,
    subject: `${lawyer.name} declined your lawyer request`,
    text:
      `Hello ${member.name},\n\n` +
      `${lawyer.name} is not able to take your case and declined your request.\n` +
      `You can request another lawyer for your case type: ${publicUrl}/lawyerSearch` +
      signature,
  };
}

export function bailPaperEmail(member: Member, lawyer: Pick<Lawyer, 'name'>, filename: string, publicUrl: string): OutgoingEmail {
  return {
    to: member.email,
    subject: 'A bail paper was uploaded for your case',
    text:
      `Hello ${member.name},\n\n` +
      `Your lawyer ${lawyer.name} uploaded a bail paper (${filename}) for you on Rihaai.\n` +
      `See it on your case status: ${publicUrl}/family-case` +
      signature,
  };
}
