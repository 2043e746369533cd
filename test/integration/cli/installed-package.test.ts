/**
 * The documented deployment, as a user does it: pack the package (`npm pack`, which builds it),
 * install the tarball into a prefix of its own (`npm install -g --prefix ...`), and run the exact
 * cron line of the README with its paths moved to temporary folders and a `.env` pointing at the
 * simulator and a test warehouse. Also: the tarball holds what it needs and nothing else, and the
 * systemd unit and the container run the same command in the same folder.
 *
 * npm resolves the dependencies of a tarball from the registry's metadata: the install is tried
 * offline from npm's cache first (enough once the cache holds them), then with --prefer-offline
 * (cached tarballs, metadata from the registry).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const README = readFileSync(path.join(REPO, 'README.md'), 'utf8');
const VERSION = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string })
  .version;

/** What `npm pack` needs to build (the `prepare` script) and to pack. */
const PACKAGE_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'README.md',
  'LICENSE',
  'bin',
  'src',
  'sql',
  'scripts/build.mjs',
  'scripts/pglite-template.mjs',
  'scripts/pg-node-stream.mjs',
];

/** The install folder and state folder the README uses, and where the test puts them. */
const INSTALL_DIR = '/opt/uptrends-etl';
const STATE_DIR = '/var/lib/uptrends-etl';

let tmp: string;
let tarball: string;
let installOutput = '';
let prefix: string;
let sim: RunningSimulator;
let tdb: TestDatabase;

/** The process environment without npm's variables of the test run itself (`npm test`). */
function cleanEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !/^npm_/i.test(entry[0]),
    ),
  );
}

function npm(args: string[], cwd: string): { status: number | null; output: string } {
  const result = spawnSync('npm', args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The fenced block of `lang` in the README that contains `marker`. */
function readmeBlock(lang: string, marker: string): string {
  const blocks = [...README.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
  const block = blocks.find((b) => b.includes(marker));
  if (block === undefined) throw new Error(`README has no \`\`\`${lang} block with "${marker}"`);
  return block;
}

/** The README's crontab: its PATH line and the command of its job line (after the five time fields). */
function cronLine(): { path: string; command: string } {
  const lines = readmeBlock('cron', 'nightly').trim().split('\n');
  const pathLine = lines.find((l) => l.startsWith('PATH='));
  const job = lines.find((l) => /^\S+ \S+ \S+ \S+ \S+ /.test(l) && l.includes('nightly'));
  if (pathLine === undefined || job === undefined)
    throw new Error('README cron block lacks a PATH line or a job line');
  return { path: pathLine.slice('PATH='.length), command: job.split(' ').slice(5).join(' ') };
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'installed-'));
  const stage = path.join(tmp, 'stage');
  for (const input of PACKAGE_INPUTS)
    cpSync(path.join(REPO, input), path.join(stage, input), { recursive: true });
  symlinkSync(path.join(REPO, 'node_modules'), path.join(stage, 'node_modules'));
  const out = path.join(tmp, 'pack');
  mkdirSync(out);
  const pack = npm(['pack', '--pack-destination', out, '--no-audit', '--no-fund'], stage);
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.output}`);
  tarball = path.join(
    out,
    readdirSync(out).find((f) => f.endsWith('.tgz'))!,
  );

  prefix = path.join(tmp, 'opt-uptrends-etl');
  const install = (mode: string) =>
    npm(
      ['install', '-g', '--prefix', prefix, tarball, mode, '--no-audit', '--no-fund', '--no-update-notifier'],
      tmp,
    );
  let installed = install('--offline');
  if (installed.status !== 0 && installed.output.includes('ENOTCACHED'))
    installed = install('--prefer-offline');
  if (installed.status !== 0) throw new Error(`npm install -g --prefix failed:\n${installed.output}`);
  installOutput = installed.output;

  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  // The installed CLI runs on the system clock, so the simulator's clock is now too.
  sim = await startSimulator({ seed: 6, monitors: 5, days: 35 });
}, 600_000);

afterAll(async () => {
  await sim?.close();
  await tdb?.drop();
  if (tmp !== undefined) rmSync(tmp, { recursive: true, force: true });
});

describe('the packed, installed package', () => {
  it('holds the build, the SQL, the bin script, README and LICENSE, and nothing else', () => {
    const listing = spawnSync('tar', ['tzf', tarball], { encoding: 'utf8' });
    expect(listing.status).toBe(0);
    const files = listing.stdout
      .split('\n')
      .filter((f) => f !== '' && !f.endsWith('/'))
      .map((f) => f.replace(/^package\//, ''));
    expect([...new Set(files.map((f) => f.split('/')[0]))].sort()).toEqual(
      ['LICENSE', 'README.md', 'bin', 'dist', 'package.json', 'sql'].sort(),
    );
    for (const file of [
      'bin/uptrends-etl.js',
      'dist/bin.js',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/simulator/start-simulator.js',
    ])
      expect(files).toContain(file);
    for (const migration of readdirSync(path.join(REPO, 'sql/migrations')))
      expect(files).toContain(`sql/migrations/${migration}`);
    expect(
      files.filter((f) => /\.test\.|\.tsbuildinfo$|\.map$|\.ts$/.test(f) && !f.endsWith('.d.ts')),
    ).toEqual([]);
  });

  it('installs without peer-dependency warnings (issue 33: no ERESOLVE, no override needed)', () => {
    expect(installOutput).not.toMatch(/ERESOLVE|peer dep|overriding peer/i);
  });

  it('the README installs exactly this way, at the path its cron line and systemd unit run', () => {
    expect(README).toContain(`npm install -g --prefix ${INSTALL_DIR} ./uptrends-etl-${VERSION}.tgz`);
    expect(path.basename(tarball)).toBe(`uptrends-etl-${VERSION}.tgz`);
    const bin = path.join(prefix, 'bin', 'uptrends-etl');
    expect(existsSync(bin)).toBe(true);
    expect(cronLine().command).toContain(`${INSTALL_DIR}/bin/uptrends-etl nightly`);
    const version = spawnSync(bin, ['--version'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(version.stdout.trim()).toBe(VERSION);
  });

  it("runs the README's cron line: nightly against the simulator exits 0, one JSON log, data loaded", async () => {
    const state = path.join(tmp, 'var-lib-uptrends-etl');
    mkdirSync(state);
    const settings = {
      ...tdb.env,
      UPTRENDS_API_URL: sim.apiUrl,
      UPTRENDS_USERNAME: sim.credentials.username,
      UPTRENDS_PASSWORD: sim.credentials.password,
      UPTRENDS_INFRA_URL: sim.infraUrl,
      UPTRENDS_INFRA_USERNAME: sim.credentials.infraUsername,
      UPTRENDS_INFRA_PASSWORD: sim.credentials.infraPassword,
    };
    writeFileSync(
      path.join(state, '.env'),
      Object.entries(settings)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
      { mode: 0o600 },
    );
    const cron = cronLine();
    const command = cron.command.replaceAll(INSTALL_DIR, prefix).replaceAll(STATE_DIR, state);
    // cron's environment: HOME, SHELL, LOGNAME and the crontab's PATH, which names the folder of
    // `node` (the README says so); here that is the folder of the node running the tests.
    const nodeDir = path.dirname(process.execPath);
    const env = {
      HOME: state,
      SHELL: '/bin/sh',
      LOGNAME: os.userInfo().username,
      PATH: cron.path.split(':').includes(nodeDir) ? cron.path : `${nodeDir}:${cron.path}`,
    };
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('/bin/sh', ['-c', command], { env, stdio: 'ignore' });
      child.on('error', reject);
      child.on('close', resolve);
    });
    const log = readFileSync(path.join(state, 'nightly.log'), 'utf8');
    expect(code, log).toBe(0);
    const lines = log.split('\n').filter((l) => l !== '');
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a line of the cron log is not JSON: ${line}`);
      }
    });
    expect(
      lines.filter((l) => /Warning|\(node:\d+\)/.test(l)),
      'Node warnings in the log',
    ).toEqual([]);
    expect(parsed.find((l) => l.result === 'sync')).toMatchObject({ status: 'succeeded' });
    expect(parsed.find((l) => l.result === 'nightly')).toMatchObject({ status: 'succeeded' });
    expect(parsed.some((l) => l.level === 'info' && typeof l.msg === 'string')).toBe(true);
    expect(log).not.toContain(sim.credentials.password);

    const warehouse = await tdb.reopen();
    const runs = await warehouse.db.selectFrom('etl_run').select(['command', 'status']).execute();
    expect(runs).toEqual([{ command: 'nightly', status: 'succeeded' }]);
    const monitors = await warehouse.db
      .selectFrom('monitor')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(monitors.n)).toBe(5);
    const alerts = await warehouse.db
      .selectFrom('alert')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(alerts.n)).toBeGreaterThan(0);
    await tdb.release();
  }, 300_000);

  it("exports the programmatic API: the README's example type-checks against the package's types, and loads", () => {
    const consumer = path.join(tmp, 'consumer');
    mkdirSync(path.join(consumer, 'node_modules'), { recursive: true });
    writeFileSync(path.join(consumer, 'package.json'), '{ "type": "module", "private": true }\n');
    symlinkSync(
      path.join(prefix, 'lib/node_modules/uptrends-etl'),
      path.join(consumer, 'node_modules/uptrends-etl'),
    );
    writeFileSync(
      path.join(consumer, 'example.ts'),
      `${readmeBlock('ts', "from 'uptrends-etl'")}\nexport {};\n`,
    );
    const tsc = spawnSync(
      process.execPath,
      [
        path.join(REPO, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2023',
        '--typeRoots',
        path.join(REPO, 'node_modules/@types'),
        '--types',
        'node',
        'example.ts',
      ],
      { cwd: consumer, encoding: 'utf8' },
    );
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
    writeFileSync(
      path.join(consumer, 'load.mjs'),
      "import * as api from 'uptrends-etl';\nconsole.log(JSON.stringify([api.VERSION, typeof api.runSync, typeof api.runReports, typeof api.runNightly, typeof api.EtlError]));\n",
    );
    const load = spawnSync(process.execPath, ['load.mjs'], { cwd: consumer, encoding: 'utf8' });
    expect(load.status, load.stderr).toBe(0);
    expect(JSON.parse(load.stdout)).toEqual([VERSION, 'function', 'function', 'function', 'function']);
  });

  it('the systemd unit and the container run the same command in the same folder', () => {
    const cron = cronLine();
    const match = /^cd (\S+) && (.+?) >> \S+ 2>&1$/.exec(cron.command);
    expect(match, cron.command).not.toBeNull();
    const [, folder, command] = match!;
    const unit = readmeBlock('ini', 'ExecStart=');
    expect(unit).toContain(`ExecStart=${command}\n`);
    expect(unit).toContain(`WorkingDirectory=${folder}\n`);

    const dockerfile = readFileSync(path.join(REPO, 'Dockerfile'), 'utf8');
    const instruction = (name: string): string[] =>
      [...dockerfile.matchAll(new RegExp(`^${name} (.+)$`, 'gm'))].map((m) => m[1]!);
    const entrypoint = JSON.parse(instruction('ENTRYPOINT').at(-1)!) as string[];
    const cmd = JSON.parse(instruction('CMD').at(-1)!) as string[];
    expect([...entrypoint, ...cmd].join(' ')).toBe(command);
    expect(instruction('WORKDIR').at(-1)).toBe(folder);
    // Multi-stage, Node 20 slim, not root.
    const froms = instruction('FROM');
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect(from).toMatch(/^node:20[-.\w]*-slim\b/);
    expect(instruction('USER').at(-1)).not.toMatch(/^(root|0)$/);
    expect(dockerfile).toContain(`npm install -g --prefix ${INSTALL_DIR} `);

    const compose = readFileSync(path.join(REPO, 'compose.yaml'), 'utf8');
    expect(compose).toMatch(/image: postgres:\d+/);
    expect(compose).toMatch(/nightly:\n\s+build: \./);
    expect(compose).toContain('DATABASE_URL: postgres://');
  });
});
