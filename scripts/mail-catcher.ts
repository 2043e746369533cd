/**
 * A local SMTP server that keeps every mail it receives, to see what the report subscriptions send
 * without a real mail server: `npm run mail-catcher` (then `SMTP_URL=smtp://127.0.0.1:2525`).
 *
 * Each mail is saved twice in the folder: `<n>.eml` as received (open it in a mail client) and
 * `<n>.html`, the HTML body with its inline images (the daily chart) embedded, so a browser shows
 * it as a phone's mail app would; attachments are saved beside them. One line per mail is printed.
 * Development aid only: it listens on 127.0.0.1, accepts any sender and recipient, and needs no
 * login (it uses the dev dependencies smtp-server and postal-mime, which `npm ci` installs).
 *
 *   npm run mail-catcher -- [--port 2525] [--dir ./mails]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import PostalMime, { type Attachment } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '2525' }, dir: { type: 'string', default: './mails' } },
});
const dir = path.resolve(values.dir);
mkdirSync(dir, { recursive: true });
let count = 0;

/** An attachment's content as bytes, whatever form the parser gave it. */
function bytes(content: Attachment['content']): Buffer {
  return typeof content === 'string' ? Buffer.from(content) : Buffer.from(content as ArrayBuffer);
}

/** The HTML body with `cid:` references replaced by data URIs of the inline parts. */
function standaloneHtml(html: string, inline: readonly Attachment[]): string {
  let out = html;
  for (const part of inline) {
    if (part.contentId === undefined) continue;
    const cid = part.contentId.replace(/^<|>$/g, '');
    const data = bytes(part.content).toString('base64');
    out = out.split(`cid:${cid}`).join(`data:${part.mimeType};base64,${data}`);
  }
  return out;
}

const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 50 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      count += 1;
      const raw = Buffer.concat(chunks);
      // Read the envelope now: the session is reset for the next message after the reply.
      const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
      const stem = path.join(dir, String(count).padStart(4, '0'));
      writeFileSync(`${stem}.eml`, raw);
      void PostalMime.parse(raw).then((mail) => {
        const inline = mail.attachments.filter((a) => a.disposition === 'inline');
        if (mail.html !== undefined) writeFileSync(`${stem}.html`, standaloneHtml(mail.html, inline));
        for (const a of mail.attachments.filter((x) => x.disposition !== 'inline')) {
          writeFileSync(`${stem}-${path.basename(a.filename ?? 'attachment')}`, bytes(a.content));
        }
        process.stdout.write(`${path.basename(stem)}: to ${to}: ${mail.subject ?? '(no subject)'}\n`);
      });
      callback();
    });
  },
});
server.on('error', (error) => process.stderr.write(`mail-catcher: ${error.message}\n`));
server.listen(Number(values.port), '127.0.0.1', () => {
  process.stdout.write(`mail-catcher: SMTP on 127.0.0.1:${values.port}, mails saved in ${dir}\n`);
  process.stdout.write(`  export SMTP_URL=smtp://127.0.0.1:${values.port}\n`);
});
