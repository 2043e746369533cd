/**
 * Issue 33, "One CLI voice", run as a user would (spawned CLI): the parser's errors in the tool's
 * format with exit 2 and a hint; a date that does not exist said so; an empty list refused; a
 * missing key named with its place; commands that read a warehouse refuse a data directory that
 * holds none (and do not create one); help coloured on a terminal (a real one, through
 * util-linux script) and with FORCE_COLOR, plain with NO_COLOR, and no
 * warning of Node's own with NO_COLOR and FORCE_COLOR both set; a nightly with nothing due does not
 * say that reports were written.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { BIN, runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const ESC = '\u001b[';
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cli-voice-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, env, dir);

describe('a mistyped stream name (issue 41, item 12)', () => {
  it('sync --streams alert,monitor exits 2 suggesting alerts and monitors', async () => {
    const result = await cli(['sync', '--streams', 'alert,monitor,zzzz'], {
      UPTRENDS_USERNAME: 'u',
      UPTRENDS_PASSWORD: 'p',
      UPTRENDS_API_URL: 'http://127.0.0.1:9/v4',
      UPTRENDS_ETL_DATA_DIR: path.join(dir, 'streams-warehouse'),
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(
      'Unknown stream(s): alert (did you mean alerts?), monitor (did you mean monitors?), zzzz. Known: ',
    );
  });
});

describe("the parser's errors in the tool's format", () => {
  it.each([
    [
      ['--frobnicate'],
      "unknown option '--frobnicate'",
      'run "uptrends-etl --help" for the commands and options',
    ],
    [
      ['sync', '--frobnicate'],
      "unknown option '--frobnicate'",
      'run "uptrends-etl sync --help" for its options',
    ],
    [
      ['sync', '--frm', '2025-01-01'],
      "unknown option '--frm'; did you mean --from?",
      'uptrends-etl sync --help',
    ],
    [
      ['query'],
      'query needs a statement ("<sql>") or --file <path>',
      'run "uptrends-etl query --help" for its options',
    ],
    [
      ['query', '--file', 'x.sql', 'select 1'],
      'query takes a statement or --file, not both',
      'run "uptrends-etl query --help" for its options',
    ],
    [
      ['report', 'sla', '--month'],
      '--month needs a value',
      'run "uptrends-etl report sla --help" for its options',
    ],
    [
      ['query', '--format', 'xml', 'select 1'],
      '--format xml is not one of table, csv, json',
      'uptrends-etl query --help',
    ],
    [
      ['status', 'extra'],
      "too many arguments for 'status'. Expected 0 arguments but got 1.",
      'uptrends-etl status --help',
    ],
    [['frob'], "unknown command 'frob'", 'run "uptrends-etl --help" for the commands and options'],
    [['report', 'frob'], "unknown command 'frob'", 'run "uptrends-etl report --help" for its commands'],
  ])('%j', async (args, message, hint) => {
    const result = await cli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `uptrends-etl: error [USAGE_INVALID]: ${message}${hintTail(result.stderr, hint)}`,
    );
    expect(result.stderr).not.toMatch(/^error: /m);
    expect(result.stdout).toBe('');
  });

  it('a day that does not exist is said so (the format is right)', async () => {
    const result = await cli(['sync', '--from', '2026-02-30', '--to', '2026-03-02']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--from 2026-02-30: that day does not exist (February 2026 has 28 days).',
    );
  });

  it('an empty --streams is refused, not taken for every stream', async () => {
    const result = await cli(['sync', '--streams', '']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--streams needs at least one name');
  });

  it('a missing key of the configuration file is named in plain words, with its line', async () => {
    writeFileSync(path.join(dir, 'missing.yaml'), 'subscriptions:\n  - name: weekly\n    schedule: weekly\n');
    const result = await cli(['--config', 'missing.yaml', 'report', 'subscriptions']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'missing.yaml:2:5: subscriptions[0].recipients: the required key "recipients" is missing from subscriptions[0]',
    );
    expect(result.stderr).not.toContain('received undefined');
  });
});

/** The hint line as printed, once the expected hint text is found in it. */
function hintTail(stderr: string, hint: string): string {
  const line = stderr.split('\n')[1] ?? '';
  expect(line).toContain(hint);
  return `\n${line}\n`;
}

describe('commands that read a warehouse refuse a data directory that holds none', () => {
  it.each([
    [['status']],
    [['query', 'select 1']],
    [['report', 'sla']],
    [['report', 'incidents']],
    [['report', 'at-risk']],
    [['report', 'subscriptions']],
    [['serve', '--port', '0']],
  ])('%j exits 2 and creates nothing', async (args) => {
    const typo = path.join(dir, 'typo-dir');
    const result = await cli(['--data-dir', typo, ...args]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`${typo} holds no warehouse: run uptrends-etl sync (or migrate)`);
    expect(existsSync(typo)).toBe(false);
  });

  it('check reports it as its failed warehouse check, and creates nothing', async () => {
    const typo = path.join(dir, 'typo-check');
    const result = await cli(['--data-dir', typo, '--no-json', 'check']);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/failed +warehouse reachable: .*typo-check holds no warehouse/);
    expect(existsSync(typo)).toBe(false);
  });

  it('migrate creates one, after which they read it', async () => {
    const fresh = path.join(dir, 'fresh');
    expect((await cli(['--data-dir', fresh, 'migrate'])).code).toBe(0);
    const status = await cli(['--data-dir', fresh, 'status']);
    expect(status.code, status.stderr).toBe(0);
  }, 60_000);
});

describe('help colours', () => {
  it('are on with FORCE_COLOR, for the program and each command', async () => {
    for (const args of [['--help'], ['sync', '--help']]) {
      const result = await cli(args, { FORCE_COLOR: '1' });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`${ESC}1mUsage:${ESC}22m`);
      expect(result.stdout).toContain(`${ESC}36m--`);
    }
  });

  // util-linux `script` gives the CLI a real terminal: colours are on there without FORCE_COLOR.
  const script = spawnSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).stdout.trim();
  it.skipIf(script === '')('are on on a terminal, and off there with NO_COLOR', () => {
    const onTerminal = (env: Record<string, string>): string =>
      spawnSync(script, ['-qec', `"${process.execPath}" "${BIN}" sync --help`, '/dev/null'], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TERM: 'xterm', ...env },
      }).stdout;
    const coloured = onTerminal({});
    expect(coloured).toContain(`${ESC}1mUsage:${ESC}22m`);
    const plain = onTerminal({ NO_COLOR: '1' });
    expect(plain).toContain('Usage:');
    expect(plain).not.toContain(ESC);
  });

  it('are off on a pipe, and with NO_COLOR; NO_COLOR with FORCE_COLOR gives no warning of Node', async () => {
    const envs: Record<string, string>[] = [{}, { NO_COLOR: '1' }, { NO_COLOR: '1', FORCE_COLOR: '1' }];
    for (const env of envs) {
      for (const args of [['--help'], ['demo', '--help'], ['simulate', '--help']]) {
        const result = await cli(args, env);
        expect(result.code).toBe(0);
        expect(result.stdout).toContain('Usage:');
        expect(result.stdout).not.toContain(ESC);
        expect(result.stderr).toBe('');
      }
    }
  });
});

describe('a nightly with no report due', () => {
  let tdb: TestDatabase;
  let sim: RunningSimulator;

  beforeAll(async () => {
    tdb = await createTestDatabase({ onDisk: true });
    await tdb.release();
    sim = await startSimulator({ seed: 3, monitors: 2, days: 5 });
  }, 120_000);
  afterAll(async () => {
    await sim.close();
    await tdb.drop();
  });

  it('does not say that the reports due were written', async () => {
    const result = await runCli(
      ['nightly', '--streams', 'monitors', '--initial-days', '1', '--report-on', 'never'],
      {
        ...tdb.env,
        UPTRENDS_API_URL: sim.apiUrl,
        UPTRENDS_USERNAME: sim.credentials.username,
        UPTRENDS_PASSWORD: sim.credentials.password,
      },
      dir,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('written but not e-mailed');
    expect(result.stderr).toContain('nightly: no report was due; SMTP_URL is not set, so e-mail is off');
  }, 120_000);
});
