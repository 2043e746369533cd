/**
 * The `mail:` section: how report e-mail leaves. The SMTP URL holds a password, so the file names
 * the variable that holds it (`smtp_url_env`, default `SMTP_URL`); the sender is plain text.
 *
 * The section is applied as a layer under the environment: `environmentWithConfigFile` fills
 * `SMTP_URL` and `REPORT_MAIL_FROM` from it, and `loadConfig` (src/config.ts) validates and
 * redacts them exactly as when they come from the environment. `smtp_url_env` chooses which
 * variable is read; `REPORT_MAIL_FROM`, when set, wins over `from` (flags, then the environment,
 * then the file: the README's precedence rule).
 */
import { z } from 'zod';
import { checkMailbox, showAddressText } from '../email-address.ts';
import { envVarName, resolveEnvReference } from './env-reference.ts';

/**
 * A recipient: exactly one e-mail address (`ops@example.com`, no display name), parsed by the
 * mail library's own parser (src/email-address.ts); the issue names the entry's line.
 */
export const emailAddress = z.string().transform((text, ctx) => {
  const check = checkMailbox(text);
  if (check.ok) return check.address;
  ctx.addIssue({
    code: 'custom',
    message: `${showAddressText(text)} is not one e-mail address (such as ops@example.com): ${check.reason}`,
  });
  return z.NEVER;
});

/** A sender: `reports@example.com` or `Uptrends reports <reports@example.com>`. */
const sender = z.string().transform((text, ctx) => {
  const check = checkMailbox(text, { allowName: true });
  if (check.ok) return text.trim();
  ctx.addIssue({
    code: 'custom',
    message: `${showAddressText(text)} is not one sender address (reports@example.com or "Reports <reports@example.com>"): ${check.reason}`,
  });
  return z.NEVER;
});

/** `mail:` which variable holds the SMTP URL, and the sender. */
export const mailSection = z.strictObject({
  /** Name of the variable holding `smtp://user:password@host:587`. (Default: SMTP_URL) */
  smtp_url_env: envVarName().optional(),
  /** Sender of report e-mail. (Default: $REPORT_MAIL_FROM) */
  from: sender.optional(),
});

/** The `mail:` section as parsed. */
export type MailSection = z.infer<typeof mailSection>;

/**
 * The environment with the mail section applied: `SMTP_URL` from the variable the section names
 * (when that variable is set), `REPORT_MAIL_FROM` from `from` when the environment has none.
 */
export function environmentWithMailSection(
  env: Readonly<Record<string, string | undefined>>,
  mail: MailSection | undefined,
): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = { ...env };
  if (mail === undefined) return merged;
  if (mail.smtp_url_env !== undefined && mail.smtp_url_env !== 'SMTP_URL') {
    merged.SMTP_URL = resolveEnvReference(env, mail.smtp_url_env);
  }
  if (mail.from !== undefined && resolveEnvReference(env, 'REPORT_MAIL_FROM') === undefined) {
    merged.REPORT_MAIL_FROM = mail.from;
  }
  return merged;
}
