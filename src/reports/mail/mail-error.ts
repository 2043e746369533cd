/**
 * Maps nodemailer failures to MailError with stable codes, so the nightly job and scripts can
 * tell a wrong password from a typo in an address from a server that is down, without matching
 * message text. The SMTP password is scrubbed from every message, whatever the server echoed.
 */
import { MailError } from '../../errors.ts';
import { maskSecrets } from '../../redaction.ts';

/** Stable codes of mail failures (part of the product: scripts may match on them). */
export const MAIL_ERROR_CODES = {
  authFailed: 'MAIL_AUTH_FAILED',
  recipientRejected: 'MAIL_RECIPIENT_REJECTED',
  unreachable: 'MAIL_SERVER_UNREACHABLE',
  tlsFailed: 'MAIL_TLS_FAILED',
  failed: 'MAIL_FAILED',
} as const;

interface NodemailerError {
  code?: string;
  responseCode?: number;
  command?: string;
  message?: string;
  rejected?: string[];
}

const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

/** The MailError for a nodemailer failure; `server` is `host:port`, never the URL with credentials. */
export function toMailError(error: unknown, server: string, secrets: readonly string[]): MailError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as NodemailerError;
  const detail = maskSecrets(e.message ?? String(error), secrets);
  const context = { server, smtpCode: e.responseCode, command: e.command, nodemailerCode: e.code };
  if (e.code === 'EAUTH') {
    return new MailError(
      MAIL_ERROR_CODES.authFailed,
      `the SMTP server ${server} refused the login: ${detail}`,
      {
        retriable: false,
        context,
      },
    );
  }
  if (e.code === 'EENVELOPE') {
    const rejected = (e.rejected ?? []).join(', ');
    return new MailError(
      MAIL_ERROR_CODES.recipientRejected,
      `the SMTP server ${server} rejected ${rejected === '' ? 'the envelope' : `recipient(s) ${rejected}`}: ${detail}`,
      { retriable: false, context },
    );
  }
  if (e.code !== undefined && UNREACHABLE.has(e.code)) {
    return new MailError(
      MAIL_ERROR_CODES.unreachable,
      `could not reach the SMTP server ${server}: ${detail}`,
      {
        retriable: true,
        context,
      },
    );
  }
  if (e.code === 'ETLS') {
    return new MailError(MAIL_ERROR_CODES.tlsFailed, `TLS with the SMTP server ${server} failed: ${detail}`, {
      retriable: false,
      context,
    });
  }
  return new MailError(MAIL_ERROR_CODES.failed, `sending the report mail via ${server} failed: ${detail}`, {
    retriable: e.responseCode !== undefined && e.responseCode >= 400 && e.responseCode < 500,
    context,
  });
}
