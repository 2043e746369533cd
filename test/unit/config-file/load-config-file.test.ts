import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import {
  CONFIG_FILE_VARIABLE,
  DEFAULT_CONFIG_FILE,
  formatFieldPath,
  loadConfigFile,
  MAX_CONFIG_FILE_BYTES,
  parseConfigFile,
} from '../../../src/config-file/load-config-file.ts';
import { environmentWithMailSection } from '../../../src/config-file/mail-section.ts';
import { ConfigError } from '../../../src/errors.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-etl-config-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The ConfigError thrown by `fn`, so its message and context can be asserted. */
function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError, nothing was thrown');
}

describe('locating the file', () => {
  it('is optional: without --config, the variable or ./uptrends-etl.yaml there is no file', () => {
    expect(loadConfigFile({ cwd: dir, env: {} })).toBeUndefined();
  });

  it('reads ./uptrends-etl.yaml when it exists', () => {
    const sub = mkdtempSync(path.join(dir, 'cwd-'));
    writeFileSync(path.join(sub, DEFAULT_CONFIG_FILE), 'mail:\n  from: a@example.com\n');
    const file = loadConfigFile({ cwd: sub, env: {} });
    expect(file?.contents.mail?.from).toBe('a@example.com');
    expect(file?.path).toBe(path.join(sub, DEFAULT_CONFIG_FILE));
  });

  it('takes the variable, and --config over the variable', () => {
    write('env.yaml', 'mail:\n  from: env@example.com\n');
    write('flag.yaml', 'mail:\n  from: flag@example.com\n');
    const env = { [CONFIG_FILE_VARIABLE]: 'env.yaml' };
    expect(loadConfigFile({ cwd: dir, env })?.contents.mail?.from).toBe('env@example.com');
    expect(loadConfigFile({ cwd: dir, env, flag: 'flag.yaml' })?.contents.mail?.from).toBe(
      'flag@example.com',
    );
  });

  it('a named file that does not exist is an error naming it and where it was named', () => {
    const error = configError(() => loadConfigFile({ cwd: dir, env: {}, flag: 'missing.yaml' }));
    expect(error.message).toContain('missing.yaml does not exist');
    expect(error.message).toContain('--config');
    const viaEnv = configError(() =>
      loadConfigFile({ cwd: dir, env: { [CONFIG_FILE_VARIABLE]: 'gone.yaml' } }),
    );
    expect(viaEnv.message).toContain(CONFIG_FILE_VARIABLE);
  });

  it('an empty file or one with comments only is valid and means every default', () => {
    expect(parseConfigFile('', 'x.yaml').contents).toEqual({});
    expect(parseConfigFile('# nothing yet\n', 'x.yaml').contents).toEqual({});
  });
});

describe('a bad file names file, line and field', () => {
  it('a YAML syntax error', () => {
    const error = configError(() =>
      parseConfigFile('mail:\n  from: a@example.com\n  x: [1, 2\n', 'bad.yaml'),
    );
    expect(error.message).toMatch(/bad\.yaml:\d+:\d+: YAML syntax: /);
    expect(error.context.file).toBe('bad.yaml');
    expect(Number(error.context.line)).toBeGreaterThanOrEqual(3);
  });

  it('a duplicate key, at the line of the second one', () => {
    const error = configError(() =>
      parseConfigFile('mail:\n  from: a@example.com\n  from: b@example.com\n', 'dup.yaml'),
    );
    expect(error.message).toContain('dup.yaml:3:');
    expect(error.context.line).toBe(3);
  });

  it('an unknown key, at its own line, so a typo never falls back to a default silently', () => {
    const error = configError(() =>
      parseConfigFile('version: 1\n\nmial:\n  from: a@example.com\n', 'typo.yaml'),
    );
    expect(error.message).toContain('typo.yaml:3:1: mial: unknown key "mial"');
  });

  it('a wrong value, with the field path and the line of its key', () => {
    const error = configError(() => parseConfigFile('mail:\n  # sender\n  from: not an address\n', 'v.yaml'));
    expect(error.message).toContain('v.yaml:3:3: mail.from: "not an address" is not one sender address');
    expect(error.context.setting).toBe('mail.from');
  });

  it('lists every problem, in file order', () => {
    const error = configError(() => parseConfigFile('version: 2\nmail:\n  from: x\n  other: 1\n', 'm.yaml'));
    expect(error.message).toContain('3 problems');
    const lines = [...error.message.matchAll(/m\.yaml:(\d+):/g)].map((m) => Number(m[1]));
    expect(lines).toEqual([1, 3, 4]);
  });

  it('error() points at a field for checks made after loading', () => {
    const file = parseConfigFile('mail:\n  from: a@example.com\n', 'later.yaml');
    const error = file.error(['mail', 'from'], 'is not allowed to send here');
    expect(error.message).toContain('later.yaml:2:3: mail.from: is not allowed to send here');
    // An absent field points at its closest parent.
    expect(file.position(['mail', 'smtp_url_env'])).toEqual({ line: 1, column: 1 });
  });

  it('formats field paths with list indexes', () => {
    expect(formatFieldPath(['subscriptions', 1, 'schedule', 'on'])).toBe('subscriptions[1].schedule.on');
    expect(formatFieldPath([])).toBe('(top level)');
  });
});

describe('secrets are never written in the file', () => {
  it.each([
    ['an SMTP URL with its password', 'smtp://reports:s3cr3t-pw@mail.example.com:587'],
    ['a password', 'hunter2'],
    ['a mixed-case token', 'Xk9fj2LQpz'],
  ])('refuses %s where a variable name is expected, without showing it', (_what, value) => {
    const error = configError(() => parseConfigFile(`mail:\n  smtp_url_env: "${value}"\n`, 's.yaml'));
    expect(error.message).toContain(
      's.yaml:2:3: mail.smtp_url_env: expected the NAME of an environment variable',
    );
    expect(error.message).not.toContain(value);
    expect(JSON.stringify(error.context)).not.toContain(value);
  });

  it('an inline secret under an unknown key is refused with a hint, its value not shown', () => {
    const error = configError(() =>
      parseConfigFile('mail:\n  smtp_url: smtp://u:pa55word@host:25\n', 'k.yaml'),
    );
    expect(error.message).toContain('unknown key "smtp_url": secrets are never written in this file');
    expect(error.message).not.toContain('pa55word');
  });

  it('accepts a variable name, and the variable it names becomes SMTP_URL (still a hidden secret)', () => {
    const file = parseConfigFile(
      'mail:\n  smtp_url_env: CORP_SMTP\n  from: Reports <r@example.com>\n',
      'ok.yaml',
    );
    const env = environmentWithMailSection(
      { CORP_SMTP: 'smtp://u:pw-123@mail.example.com:587' },
      file.contents.mail,
    );
    const config = loadConfig(env);
    expect(config.smtpUrl).toBe('smtp://u:pw-123@mail.example.com:587');
    expect(config.mailFrom).toBe('Reports <r@example.com>');
    expect(JSON.stringify(config)).not.toContain('pw-123');
    expect(config.secrets).toContain('pw-123');
  });

  it('the environment keeps its precedence over the file for the sender', () => {
    const env = environmentWithMailSection(
      { REPORT_MAIL_FROM: 'env@example.com' },
      { from: 'file@example.com' },
    );
    expect(env.REPORT_MAIL_FROM).toBe('env@example.com');
  });

  it('without a file the environment is used unchanged', () => {
    const env = { SMTP_URL: 'smtp://h:25', REPORT_MAIL_TO: 'a@example.com' };
    expect(environmentWithMailSection(env, undefined)).toEqual(env);
  });
});

describe('bounded reading (issue 32, finding 12)', () => {
  const named = (file: string): ConfigError =>
    configError(() => loadConfigFile({ cwd: dir, env: {}, flag: file }));

  it('a device is refused before a byte is read (/dev/zero read 16.8 GB before)', () => {
    const started = Date.now();
    const error = named('/dev/zero');
    expect(error.message).toMatch(/\/dev\/zero \(named by --config\) is a device, not a regular file/);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a named pipe is refused without waiting for a writer', (ctx) => {
    const fifo = path.join(dir, 'pipe.yaml');
    if (spawnSync('mkfifo', [fifo]).status !== 0) ctx.skip();
    expect(named(fifo).message).toMatch(/is a named pipe \(FIFO\), not a regular file/);
  });

  it('a directory is refused', () => {
    expect(named(dir).message).toMatch(/is a directory/);
  });

  it(`a file over ${MAX_CONFIG_FILE_BYTES} bytes is refused, naming the limit`, () => {
    const big = write('big.yaml', `# ${'x'.repeat(MAX_CONFIG_FILE_BYTES)}\n`);
    expect(named(big).message).toMatch(
      /big\.yaml \(named by --config\) is 1,048,579 bytes; the limit is 1 MiB/,
    );
  });

  it('an alias bomb is a ConfigError naming the aliases, not a crash', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${prev}`).join(', ')}]`,
      );
    }
    const bomb = write('bomb.yaml', `${levels.join('\n')}\n`);
    const started = Date.now();
    const error = named(bomb);
    expect(error.message).toMatch(/bomb\.yaml is invalid: its aliases \(\*name\) expand too far/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
