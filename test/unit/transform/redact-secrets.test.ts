import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from '../../../src/transform/redact-secrets.ts';

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
