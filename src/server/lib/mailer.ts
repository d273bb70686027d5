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

/**
 * How long one SMTP delivery may take. nodemailer's defaults (2 min to connect, 10 min of socket
 * silence) outlast the outbox's 5-minute claim on a row, so a hung server would stall the worker
 * and let another instance send the same email again; these stay well inside the claim.
 */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 60_000 };

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  log: { info: (obj: object, msg: string) => void };
  timeoutsMs?: Partial<typeof SMTP_TIMEOUTS_MS>;
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
  const timeouts = { ...SMTP_TIMEOUTS_MS, ...options.timeoutsMs };
  const transport = nodemailer.createTransport(
    {
      url: options.smtpUrl,
      connectionTimeout: timeouts.connection,
      greetingTimeout: timeouts.greeting,
      socketTimeout: timeouts.socket,
    },
    { from: options.from },
  );
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
