/**
 * Sends the report mail over SMTP (nodemailer): headline figures in the HTML body, workbooks and
 * CSVs attached while their total stays under a size limit (base64 makes a mail ~1.37 times the
 * files, and many servers stop at 25 MB), else the summary alone with the paths of the files.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import nodemailer from 'nodemailer';
import { ConfigError, MailError } from '../../errors.ts';
import type { IncidentModel } from '../incidents/model.ts';
import type { SlaModel } from '../sla/model-types.ts';
import { buildMailContent } from './mail-content.ts';
import { MAIL_ERROR_CODES, toMailError } from './mail-error.ts';
import { maskSecrets } from '../../redaction.ts';

import { DEFAULT_MAX_ATTACHMENT_BYTES } from '../report-defaults.ts';

export { DEFAULT_MAX_ATTACHMENT_BYTES };

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv; charset=utf-8; header=present',
};

/** Options of `sendReportMail`. */
export interface SendReportMailOptions {
  /** `smtp://user:password@host:port` or `smtps://...` (SMTP_URL). */
  readonly smtpUrl: string;
  /** Sender address (REPORT_MAIL_FROM). */
  readonly from: string;
  /** Recipients: a comma-separated list (REPORT_MAIL_TO) or an array. */
  readonly to: string | readonly string[];
  readonly sla?: SlaModel;
  readonly incidents?: IncidentModel;
  /** Paths of the files to attach, in order. */
  readonly files: readonly string[];
  /** Largest total of attachments in bytes. (Default: 15 MB) */
  readonly maxAttachmentBytes?: number;
  /** Connection, greeting and socket timeout in ms. (Default: 30,000) */
  readonly timeoutMs?: number;
}

/** What was sent. */
export interface SentReportMail {
  readonly messageId: string;
  readonly accepted: readonly string[];
  readonly attached: readonly string[];
  /** Files not attached because of the size limit (named in the body instead). */
  readonly omitted: readonly string[];
}

/** Splits a comma list into trimmed, non-empty addresses. */
export function parseRecipients(to: string | readonly string[]): string[] {
  const list = typeof to === 'string' ? to.split(',') : [...to];
  return list.map((a) => a.trim()).filter((a) => a !== '');
}

function smtpServer(smtpUrl: string): { server: string; secrets: string[] } {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new ConfigError('SMTP_URL is not a valid URL (expected smtp://user:password@host:port)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  const password = url.password;
  const secrets = [password, decodeURIComponent(password), smtpUrl].filter((s) => s !== '');
  const port = url.port === '' ? (url.protocol === 'smtps:' ? '465' : '587') : url.port;
  return { server: `${url.hostname}:${port}`, secrets };
}

/** Sends the report mail; throws MailError (stable codes in MAIL_ERROR_CODES) or ConfigError. */
export async function sendReportMail(options: SendReportMailOptions): Promise<SentReportMail> {
  const { server, secrets } = smtpServer(options.smtpUrl);
  const recipients = parseRecipients(options.to);
  if (recipients.length === 0) throw new ConfigError('no mail recipient given (REPORT_MAIL_TO is empty)');
  const limit = options.maxAttachmentBytes ?? DEFAULT_MAX_ATTACHMENT_BYTES;
  let total = 0;
  for (const file of options.files) total += (await stat(file)).size;
  const fits = total <= limit;
  const attached = fits ? options.files : [];
  const omitted = fits ? [] : options.files;
  const content = buildMailContent({
    sla: options.sla,
    incidents: options.incidents,
    attached: attached.map((f) => basename(f)),
    omitted,
  });
  const timeout = options.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  try {
    const info = (await transport.sendMail({
      from: options.from,
      to: recipients,
      subject: content.subject,
      text: content.text,
      html: content.html,
      attachments: attached.map((path) => {
        const extension = path.slice(path.lastIndexOf('.'));
        return {
          filename: basename(path),
          path,
          contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        };
      }),
    })) as {
      messageId: string;
      accepted: (string | { address: string })[];
      rejected: (string | { address: string })[];
    };
    const addresses = (list: (string | { address: string })[]): string[] =>
      list.map((a) => (typeof a === 'string' ? a : a.address));
    const rejected = addresses(info.rejected ?? []);
    if (rejected.length > 0) {
      // Delivered to the others; still an error, so a nightly run does not report success.
      throw new MailError(
        MAIL_ERROR_CODES.recipientRejected,
        maskSecrets(
          `the SMTP server ${server} rejected recipient(s) ${rejected.join(', ')}; the others received the mail`,
          secrets,
        ),
        { retriable: false, context: { server, rejected: rejected.length, accepted: info.accepted.length } },
      );
    }
    return { messageId: info.messageId, accepted: addresses(info.accepted), attached, omitted };
  } catch (error) {
    if (error instanceof MailError) throw error;
    throw toMailError(error, server, secrets);
  } finally {
    transport.close();
  }
}
