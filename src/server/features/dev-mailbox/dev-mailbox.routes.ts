// The development mailbox: GET /dev/mail lists the emails the server queued, newest first, with
// their links clickable, so a newcomer opens a sign-up link without reading the log. Registered only
// when env.DEV_MAILBOX (development by default, refused in production), outside /api: it is a page
// for the developer, not part of the API (docs/decisions/0039-dev-mailbox.md).
import type { FastifyInstance } from 'fastify';
import { listMailboxEmails, type MailboxEmail } from './dev-mailbox.queries.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const LINK = /https?:\/\/[^\s"'<>]+/g;

/** The email's text, escaped, with every http(s) link made a link (the rest stays text). */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    // A sentence's full stop or closing bracket after a link is not part of it.
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function describeStatus(email: MailboxEmail, now: Date): string {
  if (email.status === 'pending' && email.nextAttemptAt > now) return `pending until ${email.nextAttemptAt.toISOString()}`;
  return email.status;
}

export function renderMailbox({ emails, total }: { emails: MailboxEmail[]; total: number }, now = new Date()): string {
  const items = emails.map(
    (e) => `<article>
<h2>${escapeHtml(e.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(e.to)}</strong> · queued ${escapeHtml(e.createdAt.toISOString())} · ${escapeHtml(describeStatus(e, now))}</p>
<pre>${linkify(e.text)}</pre>
</article>`,
  );
  const shown = total > emails.length ? `the newest ${emails.length} of ${total}` : `${total}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rihaai development mailbox</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 1rem auto; padding: 0 1rem; color: #1a1b1e; }
article { border-top: 1px solid #ccc; padding: 0.5rem 0; }
h2 { font-size: 1.1rem; margin: 0.5rem 0 0.25rem; }
.meta { color: #495057; margin: 0; }
pre { white-space: pre-wrap; word-break: break-word; font-family: inherit; }
a { color: #1864ab; }
</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>The emails Rihaai queued (${escapeHtml(shown)}), newest first. This page exists only in development; it is off in tests unless DEV_MAILBOX=true and never served in production. <a href="/dev/mail">Refresh</a></p>
${items.length > 0 ? items.join('\n') : '<p>No emails yet. Sign up, and the confirmation email appears here.</p>'}
</main>
</body>
</html>
`;
}

export async function devMailboxRoutes(app: FastifyInstance) {
  // Not an /api route, so the route guard asks no role of it; hidden from the API's OpenAPI document.
  app.get('/dev/mail', { schema: { hide: true } }, async (_req, reply) => {
    const page = renderMailbox(await listMailboxEmails(app.deps.db));
    // It holds links that open accounts: no cache keeps it.
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
}
