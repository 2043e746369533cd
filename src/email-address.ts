/**
 * E-mail addresses where they enter: the configuration file's recipients and sender,
 * `REPORT_MAIL_TO` and `REPORT_MAIL_FROM`, operators' addresses read from the Uptrends API, and
 * the recipient list handed to SMTP. Each must be exactly one mailbox: an operator whose address
 * reads `grace@example.com, leak@attacker.test` would otherwise become two recipients when the
 * mail library parses the header, and one account's report would reach a stranger.
 *
 * The parsing is nodemailer's own address parser (the one that builds the headers, so what is
 * accepted here is what will be sent), with stricter rules on top: one entry, not a group, an
 * address with one `@` and no quoted or special characters, no control characters anywhere, and no
 * text beside the address (the parser would take `a@x.test b@y.test` for a name and an address).
 * Loaded on first use, so commands that send no mail do not pay for it.
 */
import { createRequire } from 'node:module';
import type { Address } from 'nodemailer/lib/addressparser';
import { ConfigError } from './errors.ts';

type AddressParser = (text: string) => Address[];

let parser: AddressParser | undefined;

function addressparser(): AddressParser {
  parser ??= createRequire(import.meta.url)('nodemailer/lib/addressparser') as AddressParser;
  return parser;
}

/** The longest address SMTP carries (RFC 5321, 4.5.3.1: a path of 256 octets with its brackets). */
const MAX_ADDRESS_LENGTH = 254;

/** Characters an address we send to may not hold (quoted local parts and literals are refused). */
// eslint-disable-next-line no-control-regex
const SPECIAL = /[\s"(),:;<>[\\\]\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** What `checkMailbox` found: the bare address, or why the text is not one. */
export type MailboxCheck =
  { readonly ok: true; readonly address: string } | { readonly ok: false; readonly reason: string };

/** Options of `checkMailbox`. */
export interface MailboxOptions {
  /** Accept a display name, `Reports <reports@example.com>` (a sender). (Default: false) */
  readonly allowName?: boolean;
}

/**
 * Checks that `text` is exactly one mailbox; returns its bare address (as written, trimmed) or the
 * reason it is not one.
 */
export function checkMailbox(text: string, options: MailboxOptions = {}): MailboxCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'it is empty' };
  if (CONTROL.test(text)) return { ok: false, reason: 'it holds a control character (a line break?)' };
  if (trimmed.length > MAX_ADDRESS_LENGTH * 2) return { ok: false, reason: 'it is too long' };
  const entries = addressparser()(trimmed);
  if (entries.length !== 1) {
    const found = entries.flatMap((e) =>
      e.group === undefined ? [e.address] : e.group.map((g) => g.address),
    );
    return {
      ok: false,
      reason:
        entries.length === 0
          ? 'it holds no address'
          : `it holds ${entries.length} entries (${found.filter((a) => a !== '').join(', ')}); give one address each`,
    };
  }
  const entry = entries[0]!;
  if (entry.group !== undefined) return { ok: false, reason: 'it is an address group, not one address' };
  const address = entry.address;
  if (address === '') return { ok: false, reason: 'it holds no address (name@domain)' };
  const bracketed = /<[^<>]*>\s*$/.test(trimmed);
  if (entry.name !== '' && !bracketed)
    return { ok: false, reason: 'it holds text besides the address (two addresses without a comma?)' };
  if (entry.name !== '' && options.allowName !== true)
    return { ok: false, reason: 'give the address alone, without a name' };
  if (entry.name.includes('@')) return { ok: false, reason: 'its name holds another address' };
  const at = address.indexOf('@');
  if (at <= 0 || at !== address.lastIndexOf('@') || at === address.length - 1)
    return { ok: false, reason: 'an address is name@domain, with one @' };
  if (SPECIAL.test(address)) return { ok: false, reason: 'the address holds a space, quote or bracket' };
  if (address.length > MAX_ADDRESS_LENGTH) return { ok: false, reason: 'the address is too long' };
  // What the parser read must be what was written: nothing dropped or rewritten on the way.
  if (!trimmed.includes(address)) return { ok: false, reason: 'it is not written as an address' };
  return { ok: true, address };
}

/** `text` as a message shows it: quoted, control characters escaped, at most 120 characters. */
export function showAddressText(text: string): string {
  const shown = JSON.stringify(text);
  return shown.length > 120 ? `${shown.slice(0, 117)}..."` : shown;
}

/**
 * The bare address of `text`, which must be exactly one mailbox; otherwise a ConfigError naming
 * `where` it came from (a setting, a field of the file) and why.
 */
export function parseMailbox(text: string, where: string, options: MailboxOptions = {}): string {
  const check = checkMailbox(text, options);
  if (check.ok) return check.address;
  throw new ConfigError(`${where}: ${showAddressText(text)} is not one e-mail address: ${check.reason}.`, {
    context: { setting: where },
  });
}

declare const parsedRecipients: unique symbol;

/**
 * Mail recipients, each entry exactly one bare address. Only `parseRecipients` makes one, so a
 * mail sender that takes `Recipients` need not (and does not) parse them again.
 */
export type Recipients = readonly string[] & { readonly [parsedRecipients]: true };

/**
 * The recipients as bare addresses: a comma list (REPORT_MAIL_TO) or an array, each entry exactly
 * one address. An entry that is not (`a@x.test, b@y.test` as one array item, a line break, a
 * group) is refused with a ConfigError naming `where`: a mail library would read it as several
 * recipients.
 */
export function parseRecipients(
  to: string | readonly string[],
  where = 'the recipient list of the report mail',
): Recipients {
  const list = typeof to === 'string' ? to.split(',') : [...to];
  const parsed: readonly string[] = list.filter((a) => a.trim() !== '').map((a) => parseMailbox(a, where));
  return Object.freeze(parsed) as Recipients;
}
