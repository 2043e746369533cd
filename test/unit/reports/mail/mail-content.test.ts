import { describe, expect, it } from 'vitest';
import { toMailError } from '../../../../src/reports/mail/mail-error.ts';
import { maskSecrets } from '../../../../src/redaction.ts';
import { parseRecipients } from '../../../../src/email-address.ts';

describe('report mail content', () => {
  it('splits a comma list of recipients', () => {
    expect(parseRecipients(' a@example.com, ,b@example.com ')).toEqual(['a@example.com', 'b@example.com']);
  });

  it('maps nodemailer codes to stable MailError codes and scrubs secrets', () => {
    const secrets = ['hunter2'];
    expect(toMailError({ code: 'EAUTH', message: 'Invalid login hunter2' }, 'h:25', secrets).code).toBe(
      'MAIL_AUTH_FAILED',
    );
    expect(
      toMailError({ code: 'EAUTH', message: 'Invalid login hunter2' }, 'h:25', secrets).message,
    ).not.toContain('hunter2');
    expect(toMailError({ code: 'EENVELOPE', rejected: ['x@y'] }, 'h:25', secrets).code).toBe(
      'MAIL_RECIPIENT_REJECTED',
    );
    expect(toMailError({ code: 'ESOCKET' }, 'h:25', secrets)).toMatchObject({
      code: 'MAIL_SERVER_UNREACHABLE',
      retriable: true,
    });
    expect(toMailError({ code: 'ETIMEDOUT' }, 'h:25', secrets).code).toBe('MAIL_SERVER_UNREACHABLE');
    expect(toMailError(new Error('boom'), 'h:25', secrets).code).toBe('MAIL_FAILED');
    expect(maskSecrets('a hunter2 b hunter2', secrets)).toBe('a *** b ***');
  });
});
