// Delivers one email. SMTP through nodemailer when SMTP_URL is set; otherwise the message is
// logged (and stays in the outbox as sent-to-log) so nothing is silently lost (DESIGN §3).
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  log: { info: (obj: object, msg: string) => void };
}): Mailer {
  if (!options.smtpUrl) {
    return {
      kind: 'log',
      async send(email) {
        options.log.info(
          { email: { to: email.to, subject: email.subject, text: email.text } },
          'email (SMTP not configured, logged instead)',
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
  return {
    kind: 'smtp',
    async send(email) {
      await transport.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text });
    },
    close() {
      transport.close();
    },
  };
}
