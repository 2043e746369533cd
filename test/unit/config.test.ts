import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.ts';
import { DEFAULT_API_URL, describeConfig, loadConfig } from '../../src/config.ts';
import { maskSecrets } from '../../src/redaction.ts';

describe('loadConfig', () => {
  it('applies defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.apiUrl).toBe(DEFAULT_API_URL);
    expect(config.infraUrl).toBe('https://api.uptrendsinfra.com');
    expect(config.dataDir).toBe('./.uptrends-etl');
    expect(config.databaseUrl).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('lets flags override the environment', () => {
    const config = loadConfig(
      { DATABASE_URL: 'postgres://a@h1/db', UPTRENDS_API_URL: 'http://x/v4/' },
      { databaseUrl: 'postgres://b@h2/db' },
    );
    expect(config.databaseUrl).toBe('postgres://b@h2/db');
    expect(config.apiUrl).toBe('http://x/v4');
  });

  it('keeps secrets out of enumeration, JSON and inspect', () => {
    const config = loadConfig({
      UPTRENDS_USERNAME: 'api-user',
      UPTRENDS_PASSWORD: 'hunter2-secret',
      DATABASE_URL: 'postgres://u:dbpass-secret@host/db',
      SMTP_URL: 'smtp://m:smtp-secret@mail:25',
    });
    expect(config.password).toBe('hunter2-secret');
    const shown = JSON.stringify(config) + inspect(config) + JSON.stringify(describeConfig(config));
    for (const secret of ['hunter2-secret', 'dbpass-secret', 'smtp-secret'])
      expect(shown).not.toContain(secret);
    expect(maskSecrets('auth failed for hunter2-secret at dbpass-secret', config.secrets)).toBe(
      'auth failed for *** at ***',
    );
  });

  it('rejects an unparseable DATABASE_URL naming the setting, without echoing the password', () => {
    const attempt = () => loadConfig({ DATABASE_URL: 'mysql://u:topsecret@h/db' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/DATABASE_URL/);
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain('topsecret');
      expect((error as ConfigError).context.setting).toBe('DATABASE_URL');
    }
  });

  it('refuses a DATABASE_URL password with an unencoded / without showing any part of it (issue 17 #11)', () => {
    // The URL parser reads host "etl", port 12 and a path holding the rest of the password.
    for (const url of ['postgres://etl:12/secret@db.example/warehouse', 'postgres://etl:12#secret@db/w']) {
      const attempt = () => loadConfig({ DATABASE_URL: url });
      expect(attempt).toThrow(/DATABASE_URL: the password must be percent-encoded/);
      try {
        attempt();
      } catch (error) {
        expect((error as Error).message).not.toMatch(/secret|cd@/);
      }
    }
    // Percent-encoded it is accepted, and both forms are masked.
    const config = loadConfig({ DATABASE_URL: 'postgres://etl:12%2Fsecret@db.example/warehouse' });
    expect(maskSecrets('login 12/secret or 12%2Fsecret', config.secrets)).toBe('login *** or ***');
    expect(() => loadConfig({ SMTP_URL: 'smtp://m:99/ss@mail:25' })).toThrow(/SMTP_URL: the password/);
  });

  it('accepts a DATABASE_URL without a host only when ?host= names a Unix-socket directory', () => {
    const url = 'postgres:///warehouse?host=/var/run/postgresql&user=etl';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    for (const bad of ['postgres:///warehouse', 'postgres:///warehouse?host=relative/dir&user=etl']) {
      expect(() => loadConfig({ DATABASE_URL: bad })).toThrow(/DATABASE_URL is not a valid/);
    }
  });

  it('keeps a password exactly as given: spaces at either end are part of it (issue 17 #11)', () => {
    const config = loadConfig({ UPTRENDS_USERNAME: 'u', UPTRENDS_PASSWORD: '  pass word ' });
    expect(config.password).toBe('  pass word ');
    expect(() => loadConfig({ UPTRENDS_USERNAME: 'u', UPTRENDS_PASSWORD: '   ' })).toThrow(
      /UPTRENDS_PASSWORD is missing/,
    );
  });

  it('rejects half credentials, bad zones, bad URLs and bad recipients', () => {
    expect(() => loadConfig({ UPTRENDS_USERNAME: 'x' })).toThrow(/UPTRENDS_PASSWORD is missing/);
    expect(() => loadConfig({ UPTRENDS_INFRA_PASSWORD: 'x' })).toThrow(/UPTRENDS_INFRA_USERNAME is missing/);
    expect(() => loadConfig({ UPTRENDS_TIMEZONE: 'Mars/Base' })).toThrow(/UPTRENDS_TIMEZONE/);
    expect(() => loadConfig({ UPTRENDS_API_URL: 'ftp://x' })).toThrow(/UPTRENDS_API_URL/);
    expect(() => loadConfig({ REPORT_MAIL_TO: 'a@b.c, nope' })).toThrow(/REPORT_MAIL_TO/);
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
  });

  it('splits the recipient list', () => {
    expect(loadConfig({ REPORT_MAIL_TO: 'a@x.io, b@y.io' }).mailTo).toEqual(['a@x.io', 'b@y.io']);
  });
});
