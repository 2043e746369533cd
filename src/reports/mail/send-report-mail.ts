/**
 * Sends the report mail over SMTP (nodemailer): headline figures in the HTML body with the daily
 * chart inline, workbooks, CSVs and PDFs attached while their total stays under a size limit
 * (base64 makes a mail ~1.37 times the files, and many servers stop at 25 MB), else the summary
 * alone with the paths of the files.
 *
 * The hand-over hook: `onHandOver` runs after the whole message has been written to the SMTP
 * connection and before its end (the final "." that completes the SMTP transaction) is sent. A
 * caller that records "handing over" there knows: if the process dies before the hook finished,
 * the server never saw a complete message and discards it. The delivery ledger rests on this.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Transform } from 'node:stream';
import type { Recipients } from '../../email-address.ts';
import { ConfigError, MailError } from '../../errors.ts';
import type { IncidentModel } from '../incidents/model.ts';
import type { SlaDigest } from '../sla/model-types.ts';
import { buildMailContent, type MailContent } from './mail-content.ts';
import { buildAtRiskMailContent, BUDGET_CHART_CID, type AtRiskMailInput } from './at-risk-mail.ts';
import { budgetChart, hasBudgetChart } from '../at-risk/charts.ts';
import { MAIL_ERROR_CODES, toMailError } from './mail-error.ts';
import { maskSecrets } from '../../redaction.ts';
import { renderChartPng } from '../render/chart-png.ts';
import { dailyUptimeChart } from '../sla/charts.ts';

import { DEFAULT_MAX_ATTACHMENT_BYTES } from '../report-defaults.ts';

export { DEFAULT_MAX_ATTACHMENT_BYTES };

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv; charset=utf-8; header=present',
  '.pdf': 'application/pdf',
};

/** Content-ID of the inline daily chart. */
export const DAILY_CHART_CID = 'daily-uptime@uptrends-etl';

/** Options of `sendReportMail`. */
export interface SendReportMailOptions {
  /** `smtp://user:password@host:port` or `smtps://...` (SMTP_URL). */
  readonly smtpUrl: string;
  /** Sender address (REPORT_MAIL_FROM). */
  readonly from: string;
  /** Recipients, parsed where they were read (email-address.ts, `parseRecipients`). */
  readonly to: Recipients;
  readonly sla?: SlaDigest;
  readonly incidents?: IncidentModel;
  /** The early warning instead of the reports: its changes and lists, its chart inline. */
  readonly atRisk?: AtRiskMailInput | undefined;
  /** Paths of the files to attach, in order. */
  readonly files: readonly string[];
  /** Largest total of attachments in bytes. (Default: 15 MB) */
  readonly maxAttachmentBytes?: number;
  /** Connection, greeting and socket timeout in ms. (Default: 30,000) */
  readonly timeoutMs?: number;
  /** The Message-ID header, `<id@domain>`. (Default: one nodemailer makes up) */
  readonly messageId?: string | undefined;
  /** Subject template (see buildMailContent). (Default: the headline figures) */
  readonly subject?: string | undefined;
  /** The subscription the mail is for, shown in the body. */
  readonly subscription?: string | undefined;
  /** Put the chart inline in the body (daily uptime, or the early warning's budget). (Default: true) */
  readonly chart?: boolean;
  /**
   * Runs once the message is written and before its end is sent to the server; the send waits for
   * it. A rejection aborts the transaction (the server then discards the message).
   */
  readonly onHandOver?: () => Promise<void>;
  /**
   * When some recipients are refused and others accepted: return (the outcome lists them) instead
   * of throwing MAIL_RECIPIENT_REJECTED. (Default: false)
   */
  readonly allowPartialRejection?: boolean;
}

/** What was sent. */
export interface SentReportMail {
  readonly messageId: string;
  readonly accepted: readonly string[];
  /** Recipients the server refused (only with allowPartialRejection; none: empty or absent). */
  readonly rejected?: readonly string[];
  readonly attached: readonly string[];
  /** Files not attached because of the size limit (named in the body instead). */
  readonly omitted: readonly string[];
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

/** Which files a mail attaches and which it only names. */
export interface AttachmentPlan {
  readonly attached: readonly string[];
  /** Left out because the files together are over the size limit (the body names them). */
  readonly omitted: readonly string[];
}

/**
 * The files attached while their total stays within `limit` bytes, else none (the mail names
 * them instead): the one rule of the mail and of a dry run's listing. (Default limit: 15 MB)
 */
export async function planAttachments(
  files: readonly string[],
  limit: number = DEFAULT_MAX_ATTACHMENT_BYTES,
): Promise<AttachmentPlan> {
  let total = 0;
  for (const file of files) total += (await stat(file)).size;
  const fits = total <= limit;
  return { attached: fits ? files : [], omitted: fits ? [] : files };
}

/** Sends the report mail; throws MailError (stable codes in MAIL_ERROR_CODES) or ConfigError. */
export async function sendReportMail(options: SendReportMailOptions): Promise<SentReportMail> {
  const { server, secrets } = smtpServer(options.smtpUrl);
  const recipients = options.to;
  if (recipients.length === 0) throw new ConfigError('no mail recipient given (REPORT_MAIL_TO is empty)');
  const { attached, omitted } = await planAttachments(options.files, options.maxAttachmentBytes);
  const { content, chart } = await composeMail(options, attached, omitted);
  const timeout = options.timeoutMs ?? 30_000;
  // Loaded when a mail is sent: a report written to files only need not pay for it (about 40 ms).
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  let handedOver = false;
  if (options.onHandOver !== undefined) {
    const onHandOver = options.onHandOver;
    transport.use('stream', (mail, done) => {
      // The flush of the last transform is the end of the message: the SMTP connection writes the
      // final "." only once this stream has ended, so the hook runs before the server can accept.
      mail.message.transform(
        () =>
          new Transform({
            transform: (chunk: Buffer, _encoding, callback) => callback(null, chunk),
            flush: (callback) => {
              onHandOver().then(
                () => {
                  handedOver = true;
                  callback();
                },
                (error: unknown) => callback(error as Error),
              );
            },
          }),
      );
      done();
    });
  }
  try {
    const info = (await transport.sendMail({
      from: options.from,
      to: [...recipients],
      subject: content.subject,
      text: content.text,
      html: content.html,
      ...(options.messageId === undefined ? {} : { messageId: options.messageId }),
      attachments: [
        ...attached.map((path) => {
          const extension = path.slice(path.lastIndexOf('.'));
          return {
            filename: basename(path),
            path,
            contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
          };
        }),
        ...(chart === undefined
          ? []
          : [
              {
                filename: chart.filename,
                content: chart.png,
                contentType: 'image/png',
                cid: chart.cid,
              },
            ]),
      ],
    })) as {
      messageId: string;
      accepted: (string | { address: string })[];
      rejected: (string | { address: string })[];
    };
    const addresses = (list: (string | { address: string })[]): string[] =>
      list.map((a) => (typeof a === 'string' ? a : a.address));
    const rejected = addresses(info.rejected ?? []);
    if (rejected.length > 0 && options.allowPartialRejection !== true) {
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
    return { messageId: info.messageId, accepted: addresses(info.accepted), rejected, attached, omitted };
  } catch (error) {
    if (error instanceof MailError) throw error;
    const mailError = toMailError(error, server, secrets);
    // Whether the end of the message reached the connection: without a reply the server may have
    // accepted it (the delivery ledger then records "unknown", never "failed").
    throw handedOver ? withContext(mailError, { handedOver: true }) : mailError;
  } finally {
    transport.close();
  }
}

/** An image shown inline in the mail body. */
interface InlineChart {
  readonly png: Buffer;
  readonly cid: string;
  readonly filename: string;
}

/** The mail's content and its inline chart: the report mail, or the early warning's. */
async function composeMail(
  options: SendReportMailOptions,
  attached: readonly string[],
  omitted: readonly string[],
): Promise<{ content: MailContent; chart: InlineChart | undefined }> {
  const names = attached.map((f) => basename(f));
  if (options.atRisk !== undefined) {
    const model = options.atRisk.model;
    const png =
      options.chart !== false && hasBudgetChart(model) ? await chartPng(budgetChart(model)) : undefined;
    const chart = png === undefined ? undefined : { png, cid: BUDGET_CHART_CID, filename: 'budget-left.png' };
    const content = buildAtRiskMailContent({
      ...options.atRisk,
      subscription: options.subscription,
      subject: options.subject,
      attached: names,
      omitted,
      chartCid: chart?.cid,
    });
    return { content, chart };
  }
  const sla = options.sla;
  const png =
    sla !== undefined && options.chart !== false && sla.daily.days.length > 0
      ? await chartPng(dailyUptimeChart(sla))
      : undefined;
  const chart = png === undefined ? undefined : { png, cid: DAILY_CHART_CID, filename: 'daily-uptime.png' };
  const content = buildMailContent({
    sla,
    incidents: options.incidents,
    attached: names,
    omitted,
    chartCid: chart?.cid,
    subject: options.subject,
    subscription: options.subscription,
  });
  return { content, chart };
}

/** A chart as PNG; a chart that cannot be drawn leaves the mail without it, not unsent. */
async function chartPng(spec: Parameters<typeof renderChartPng>[0]): Promise<Buffer | undefined> {
  try {
    return (await renderChartPng(spec)).png;
  } catch {
    return undefined;
  }
}

function withContext(error: MailError, extra: Record<string, boolean>): MailError {
  return new MailError(error.code, error.message, {
    retriable: error.retriable,
    cause: error.cause,
    context: { ...error.context, ...extra },
  });
}
