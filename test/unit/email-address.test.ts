/**
 * Issue 32, finding 2: every recipient is exactly one address or refused, wherever it enters (the
 * configuration file, REPORT_MAIL_TO, the recipient list handed to SMTP; operators' addresses from
 * the API are in check-subscriptions.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { parseConfigFile } from '../../src/config-file/load-config-file.ts';
import { checkMailbox, parseMailbox } from '../../src/email-address.ts';
import { ConfigError } from '../../src/errors.ts';
import { parseRecipients } from '../../src/email-address.ts';

/** Texts that must never be taken for one recipient, with the reason given. */
const HOSTILE: readonly [string, RegExp][] = [
  ['grace@example.com, leak@attacker.test', /2 entries \(grace@example\.com, leak@attacker\.test\)/],
  ['grace@example.com;leak@attacker.test', /2 entries/],
  ['grace@example.com leak@attacker.test', /text besides the address/],
  ['grace@example.com\r\nBcc: leak@attacker.test', /control character/],
  ['grace@example.com\u0000', /control character/],
  ['friends: leak@attacker.test, x@attacker.test;', /address group/],
  ['Grace <grace@example.com> <leak@attacker.test>', /another address|text besides/],
  ['"leak@attacker.test"@example.com', /space, quote or bracket|one @/],
  ['grace@@example.com', /one @/],
  ['grace', /no address/],
  ['', /empty/],
  [`${'a'.repeat(300)}@example.com`, /too long/],
];

describe('one e-mail address', () => {
  it('accepts a plain address, and a named sender where names are allowed', () => {
    expect(checkMailbox(' ops@example.com ')).toEqual({ ok: true, address: 'ops@example.com' });
    expect(checkMailbox('Reports <reports@example.com>', { allowName: true })).toEqual({
      ok: true,
      address: 'reports@example.com',
    });
    expect(checkMailbox('Reports <reports@example.com>')).toMatchObject({
      ok: false,
      reason: 'give the address alone, without a name',
    });
  });

  it.each(HOSTILE)('refuses %j', (text, reason) => {
    const check = checkMailbox(text, { allowName: true });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(reason);
  });

  it('names where a refused address came from, with the text escaped', () => {
    expect(() => parseMailbox('a@example.com\nBcc: x@attacker.test', 'REPORT_MAIL_TO')).toThrow(
      'REPORT_MAIL_TO: "a@example.com\\nBcc: x@attacker.test" is not one e-mail address: it holds a control character (a line break?).',
    );
  });
});

describe('where addresses enter', () => {
  it('REPORT_MAIL_TO: a comma list, each entry one address', () => {
    expect(loadConfig({ REPORT_MAIL_TO: 'a@example.com, b@example.com' }).mailTo).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
    expect(() => loadConfig({ REPORT_MAIL_TO: 'a@example.com b@attacker.test' })).toThrow(ConfigError);
    expect(() => loadConfig({ REPORT_MAIL_TO: 'a@example.com b@attacker.test' })).toThrow(
      /^REPORT_MAIL_TO: .* text besides the address/,
    );
    expect(() => loadConfig({ REPORT_MAIL_FROM: 'a@example.com, b@attacker.test' })).toThrow(
      /^REPORT_MAIL_FROM: /,
    );
  });

  it('the configuration file: each recipient one address, refused at its line', () => {
    const file = (address: string) => `subscriptions:
  - name: s
    schedule: daily
    recipients:
      addresses:
        - ok@example.com
        - ${JSON.stringify(address)}
`;
    expect(parseConfigFile(file('b@example.com'), 'c.yaml').contents.subscriptions![0]!.addresses).toEqual([
      'ok@example.com',
      'b@example.com',
    ]);
    expect(() => parseConfigFile(file('b@example.com, leak@attacker.test'), 'c.yaml')).toThrow(
      /c\.yaml:7:11: subscriptions\[0\]\.recipients\.addresses\[1\]: "b@example\.com, leak@attacker\.test" is not one e-mail address .*2 entries/,
    );
    expect(() => parseConfigFile('mail:\n  from: "a@example.com, b@attacker.test"\n', 'c.yaml')).toThrow(
      /c\.yaml:2:3: mail\.from: .* is not one sender address.*2 entries/,
    );
  });

  it('the recipient list handed to SMTP: an entry holding two addresses is refused before sending', () => {
    expect(parseRecipients(['a@example.com', 'b@example.com'])).toEqual(['a@example.com', 'b@example.com']);
    expect(() => parseRecipients(['a@example.com', 'grace@example.com, leak@attacker.test'])).toThrow(
      /the recipient list of the report mail: .* 2 entries/,
    );
  });
});
