import { describe, expect, it } from 'vitest';
import { resolveAccounts } from '../../../src/config-file/resolve-accounts.ts';
import { parseConfigFile } from '../../../src/config-file/load-config-file.ts';
import { ConfigError } from '../../../src/errors.ts';

const FILE = `version: 1
accounts:
  - name: acme
    username_env: ACME_USER
    password_env: ACME_PASSWORD
    infra_username_env: ACME_INFRA_USER
    infra_password_env: ACME_INFRA_PASSWORD
    time_zone: America/New_York
    concurrency: 8
    streams: [monitors, alerts]
  - name: globex
    username_env: GLOBEX_USER
    password_env: GLOBEX_PASSWORD
subscriptions:
  - name: acme-monthly
    schedule: monthly
    accounts: [acme]
    recipients: { addresses: [a@example.com] }
`;

const ENV = {
  ACME_USER: 'acme-user',
  ACME_PASSWORD: ' acme secret ',
  ACME_INFRA_USER: 'acme-infra',
  ACME_INFRA_PASSWORD: 'acme-infra-secret',
  GLOBEX_USER: 'globex-user',
  GLOBEX_PASSWORD: 'globex-secret',
  UPTRENDS_USERNAME: 'env-user',
  UPTRENDS_PASSWORD: 'env-password',
  DATABASE_URL: 'postgres://etl:db-secret@localhost/warehouse',
};

function errorOf(text: string, env: Record<string, string> = ENV): ConfigError {
  try {
    resolveAccounts(env, parseConfigFile(text, 'accounts.yaml'));
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('the file was accepted');
}

describe('the accounts section', () => {
  it('gives each account its own credentials, zone, concurrency and streams over the shared settings', () => {
    const [acme, globex] = resolveAccounts(ENV, parseConfigFile(FILE, 'accounts.yaml'));
    expect(acme!.name).toBe('acme');
    expect(acme!.config.username).toBe('acme-user');
    expect(acme!.config.password).toBe(' acme secret ');
    expect(acme!.config.infraUsername).toBe('acme-infra');
    expect(acme!.config.infraPassword).toBe('acme-infra-secret');
    expect(acme!.config.timeZone).toBe('America/New_York');
    expect(acme!.concurrency).toBe(8);
    expect(acme!.streams).toEqual(['monitors', 'alerts']);
    expect(acme!.config.databaseUrl).toBe(ENV.DATABASE_URL);
    expect(globex!.config.username).toBe('globex-user');
    expect(globex!.config.infraUsername).toBeUndefined();
    expect(globex!.config.timeZone).toBeUndefined();
    expect(globex!.concurrency).toBeUndefined();
    expect(globex!.streams).toBeUndefined();
  });

  it('keeps every secret out of the printable configuration and in the redaction list', () => {
    const [acme] = resolveAccounts(ENV, parseConfigFile(FILE, 'accounts.yaml'));
    expect(JSON.stringify(acme!.config)).not.toContain('acme secret');
    expect(acme!.config.secrets).toEqual(
      expect.arrayContaining([' acme secret ', 'acme-infra-secret', 'db-secret']),
    );
  });

  it('without the section, the environment defines one account named default, as before', () => {
    const [only, ...rest] = resolveAccounts(ENV, undefined);
    expect(rest).toEqual([]);
    expect(only!.name).toBe('default');
    expect(only!.config.username).toBe('env-user');
    expect(only!.fileIndex).toBeUndefined();
    const file = parseConfigFile('version: 1\n', 'empty.yaml');
    expect(resolveAccounts(ENV, file).map((a) => a.name)).toEqual(['default']);
  });

  it('names an unset variable at its line, never showing a value', () => {
    const { GLOBEX_PASSWORD: _unset, ...env } = ENV;
    const error = errorOf(FILE, env);
    expect(error.message).toContain('accounts.yaml:13:5: accounts[1].password_env');
    expect(error.message).toContain('GLOBEX_PASSWORD is not set (account globex)');
  });

  it('refuses a pasted secret, a duplicate name, a lone infra variable, a bad zone and concurrency', () => {
    const error = errorOf(`accounts:
  - name: a
    username_env: A_USER
    password_env: "hunter2!"
  - name: A
    username_env: A_USER
    password_env: A_PASSWORD
    infra_username_env: A_INFRA_USER
  - name: b
    username_env: B_USER
    password_env: B_PASSWORD
    time_zone: Mars/Olympus
    concurrency: 0
`);
    expect(error.message).not.toContain('hunter2');
    expect(error.message).toMatch(
      /:4:5: accounts\[0\]\.password_env: expected the NAME of an environment variable/,
    );
    expect(error.message).toMatch(
      /:5:5: accounts\[1\]\.name: the name "A" is used twice \(also accounts\[0\]\)/,
    );
    expect(error.message).toMatch(
      /accounts\[1\]\.infra_password_env: infra_username_env and infra_password_env go together/,
    );
    expect(error.message).toMatch(/:12:5: accounts\[2\]\.time_zone: expected an IANA time zone/);
    expect(error.message).toMatch(/:13:5: accounts\[2\]\.concurrency/);
  });

  it('refuses an inline password key with a hint, an empty list and an unknown key', () => {
    const error = errorOf(`accounts:
  - name: a
    username_env: A_USER
    password: hunter2
`);
    expect(error.message).toContain('unknown key "password": secrets are never written in this file');
    expect(error.message).not.toContain('hunter2');
    expect(errorOf('accounts: []\n').message).toContain('list at least one account');
  });

  it('a subscription names accounts of the section only', () => {
    const subs = parseConfigFile(FILE, 'accounts.yaml').contents.subscriptions!;
    expect(subs[0]!.accounts).toEqual(['acme']);
    const error = errorOf(FILE.replace('accounts: [acme]', 'accounts: [acme, initech]'));
    expect(error.message).toMatch(
      /:17:22: subscriptions\[0\]\.accounts\[1\]: there is no account "initech" in the accounts: section \(there are: acme, globex\)/,
    );
    // Without the section, the one account is called default.
    const single = `subscriptions:
  - name: s
    schedule: monthly
    accounts: [default]
    recipients: { addresses: [a@example.com] }
`;
    expect(parseConfigFile(single, 's.yaml').contents.subscriptions![0]!.accounts).toEqual(['default']);
  });
});
