/**
 * Issue 33, "Examples are tested": every command line of the README's and docs/*.md's `sh` blocks
 * and of each command's --help Examples runs as written, through bash, against the simulator, and
 * exits 0; a line that cannot run here is in SKIPPED with its reason, and an example that fails
 * as written fails this test. A line that runs SQL (`query`, `psql -c`) must also answer: each of
 * its results has at least one row (issue 41, item 8). (Inline `code` in prose is syntax, not a line to paste: not read.)
 *
 * The examples name dates of autumn 2025, so the spawned processes live on 4 November 2025
 * (test/support/pinned-clock.mjs, loaded through NODE_OPTIONS; the embedded warehouse's now()
 * follows it) and so does the simulator. Each block runs in a folder of its own holding a copy of
 * one warehouse synced once (June to November 2025) and `docs/` (examples name
 * docs/warehouse-examples.sql and docs/uptrends-etl.example.yaml); a block that starts with the demo
 * starts empty. `uptrends-etl` and `npx uptrends-etl` run the compiled CLI; the environment points
 * at the simulator and an SMTP server of the test, as a user's .env would. A server the block
 * starts (`&`, serve, simulate, mail-catcher) runs until the next one starts or the block ends;
 * the lines after it talk to it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { documentedBlocks, helpBlocks, type ExampleBlock } from '../../support/command-examples.ts';
import { BIN } from '../../support/run-cli.ts';
import { SKIPPED, settingOf } from '../../support/example-settings.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const PINNED_CLOCK = new URL('../../support/pinned-clock.mjs', import.meta.url).href;
/** The day the examples were written for: after every date they name, in the month they report on. */
const NOW = '2025-11-04T09:00:00Z';
const LINE_TIMEOUT_MS = 240_000;

/** Commands that serve until stopped: the lines after them talk to them. */
const LONG_RUNNING = /^(?:npx )?uptrends-etl (?:serve|simulate|worker)\b|^npm run mail-catcher\b/;

const blocks: ExampleBlock[] = [...documentedBlocks(REPO), ...helpBlocks()];
/**
 * The blocks in groups that run apart (two at a time): a block on its own, unless it talks to a
 * server an earlier block of its file started (the simulator of docs/simulator.md), then with it.
 */
const groups: { name: string; blocks: ExampleBlock[] }[] = [];
for (const block of blocks) {
  const lines = block.examples.map((e) => e.line);
  const previous = groups.at(-1);
  const sameFile = previous?.name.replace(/:\d+$/, '') === block.name.replace(/:\d+$/, '');
  const startsServer = lines.some((l) => l.endsWith('&') || LONG_RUNNING.test(l));
  if (sameFile && !startsServer && lines.some((l) => /127\.0\.0\.1:\d+/.test(l))) previous.blocks.push(block);
  else groups.push({ name: block.name, blocks: [block] });
}

let root: string;
let base: string;
let sim: RunningSimulator;
let env: Record<string, string>;
const smtp = new SMTPServer({ disabledCommands: ['STARTTLS', 'AUTH'], logger: false, onData: drain });

function drain(stream: NodeJS.ReadableStream, _session: unknown, callback: () => void): void {
  stream.on('data', () => undefined);
  stream.on('end', callback);
}

interface LineResult {
  code: number | null;
  output: string;
}

/** Runs one line through bash in `cwd`; resolves with its exit code and its output (both streams). */
function runLine(line: string, cwd: string, lineEnv: Record<string, string>): Promise<LineResult> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', line], { cwd, env: lineEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), LINE_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A server started by an example; `output` grows while it runs. */
interface Server {
  child: ChildProcess;
  /** The command and set-up it was started with (`runFile`'s key). */
  key?: string;
  /** Started with `&`: it stays while later servers start. */
  background?: boolean;
  output: string;
  exited?: number | null;
}

/** Starts `line` in a process group of its own and waits for its first output (it is listening then). */
async function startServer(line: string, cwd: string, lineEnv: Record<string, string>): Promise<Server> {
  const child = spawn('bash', ['-c', `exec ${line}`], {
    cwd,
    env: lineEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { child, output: '' };
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 90_000);
    const take = (c: Buffer): void => {
      server.output += c.toString();
      clearTimeout(timer);
      resolve();
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', (code) => {
      server.exited = code;
      clearTimeout(timer);
      resolve();
    });
  });
  return server;
}

/** Stops a server as Ctrl+C does; SIGKILL if it is still there 15 s later. */
async function stopServer(server: Server): Promise<void> {
  if (server.exited !== undefined) return;
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(-server.child.pid!, name);
    } catch {
      // The group is gone already: its exit event is on its way.
    }
  };
  const exited = new Promise<void>((resolve) => server.child.on('exit', () => resolve()));
  signal('SIGINT');
  const timer = setTimeout(() => signal('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** `export A=1 B=2` -> { A: '1', B: '2' } (the examples export plain words only). */
function exported(line: string): Record<string, string> | undefined {
  if (!line.startsWith('export ')) return undefined;
  return Object.fromEntries(
    line
      .slice('export '.length)
      .trim()
      .split(/\s+/)
      .map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
}

/** Clients the examples call that a machine may lack: their lines are left out there (serve-clients.test.ts does the same). */
const missingTools = ['psql', 'curl', 'jq'].filter(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
);

/** A line that runs SQL: `uptrends-etl query ...` or `psql ... -c ...`. */
const RUNS_SQL = /^(?:npx )?uptrends-etl query\b|^psql\b.* -c /;

/**
 * Why a line that runs SQL answered nothing, or undefined when every result it printed has rows:
 * a table's and psql's `(N rows)` each above 0 (one per example with --file), a CSV with a row
 * below its header, JSON with a line; a result redirected to a file (`> incidents.csv`) is read there.
 */
function emptyResult(command: string, output: string, cwd: string): string | undefined {
  if (!RUNS_SQL.test(command)) return undefined;
  const target = /\s>\s*(\S+)\s*$/.exec(command)?.[1];
  const text = target === undefined ? output : readFileSync(path.join(cwd, target), 'utf8');
  const format = /--format[ =](\w+)/.exec(command)?.[1] ?? 'table';
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (format === 'csv') return lines.length > 1 ? undefined : 'no row below the CSV header';
  if (format === 'json') return lines.some((l) => l.startsWith('{')) ? undefined : 'no JSON row';
  const counts = [...text.matchAll(/^\((\d+) rows?\)$/gm)].map((m) => Number(m[1]));
  const examples = [...text.matchAll(/^\/\* example: (.+) \*\/$/gm)].map((m) => m[1]!);
  if (counts.length === 0) return 'no "(N rows)" line';
  if (examples.length > 0 && counts.length !== examples.length) return 'an example without its row count';
  const none = counts.flatMap((n, i) => (n === 0 ? [examples[i] ?? 'the result'] : []));
  return none.length === 0 ? undefined : `no rows: ${none.join(', ')}`;
}

/**
 * Reading lines already run, by the line (`npx` dropped) and the set-up it ran in: each runs once.
 * A line that changes the warehouse (sync, nightly, report send) runs in every block that has it,
 * since the lines after it read what it wrote.
 */
const ran = new Set<string>();
const READS =
  /^(?:npx )?uptrends-etl (?:status|query|check|report (?:sla|incidents|at-risk|subscriptions))\b/;

/**
 * Runs a group's blocks in order, each in a folder of its own; returns the
 * lines that failed, with what they printed. Servers run until the last block is done.
 */
async function runGroup(groupBlocks: readonly ExampleBlock[]): Promise<string[]> {
  const exampleFile = readFileSync(path.join(REPO, 'docs/uptrends-etl.example.yaml'), 'utf8');
  const failures: string[] = [];
  const servers: Server[] = [];
  try {
    for (const block of groupBlocks) {
      const setting = settingOf(block, exampleFile);
      const cwd = mkdtempSync(path.join(root, 'block-'));
      symlinkSync(path.join(REPO, 'docs'), path.join(cwd, 'docs'));
      if (setting.warehouse) cpSync(base, path.join(cwd, '.uptrends-etl'), { recursive: true });
      if (setting.configFile !== undefined)
        writeFileSync(path.join(cwd, 'uptrends-etl.yaml'), setting.configFile);
      let blockEnv = { ...env };
      for (const { source, line: written } of block.examples) {
        if (SKIPPED.has(written) || missingTools.some((tool) => new RegExp(`\\b${tool} `).test(written)))
          continue;
        const line = written.replaceAll('/tmp/', `${root}/tmp/`);
        const exports = exported(line);
        if (exports !== undefined) {
          blockEnv = { ...blockEnv, ...exports };
          continue;
        }
        const command = line.replace(/\s*&$/, '');
        const key = `${command.replace(/^npx /, '')} in ${JSON.stringify(setting)}`;
        if (line.endsWith('&') || LONG_RUNNING.test(command)) {
          // The same server started by an earlier block (the README's simulator) is still there.
          if (servers.some((s) => s.key === key && s.exited === undefined)) continue;
          if (!line.endsWith('&')) {
            // "until Ctrl+C": the next server of the file replaces it (a second serve would wait for it).
            const previous = servers.find((s) => !s.background && s.exited === undefined);
            if (previous !== undefined) await stopServer(previous);
          }
          const server = await startServer(command, cwd, blockEnv);
          servers.push(Object.assign(server, { key, background: line.endsWith('&') }));
          if (server.exited !== undefined)
            failures.push(`${source}: ${written}\n  exited ${server.exited} at once:\n${server.output}`);
          continue;
        }
        if (READS.test(command)) {
          if (ran.has(key)) continue;
          ran.add(key);
        }
        const result = await runLine(line, cwd, blockEnv);
        if (result.code !== 0)
          failures.push(`${source}: ${written}\n  exit ${result.code}:\n${result.output}`);
        else {
          const empty = emptyResult(command, result.output, cwd);
          if (empty !== undefined) failures.push(`${source}: ${written}\n  ${empty}:\n${result.output}`);
        }
      }
    }
  } finally {
    for (const server of servers) await stopServer(server);
  }
  return failures;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'documented-examples-'));
  mkdirSync(path.join(root, 'tmp'));
  const bin = path.join(root, 'bin');
  mkdirSync(bin);
  const npx = spawnSync('bash', ['-c', 'command -v npx'], { encoding: 'utf8' }).stdout.trim();
  const shims: Record<string, string> = {
    'uptrends-etl': `exec "${process.execPath}" "${BIN}" "$@"`,
    npx: `if [ "$1" = uptrends-etl ]; then shift; exec uptrends-etl "$@"; fi\nexec "${npx}" "$@"`,
    npm: `if [ "$1 $2" = "run mail-catcher" ]; then exec "${REPO}node_modules/.bin/tsx" "${REPO}scripts/mail-catcher.ts"; fi\necho "npm $*: not an example this test runs" >&2; exit 1`,
  };
  for (const [name, body] of Object.entries(shims)) {
    writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(path.join(bin, name), 0o755);
  }
  // `$(date ...)` in an example reads the pinned day too.
  const bashEnv = path.join(root, 'bash-env');
  const epoch = Math.floor(Date.parse(NOW) / 1000);
  writeFileSync(
    bashEnv,
    `date() { case " $* " in *" -d "*|*" --date"*) command date "$@";; *) command date -d "@${epoch}" "$@";; esac; }\n`,
  );

  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  sim = await startSimulator({ seed: 1, monitors: 12, days: 135, now: new Date(NOW), accounts: 2 });
  const second = sim.accounts[1]!.credentials;
  env = {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    HOME: process.env.HOME ?? '',
    TZ: 'UTC',
    BASH_ENV: bashEnv,
    NODE_OPTIONS: `--import=${PINNED_CLOCK}`,
    UPTRENDS_TEST_NOW: NOW,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
    UPTRENDS_INFRA_URL: sim.infraUrl,
    UPTRENDS_INFRA_USERNAME: sim.credentials.infraUsername,
    UPTRENDS_INFRA_PASSWORD: sim.credentials.infraPassword,
    ACME_UPTRENDS_USERNAME: sim.credentials.username,
    ACME_UPTRENDS_PASSWORD: sim.credentials.password,
    GLOBEX_UPTRENDS_USERNAME: second.username,
    GLOBEX_UPTRENDS_PASSWORD: second.password,
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    REPORT_MAIL_FROM: 'reports@example.com',
    REPORT_MAIL_TO: 'manager@example.com',
  };
  // The one warehouse every block starts from: the first of July to now, every stream.
  const warehouse = mkdtempSync(path.join(root, 'base-'));
  const sync = await runLine(
    'uptrends-etl sync --from 2025-06-28 --to 2025-11-05 --window 14',
    warehouse,
    env,
  );
  expect(sync.code, sync.output).toBe(0);
  base = path.join(warehouse, '.uptrends-etl');
}, 600_000);

afterAll(async () => {
  await sim?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe('every documented command line runs as written', () => {
  it('finds the examples of the README, the docs and every --help', () => {
    const names = blocks.map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['uptrends-etl --help', 'uptrends-etl report sla --help']));
    expect(names.some((n) => n.startsWith('README.md:'))).toBe(true);
    expect(blocks.flatMap((b) => b.examples).length).toBeGreaterThan(80);
  });

  it('skips only lines that are written somewhere, each for a reason', () => {
    const lines = new Set(blocks.flatMap((b) => b.examples.map((e) => e.line)));
    expect([...SKIPPED.keys()].filter((line) => !lines.has(line))).toEqual([]);
    for (const reason of SKIPPED.values()) expect(reason.length).toBeGreaterThan(20);
  });

  // Two groups at a time; groups that start servers on the same documented port take turns.
  const slots = pLimit(2);
  const simulatorPort = pLimit(1); // 8080, and the mail catcher beside it
  const servePort = pLimit(1); // 5433
  it.concurrent.each(groups.map((g) => [g.name, g.blocks] as const))(
    '%s',
    async (_name, groupBlocks) => {
      const text = groupBlocks.flatMap((b) => b.examples.map((e) => e.line)).join('\n');
      const run = (): Promise<string[]> => slots(() => runGroup(groupBlocks));
      const lane = /simulate|mail-catcher|:8080/.test(text)
        ? simulatorPort
        : /uptrends-etl serve/.test(text)
          ? servePort
          : undefined;
      const failures = lane === undefined ? await run() : await lane(run);
      expect(failures).toEqual([]);
    },
    1_200_000,
  );
});
