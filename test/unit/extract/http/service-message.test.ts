import { describe, expect, it } from 'vitest';
import { bodyExcerpt } from '../../../../src/extract/http/body-excerpt.ts';
import { maskSecrets } from '../../../../src/extract/http/mask-secrets.ts';
import { serviceMessage } from '../../../../src/extract/http/service-message.ts';

describe('serviceMessage', () => {
  it('reads the MessageList shape', () => {
    expect(serviceMessage('{"Messages":[{"Message":"The cursor has expired."}]}')).toBe(
      'The cursor has expired.',
    );
  });

  it('joins several messages', () => {
    expect(serviceMessage('{"Messages":[{"Message":"a"},{"Message":"b"}]}')).toBe('a; b');
  });

  it('reads the bare MessageInfo shape of the statistics endpoints', () => {
    expect(serviceMessage('{"Message":"The specified Monitor for monitorGuid does not exist."}')).toBe(
      'The specified Monitor for monitorGuid does not exist.',
    );
  });

  it('reads <Message> elements of an XML error body', () => {
    expect(
      serviceMessage('<MessageList><Messages><Message>Bad period</Message></Messages></MessageList>'),
    ).toBe('Bad period');
  });

  it.each(['', 'null', '[]', '{"Messages":[]}', '{"Message":""}', '<html>oops</html>', '{"Other":1}'])(
    'finds nothing in %j',
    (body) => {
      expect(serviceMessage(body)).toBeUndefined();
    },
  );

  it('bounds a huge message', () => {
    expect(serviceMessage(JSON.stringify({ Message: 'x'.repeat(5000) }))).toHaveLength(500);
  });
});

describe('bodyExcerpt', () => {
  it('keeps a short prefix on one line', () => {
    expect(bodyExcerpt('<!DOCTYPE html>\n<html>\n  <body>', [], 20)).toBe('<!DOCTYPE html> <htm...');
  });

  it('masks secrets', () => {
    expect(bodyExcerpt('{"P":"hunter2-secret"}', ['hunter2-secret'])).toBe('{"P":"***"}');
  });

  it('does not mask secrets too short to matter', () => {
    expect(bodyExcerpt('abc', ['b'])).toBe('abc');
  });
});

describe('maskSecrets', () => {
  it('masks every occurrence of every secret', () => {
    expect(maskSecrets('user pw1234 said pw1234 and dG9rZW4=', ['pw1234', 'dG9rZW4='])).toBe(
      'user *** said *** and ***',
    );
  });
});
