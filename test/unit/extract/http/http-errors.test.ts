/** Failed exchanges mapped to the project's errors, service messages and masked body excerpts. */
import {
  bodyExcerpt,
  httpErrorForStatus,
  networkError,
  serviceMessage,
} from '../../../../src/extract/http/http-errors.ts';
import { maskSecrets } from '../../../../src/redaction.ts';
import { AuthError, HttpError, RateLimitError, ResponseFormatError } from '../../../../src/errors.ts';
import { parseBody } from '../../../../src/extract/http/response-body.ts';
import { describe, expect, it } from 'vitest';

const base = {
  message: undefined,
  retryAfterMs: undefined,
  what: 'api GET /Monitor',
  context: { route: '/Monitor' },
};

describe('httpErrorForStatus', () => {
  it.each([
    [400, 'API_BAD_REQUEST', false],
    [404, 'API_NOT_FOUND', false],
    [405, 'API_REJECTED', false],
    [409, 'API_REJECTED', false],
    [302, 'API_REJECTED', false],
    [500, 'API_SERVER_ERROR', true],
    [502, 'API_SERVER_ERROR', true],
    [503, 'API_SERVER_ERROR', true],
  ])('%i -> %s (retriable %s)', (status, code, retriable) => {
    const e = httpErrorForStatus({ ...base, status });
    expect(e).toBeInstanceOf(HttpError);
    expect(e.code).toBe(code);
    expect(e.retriable).toBe(retriable);
    expect(e.status).toBe(status);
  });

  it.each([401, 403])('%i is a non-retriable AuthError', (status) => {
    const e = httpErrorForStatus({
      ...base,
      status,
      message: 'Authorization has been denied for this request.',
    });
    expect(e).toBeInstanceOf(AuthError);
    expect(e.retriable).toBe(false);
    expect(e.message).toContain('Authorization has been denied');
  });

  it('429 is a retriable RateLimitError carrying Retry-After', () => {
    const e = httpErrorForStatus({ ...base, status: 429, retryAfterMs: 7000 });
    expect(e).toBeInstanceOf(RateLimitError);
    expect((e as RateLimitError).retryAfterMs).toBe(7000);
    expect(e.retriable).toBe(true);
  });

  it("puts the service's message and the route in the message", () => {
    const e = httpErrorForStatus({
      ...base,
      status: 400,
      message: 'Take must be a number between 1 and 100.',
    });
    expect(e.message).toBe('api GET /Monitor answered 400: Take must be a number between 1 and 100.');
    expect(e.context.route).toBe('/Monitor');
  });
});

describe('networkError', () => {
  const err = (code: string): Error => Object.assign(new Error(`boom ${code}`), { code });

  it.each(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])(
    '%s -> API_TIMEOUT',
    (code) => {
      const e = networkError(err(code), 'api GET /Monitor', {}) as HttpError;
      expect(e.code).toBe('API_TIMEOUT');
      expect(e.retriable).toBe(true);
      expect(e.status).toBeUndefined();
    },
  );

  it.each(['UND_ERR_SOCKET', 'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND'])('%s -> API_UNREACHABLE', (code) => {
    const e = networkError(err(code), 'api GET /Monitor', {}) as HttpError;
    expect(e.code).toBe('API_UNREACHABLE');
    expect(e.retriable).toBe(true);
  });

  it('says a host name that does not resolve is a DNS problem, not a lost connection', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
      const e = networkError(err(code), 'api GET /Monitor', {}) as HttpError;
      expect(e.message).toBe(
        `api GET /Monitor failed: the host name could not be resolved (check the URL and DNS) (${code})`,
      );
      expect(e.message).not.toMatch(/connection lost/);
    }
    expect((networkError(err('ECONNRESET'), 'x', {}) as HttpError).message).toBe(
      'x failed: connection lost (ECONNRESET)',
    );
  });

  it('reads the code of the first error of an AggregateError', () => {
    const e = networkError(
      new AggregateError([err('ECONNREFUSED'), err('ECONNREFUSED')]),
      'x',
      {},
    ) as HttpError;
    expect(e.code).toBe('API_UNREACHABLE');
  });

  it('maps a body shorter than its Content-Length to a retriable format error', () => {
    const e = networkError(err('UND_ERR_RES_CONTENT_LENGTH_MISMATCH'), 'x', {});
    expect(e).toBeInstanceOf(ResponseFormatError);
  });

  it('returns anything else unchanged (a bug is not retried)', () => {
    const bug = new TypeError('x is not a function');
    expect(networkError(bug, 'x', {})).toBe(bug);
    const invalid = err('UND_ERR_INVALID_ARG');
    expect(networkError(invalid, 'x', {})).toBe(invalid);
  });
});

describe('parseBody', () => {
  const f = {
    accept: 'json' as const,
    contentType: 'application/json; charset=utf-8',
    xmlArrays: [],
    what: 'api GET /Monitor (200)',
    context: { route: '/Monitor' },
    secrets: ['s3cret-pass'],
  };

  it('parses JSON', () => {
    expect(parseBody('{"a":[1]}', f)).toEqual({ a: [1] });
  });

  it('rejects truncated JSON with a retriable ResponseFormatError and a short excerpt', () => {
    const text = JSON.stringify({ Data: Array.from({ length: 50 }, (_, i) => ({ Id: i })) });
    const e = (() => {
      try {
        parseBody(text.slice(0, text.length / 2), f);
      } catch (error) {
        return error as ResponseFormatError;
      }
      throw new Error('no error');
    })();
    expect(e).toBeInstanceOf(ResponseFormatError);
    expect(e.retriable).toBe(true);
    expect(e.message).toMatch(
      /^api GET \/Monitor \(200\): the body is not valid JSON \(cut off or malformed\)/,
    );
    expect(e.message.length).toBeLessThan(220);
  });

  it('names an HTML page', () => {
    expect(() => parseBody('<!DOCTYPE html><html></html>', f)).toThrow(/HTML or XML page/);
  });

  it('rejects an empty body', () => {
    expect(() => parseBody('  ', f)).toThrow(/empty body/);
  });

  it('masks secrets in the excerpt', () => {
    expect(() => parseBody('oops s3cret-pass', f)).toThrow(/oops \*\*\*/);
  });

  it('follows the content type: XML when the service sends XML', () => {
    expect(
      parseBody('<R><Devices><Device><Id>1</Id></Device></Devices></R>', {
        ...f,
        contentType: 'application/xml',
        xmlArrays: ['Devices'],
      }),
    ).toEqual({
      Devices: [{ Id: 1 }],
    });
  });

  it('falls back to the requested format without a content type', () => {
    expect(parseBody('<R><A>x</A></R>', { ...f, contentType: undefined, accept: 'xml' })).toEqual({ A: 'x' });
  });
});

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

  it('masks short secrets where they stand as a token, not inside longer words (redaction.ts)', () => {
    expect(bodyExcerpt('wrong password: b (abc)', ['b'])).toBe('wrong password: *** (abc)');
  });
});

describe('maskSecrets', () => {
  it('masks every occurrence of every secret', () => {
    expect(maskSecrets('user pw1234 said pw1234 and dG9rZW4=', ['pw1234', 'dG9rZW4='])).toBe(
      'user *** said *** and ***',
    );
  });
});
