import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskSecrets, mayHoldSecrets, REDACTED, redactSecrets } from '../../src/redaction.ts';
import { RecordValidationError } from '../../src/errors.ts';

function allStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) allStrings(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      allStrings(item, out);
    }
  }
  return out;
}

describe('redactSecrets', () => {
  it('removes password, secret, token and archive keys at any depth', () => {
    const monitor = {
      MonitorGuid: 'g',
      Password: 'hunter2',
      CertificatePassword: 'c3rt',
      Username: 'svc',
      MsaSteps: [
        { Url: 'https://x', ClientSecret: 's3', Authentication: { AccessToken: 't0k', Password: 'p' } },
      ],
      CertificateArchive: { Issuer: 'CA', ArchiveData: 'QUJD', Password: '' },
    };
    expect(redactSecrets(monitor)).toEqual({
      MonitorGuid: 'g',
      Username: 'svc',
      MsaSteps: [{ Url: 'https://x', Authentication: {} }],
      CertificateArchive: { Issuer: 'CA' },
    });
  });

  it('replaces the values of sensitive request headers and keeps the others', () => {
    const redacted = redactSecrets({
      RequestHeaders: [
        { Name: 'Authorization', Value: 'Bearer abc' },
        { Key: 'Cookie', Value: 'session=1' },
        { Key: 'X-Api-Key', Value: 'k' },
        { Name: 'Proxy-Authorization', Value: 'Basic x' },
        { Name: 'Accept', Value: 'application/json' },
      ],
    });
    expect(redacted).toEqual({
      RequestHeaders: [
        { Name: 'Authorization', Value: REDACTED },
        { Key: 'Cookie', Value: REDACTED },
        { Key: 'X-Api-Key', Value: REDACTED },
        { Name: 'Proxy-Authorization', Value: REDACTED },
        { Name: 'Accept', Value: 'application/json' },
      ],
    });
  });

  it('replaces every PredefinedVariables value, whatever its name', () => {
    const redacted = redactSecrets({
      PredefinedVariables: [
        { Key: 'baseUrl', Value: 'https://api' },
        { Key: 'x', Value: null },
      ],
    });
    expect(redacted).toEqual({
      PredefinedVariables: [
        { Key: 'baseUrl', Value: REDACTED },
        { Key: 'x', Value: null },
      ],
    });
  });

  it('strips vault item values and URL credentials', () => {
    expect(redactSecrets({ VaultItemType: 'CredentialSet', Name: 'db', Value: 'v', UserName: 'u' })).toEqual({
      VaultItemType: 'CredentialSet',
      Name: 'db',
    });
    expect(redactSecrets({ Url: 'https://admin:pa55@example.com/x' })).toEqual({
      Url: `https://admin:${REDACTED}@example.com/x`,
    });
  });

  it('does not modify its input', () => {
    const input = { Password: 'p', RequestHeaders: [{ Name: 'Authorization', Value: 'v' }] };
    const copy = structuredClone(input);
    redactSecrets(input);
    expect(input).toEqual(copy);
  });

  it('property: no value found under a sensitive key, header or variable survives anywhere', () => {
    // Secrets are long and prefixed; other strings are short, so an equal string can only be a leak.
    const secret = fc.stringMatching(/^[A-Za-z0-9]{4,12}$/).map((s) => `SECRET_${s}`);
    const plain = fc.string({ maxLength: 6 });
    const sensitiveKey = fc.constantFrom(
      'Password',
      'CertificatePassword',
      'password',
      'DbPasswordHint',
      'ClientSecret',
      'AccessToken',
      'refresh_token',
      'ArchiveData',
      'ApiKey',
      'PrivateKey',
    );
    const sensitiveHeader = fc.constantFrom(
      'Authorization',
      'cookie',
      'Proxy-Authorization',
      'X-Api-Key',
      'X-Auth-Token',
    );
    const plainKey = fc.constantFrom('Name', 'Url', 'Value', 'Key', 'Notes', 'Items', 'Steps');
    const leafSecret = fc.record({ key: sensitiveKey, value: secret });

    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        plain,
        fc.integer(),
        fc.array(tie('node'), { maxLength: 3 }),
        fc
          .tuple(fc.dictionary(plainKey, tie('node'), { maxKeys: 3 }), fc.array(leafSecret, { maxLength: 2 }))
          .map(([object, secrets]) => {
            const copy: Record<string, unknown> = { ...object };
            for (const { key, value } of secrets) copy[key] = value;
            return copy;
          }),
        fc.record({ Name: sensitiveHeader, Value: secret }),
        fc.record({
          PredefinedVariables: fc.array(fc.record({ Key: plain, Value: secret }), { maxLength: 3 }),
        }),
      ),
    }));

    fc.assert(
      fc.property(tree.node, (input) => {
        const secrets = new Set(allStrings(input).filter((s) => s.startsWith('SECRET_')));
        const leaked = allStrings(redactSecrets(input)).filter((s) => secrets.has(s));
        expect(leaked).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('mayHoldSecrets (a record stored from its text when false)', () => {
  it('is false for a plain alert and true for each kind of secret redactSecrets removes', () => {
    const alert = {
      Id: 'a1',
      Attributes: { ErrorDescription: 'see https://example.com/x', MonitorCheckId: 1 },
      Relationships: [{ Id: 1, Links: { Self: '/MonitorCheck/1' } }],
    };
    expect(mayHoldSecrets(alert)).toBe(false);
    expect(mayHoldSecrets({ ...alert, Nested: { AccessToken: 'x' } })).toBe(true);
    expect(mayHoldSecrets({ ...alert, Url: 'https://user:pw@example.com/' })).toBe(true);
    expect(mayHoldSecrets({ Headers: [{ Name: 'Accept', Value: 'text/html' }] })).toBe(true);
    expect(mayHoldSecrets({ Item: { VaultItemType: 'Credential', Notes: 'n' } })).toBe(true);
    expect(mayHoldSecrets({ PredefinedVariables: [] })).toBe(true);
    // Leaves are judged in place: strings in arrays, at the top, and objects inside arrays.
    expect(mayHoldSecrets({ ...alert, Urls: ['https://a.example', 'ftp://u:p@b.example/'] })).toBe(true);
    expect(mayHoldSecrets({ ...alert, Urls: ['https://a.example', 'no url'] })).toBe(false);
    expect(mayHoldSecrets('https://u:p@c.example/')).toBe(true);
    expect(mayHoldSecrets('https://c.example/')).toBe(false);
    expect(mayHoldSecrets({ ...alert, Steps: [[{ Name: 'step' }], [{ ApiKey: 'k' }]] })).toBe(true);
    expect(mayHoldSecrets(null)).toBe(false);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 300; i++) deep = [deep];
    expect(mayHoldSecrets(deep)).toBe(true);
  });

  it('property: when it says false, redactSecrets returns a value equal to the record', () => {
    const key = fc.constantFrom(
      'Name',
      'Url',
      'Value',
      'Key',
      'Notes',
      'ApiKey',
      'Password',
      'Items',
      'VaultSectionGuid',
    );
    const text = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('https://example.com/a', 'ftp://u:p@host/x', 'http://u@h/', 'x://a:b@c'),
    );
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(key, tie('node'), { maxKeys: 3 }),
      ),
    }));
    let plain = 0;
    fc.assert(
      fc.property(tree.node, (input) => {
        if (mayHoldSecrets(input)) return;
        plain++;
        expect(redactSecrets(input)).toEqual(input);
      }),
      { numRuns: 1000 },
    );
    // The property must have been checked on records it let through, not only skipped.
    expect(plain).toBeGreaterThan(100);
  });
});

describe('redaction of hostile input', () => {
  /** Fastest of five runs, in nanoseconds. */
  function fastest(run: () => void): number {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      const start = process.hrtime.bigint();
      run();
      best = Math.min(best, Number(process.hrtime.bigint() - start));
    }
    return best;
  }

  it.each([
    ['letters', (n: number) => 'a'.repeat(n)],
    ['base64-like', (n: number) => 'QUJD+/='.repeat(Math.ceil(n / 7)).slice(0, n)],
    ['URL-like', (n: number) => `https://${'x'.repeat(n)}`],
    ['scheme-like runs', (n: number) => 'ab1+.-'.repeat(Math.ceil(n / 6)).slice(0, n)],
  ])('1 MB of unbroken %s costs about 100 times 10 kB, not 10,000 times (linear)', (_name, text) => {
    const small = text(10_000);
    const large = text(1_000_000);
    const ratio =
      fastest(() => redactSecrets({ ErrorDescription: large })) /
      fastest(() => redactSecrets({ ErrorDescription: small }));
    // Linear work gives ~100; the quadratic pattern it replaces gave ~10,000. Generous for noise.
    expect(ratio).toBeLessThan(1_500);
  });

  it('still removes credentials from every URL of a long text', () => {
    const text = `${'x'.repeat(50_000)} https://u:p1@a.example/x and ftp://v:p2@b.example ${'y'.repeat(50_000)}`;
    const out = redactSecrets({ Url: text }) as { Url: string };
    expect(out.Url).not.toMatch(/p1|p2/);
    expect(out.Url).toContain('https://u:[redacted]@a.example/x');
    expect(out.Url).toContain('ftp://v:[redacted]@b.example');
  });

  it('a record nested deeper than the limit is a RecordValidationError, not a stack overflow', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 5_000; i++) deep = { a: deep };
    expect(() => redactSecrets(deep)).toThrow(RecordValidationError);
    let fine: unknown = 'leaf';
    for (let i = 0; i < 100; i++) fine = [fine];
    expect(() => redactSecrets(fine)).not.toThrow();
  });

  it('masks a short secret where it stands as a token, not inside longer words (issue 17 #11)', () => {
    expect(maskSecrets('connect postgres://etl:x@db failed (max retries)', ['x'])).toBe(
      'connect postgres://etl:***@db failed (max retries)',
    );
    expect(maskSecrets('{"Password":"ab","Note":"table"}', ['ab'])).toBe('{"Password":"***","Note":"table"}');
    // A long secret that contains a short one is masked whole.
    expect(maskSecrets('token abcdef here', ['ab', 'abcdef'])).toBe('token *** here');
  });

  it('masks configured secrets of every length, even one character', () => {
    expect(maskSecrets('login x failed for ab at host', ['ab', 'x'])).toBe(
      'login *** failed for *** at host',
    );
    expect(maskSecrets('nothing to hide', [''])).toBe('nothing to hide');
  });
});
