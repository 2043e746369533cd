/**
 * Issue 41, item 7: the mails of the demo's account read right. The demo's simulator (its seed,
 * size and realistic profile, its clock now) is read into a warehouse as `demo` reads it, and the
 * subscriptions of docs/uptrends-etl.example.yaml run as the README's mail section runs them
 * (`nightly --as-of` the 1st of last month, then `nightly` today), in process, into an SMTP server
 * of the test. Every mail is read back as a recipient reads it:
 * - a report scoped to a group names that group where the account's says "the account as a whole"
 *   (the account's wording: render-pdf.test.ts, send-report-mail.test.ts);
 * - no sentence is said twice in one mail, and no line says the same thing twice (the September
 *   mail said that the previous period was incomplete in both halves of one line).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../src/config.ts';
import { parseConfigFile, type ConfigFile } from '../../../src/config-file/load-config-file.ts';
import { environmentWithMailSection } from '../../../src/config-file/mail-section.ts';
import type { Warehouse } from '../../../src/load/connection/db.ts';
import { silentLogger } from '../../../src/logger.ts';
import { runSync } from '../../../src/pipeline/run-sync.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';
import { runSubscriptionSchedule } from '../../../src/pipeline/subscriptions/run-subscriptions.ts';
import { fileSubscriptions } from '../../../src/pipeline/subscriptions/subscriptions.ts';
import { DEMO_SIMULATOR_PROFILE, SIMULATOR_DEFAULTS } from '../../../src/simulator/simulator-limits.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { addLocalDays, localDateOf } from '../../../src/time/calendar.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { deliveryOptions } from '../../support/report-request.ts';
import { mailCatcher } from '../../support/subscription-rig.ts';

const EXAMPLE_FILE = fileURLToPath(new URL('../../../docs/uptrends-etl.example.yaml', import.meta.url));

interface Mail {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
}
// The mails as the SMTP server received them.
const catcher = mailCatcher();
const raw = catcher.received;

let tdb: TestDatabase;
let sim: RunningSimulator;
let warehouse: Warehouse;
let config: Config;
let file: ConfigFile;
let dir: string;
let mails: Mail[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mail-wording-'));
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  sim = await startSimulator({
    seed: SIMULATOR_DEFAULTS.seed,
    monitors: SIMULATOR_DEFAULTS.monitors,
    days: SIMULATOR_DEFAULTS.days,
    profile: DEMO_SIMULATOR_PROFILE,
  });
  const env = {
    ...tdb.env,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
    SMTP_URL: catcher.url,
  };
  const today = localDateOf(sim.truth.now(), sim.timeZone);
  // As the demo reads it: its whole history, to tomorrow.
  const summary = await runSync(
    loadConfig(env),
    {
      ...DEFAULT_SYNC_OPTIONS,
      from: addLocalDays(today, -SIMULATOR_DEFAULTS.days),
      to: addLocalDays(today, 1),
      windowDays: 7,
      concurrency: 4,
    },
    { logger: silentLogger(), clock: () => sim.truth.now() },
  );
  expect(summary.status).toBe('succeeded');
  warehouse = await tdb.reopen();
  file = parseConfigFile(readFileSync(EXAMPLE_FILE, 'utf8'), EXAMPLE_FILE);
  config = loadConfig(environmentWithMailSection(env, file.contents.mail));
  const clock = () => sim.truth.now();
  // The README's two nights: the 1st of last month (September's web report when run in
  // November), then today.
  const firstOfLastMonth = `${addLocalDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  for (const asOf of [firstOfLastMonth, today]) {
    await runSubscriptionSchedule(
      warehouse,
      await deliveryOptions(
        config,
        warehouse,
        { subscriptions: fileSubscriptions(file)!, file, outDir: dir, mail: true, asOf },
        clock,
      ),
      { logger: silentLogger(), clock },
    );
  }
  mails = await Promise.all(
    raw.map(async (m) => {
      const parsed = await PostalMime.parse(m.raw);
      return { to: m.to, subject: parsed.subject ?? '', text: parsed.text ?? '' };
    }),
  );
}, 600_000);

afterAll(async () => {
  await sim?.close();
  await tdb?.drop();
  await rm(dir, { recursive: true, force: true });
});

/** Lines of the mail that are prose, not rows of a list (a list's rows may share their words). */
const proseLines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('- '));

/** Sentences of the prose: split after a full stop or a semicolon. */
function sentences(text: string): string[] {
  return proseLines(text)
    .flatMap((line) => line.split(/(?<=[.;])\s+/))
    .map((s) => s.replace(/[.;]$/, '').trim().toLowerCase())
    .filter((s) => s.length > 0);
}

/** The runs of `n` words a line says more than once (words: lower case, without punctuation). */
function repeatedPhrases(line: string, n = 3): string[] {
  const words = line
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, ''))
    .filter((w) => w !== '');
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (let i = 0; i + n <= words.length; i += 1) {
    const phrase = words.slice(i, i + n).join(' ');
    if (seen.has(phrase)) repeated.add(phrase);
    seen.add(phrase);
  }
  return [...repeated];
}

const mailsTo = (address: string): Mail[] => mails.filter((m) => m.to.includes(address));

describe('the mails of the demo account', () => {
  it("sends the README mail section's mails: two months of Websites and the EU weeks", () => {
    // (The board's quarter may be held: the demo's 90 days need not hold a whole quarter. The
    // early warning mails only when a state changes.)
    expect(mailsTo('account-manager@example.com')).toHaveLength(2);
    expect(mailsTo('eu-lead@example.com').length).toBeGreaterThan(0);
  });

  it('a report scoped to Websites names Websites, never "the account as a whole"', () => {
    for (const mail of mailsTo('account-manager@example.com')) {
      expect(mail.text, mail.subject).toContain('Scope: Websites');
      expect(mail.text, mail.subject).not.toMatch(/account as a whole/);
      expect(mail.text, mail.subject).toMatch(/^Downtime: \d+:\d\d \(h:mm\) for Websites as a whole; /m);
    }
  });

  it('no mail says a sentence twice, and no line says the same words twice', () => {
    expect(mails.length).toBeGreaterThan(3);
    const problems: string[] = [];
    for (const mail of mails) {
      const all = sentences(mail.text);
      const twice = [...new Set(all.filter((s, i) => all.indexOf(s) !== i))];
      for (const s of twice) problems.push(`${mail.subject}: sentence twice: "${s}"`);
      for (const line of proseLines(mail.text))
        for (const phrase of repeatedPhrases(line))
          problems.push(`${mail.subject}: "${phrase}" twice in: ${line}`);
    }
    expect(problems).toEqual([]);
  });
});
