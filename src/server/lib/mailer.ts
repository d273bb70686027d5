// Delivers one email. SMTP through nodemailer when SMTP_URL is set; otherwise the message is
// logged (and stays in the outbox as sent-to-log) so nothing is silently lost (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong).
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { stripBidiControls } from '#shared/text.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** What the outbox hands the mailer: the email plus a Message-ID that is the same on every attempt. */
export interface DeliveredEmail extends OutgoingEmail {
  messageId?: string;
}

/**
 * A Message-ID derived from the outbox row, so a retry after a crash mid-send carries the same
 * id as the first attempt and receiving mail systems can recognise the duplicate.
 */
export function outboxMessageId(outboxId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'rihaai.local';
  return `<outbox-${outboxId}@${domain}>`;
}

export interface Mailer {
  /** smtp: delivered; log: written to the log (development and tests only); drop: discarded, nothing logged. */
  readonly kind: 'smtp' | 'log' | 'drop';
  /** Sender address, for outboxMessageId. */
  readonly from?: string;
  /** How many sends it carries at once (SMTP: its pooled connections); the outbox keeps that many in flight. */
  readonly connections?: number;
  send(email: DeliveredEmail): Promise<void>;
  close(): void;
}

/**
 * How long one SMTP delivery may take. nodemailer's defaults (2 min to connect, 10 min of socket
 * silence) outlast the outbox's 5-minute claim on a row, so a hung server would stall the worker
 * and let another instance send the same email again; these stay well inside the claim.
 */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 60_000 };

/** Pooled SMTP connections by default (SMTP_POOL_CONNECTIONS; docs/decisions/0035-outbox-throughput.md). */
export const SMTP_POOL_CONNECTIONS = 5;

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  log: { info: (obj: object, msg: string) => void };
  timeoutsMs?: Partial<typeof SMTP_TIMEOUTS_MS>;
  /** SMTP connections kept open and used at once (default SMTP_POOL_CONNECTIONS). */
  poolConnections?: number | undefined;
  /**
   * Production without SMTP (EMAILS_MAY_BE_DROPPED): an email is discarded and never written to the
   * log, since its link opens an account or resets a password (decision 0033, probe defect 4).
   */
  dropUnsent?: boolean;
}): Mailer {
  if (!options.smtpUrl && options.dropUnsent) {
    return {
      kind: 'drop',
      async send() {
        options.log.info({}, 'email dropped: SMTP_URL is not set (EMAILS_MAY_BE_DROPPED)');
      },
      close() {},
    };
  }
  if (!options.smtpUrl) {
    return {
      kind: 'log',
      async send(email) {
        // The links on their own too: in the JSON line the text's line breaks are "\n", which a
        // copied link would pick up (the link that opens a new account is how a developer signs up).
        const links = email.text.match(/https?:\/\/[^\s"]+/g) ?? [];
        options.log.info(
          { email: { to: email.to, subject: stripBidiControls(email.subject), text: stripBidiControls(email.text), links } },
          'email (SMTP not configured, logged instead)',
        );
      },
      close() {},
    };
  }
  const timeouts = { ...SMTP_TIMEOUTS_MS, ...options.timeoutsMs };
  const connections = options.poolConnections ?? SMTP_POOL_CONNECTIONS;
  const pool: SMTPPool.Options & { maxRequeues: number } = {
    url: options.smtpUrl,
    // A few connections kept open and reused: no TCP, TLS and EHLO exchange per message
    // (docs/decisions/0035-outbox-throughput.md).
    pool: true,
    maxConnections: connections,
    // A connection that drops mid-message fails that message at once (the outbox retries it with its
    // back-off) rather than nodemailer queueing it again, which could outlast the row's claim.
    maxRequeues: 0,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  };
  const transport = nodemailer.createTransport(pool, { from: options.from });
  return {
    kind: 'smtp',
    from: options.from,
    connections,
    async send(email) {
      await transport.sendMail({
        from: options.from,
        to: email.to,
        // A name with a bidi override would reverse the text after it (decision 0033, probe defect 7).
        subject: stripBidiControls(email.subject),
        text: stripBidiControls(email.text),
        ...(email.messageId ? { messageId: email.messageId } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
