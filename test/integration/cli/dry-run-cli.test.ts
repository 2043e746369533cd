/**
 * `nightly --dry-run` and `report send --subscription NAME --dry-run` as a user runs them (issue 41,
 * item 13): every mail that would go is listed on stdout (text, or JSON lines with `--json`) with
 * its recipients and attachments, the night is not synced, no mail reaches the SMTP server, no
 * ledger row is written and the report folder stays empty; the real `nightly` then sends exactly
 * the listed mail.
 *
 * Expected values: the subscription is daily with PreviousDay, so as of yesterday it is due once,
 * with the day before yesterday; the warehouse holds the simulator's last 10 days, read in full.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../../support/run-cli.ts';
import { subscriptionRig } from '../../support/subscription-rig.ts';

// The simulator's last 10 days, read in full (the simulator runs on the real clock).
const rig = subscriptionRig({ seed: 9, monitors: 4, days: 12 }, { sync: { initialDays: 10 } });
const mails = rig.mail.received;

/** yyyy-MM-dd `back` days before today (UTC; at least as early in the account's zone). */
const day = (back: number): string => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const AS_OF = day(1);
const PERIOD = day(2);

const cli = (args: string[]) => runCli(args, rig.env(), rig.dir);
const ledgerRows = async (): Promise<string> => {
  const r = await cli([
    '--json',
    'query',
    '--format',
    'json',
    'select count(*)::int as n from uptrends.report_delivery',
  ]);
  const s = await cli([
    '--json',
    'query',
    '--format',
    'json',
    'select count(*)::int as n from uptrends.report_subscription',
  ]);
  return `${r.stdout.trim()} ${s.stdout.trim()}`;
};

beforeEach(() =>
  writeFileSync(
    path.join(rig.dir, 'uptrends-etl.yaml'),
    `mail:
  from: reports@example.com
subscriptions:
  - name: daily-ops
    reports: [incidents]
    schedule: daily
    period: PreviousDay
    formats: [csv]
    recipients: { addresses: [ops@example.com, cto@example.com] }
    subject: "{subscription} | {period}"
`,
  ),
);

describe('dry runs from the command line', () => {
  it('nightly --dry-run --json lists the mail, syncs nothing, sends and records nothing', async () => {
    const before = await ledgerRows();
    const runsBefore = await cli([
      '--json',
      'query',
      '--format',
      'json',
      'select count(*)::int as n from uptrends.etl_run',
    ]);
    const result = await cli(['--json', 'nightly', '--dry-run', '--as-of', AS_OF, '--out', 'reports']);
    expect(result.code, result.stderr).toBe(0);
    const lines = jsonLines(result.stdout);
    const listed = lines.filter((l) => l.result === 'dry-run');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      subscription: 'daily-ops',
      period: PERIOD,
      due: AS_OF,
      status: 'would-send',
      recipients: ['cto@example.com', 'ops@example.com'],
      reason: null,
    });
    const attachments = listed[0]!.attachments as string[];
    expect(attachments.length).toBeGreaterThan(0);
    for (const a of attachments) expect(a.startsWith(path.join('reports', 'daily-ops') + '/')).toBe(true);
    expect(lines.find((l) => l.result === 'nightly-dry-run')).toMatchObject({ wouldSend: 1, synced: false });
    expect(mails).toEqual([]);
    expect(await ledgerRows()).toBe(before);
    const runsAfter = await cli([
      '--json',
      'query',
      '--format',
      'json',
      'select count(*)::int as n from uptrends.etl_run',
    ]);
    expect(runsAfter.stdout).toBe(runsBefore.stdout);
    expect(readdirSync(rig.dir)).toEqual(['uptrends-etl.yaml']);

    const text = await cli([
      '--no-json',
      'report',
      'send',
      '--subscription',
      'daily-ops',
      '--period',
      PERIOD,
      '--dry-run',
    ]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`would send: daily-ops, account `);
    expect(text.stdout).toContain('  to: cto@example.com, ops@example.com');
    expect(text.stdout).toContain('Nothing was written, sent or recorded.');
    expect(mails).toEqual([]);
    expect(await ledgerRows()).toBe(before);

    // The real night sends what was listed: one mail, to those recipients, with those files.
    const real = await cli([
      '--json',
      'nightly',
      '--as-of',
      AS_OF,
      '--out',
      'reports',
      '--streams',
      'alerts',
    ]);
    expect(real.code, real.stderr).toBe(0);
    expect(mails).toHaveLength(1);
    expect([...mails[0]!.to].sort()).toEqual(['cto@example.com', 'ops@example.com']);
    expect(mails[0]!.raw.toString('utf8')).toContain(`daily-ops | ${PERIOD}`);
    for (const a of attachments)
      expect(mails[0]!.raw.toString('utf8')).toContain(`filename=${path.basename(a)}`);
  }, 240_000);

  it('names the account of every listed mail without an accounts: section, as the warehouse knows it', async () => {
    // Every sync with the environment's credentials records its account as "default".
    const accountRow = async (): Promise<{ account_id: string; account_name: string | null }> => {
      const r = await cli([
        '--json',
        'query',
        '--format',
        'json',
        'select account_id, account_name from uptrends.account',
      ]);
      const rows = jsonLines(r.stdout) as unknown as { account_id: string; account_name: string | null }[];
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };
    const { account_id: id, account_name: recorded } = await accountRow();
    expect(recorded).toBe('default');
    const listedAccounts = async (): Promise<unknown[]> => {
      const result = await cli(['--json', 'nightly', '--dry-run', '--as-of', AS_OF, '--out', 'reports']);
      expect(result.code, result.stderr).toBe(0);
      const lines = jsonLines(result.stdout);
      const listed = lines.filter((l) => l.result === 'dry-run' || l.result === 'nightly-dry-run');
      expect(listed.filter((l) => l.result === 'dry-run').length).toBeGreaterThan(0);
      return listed.map((l) => [l.result, l.account, l.accountId]);
    };
    expect(new Set((await listedAccounts()).map((l) => JSON.stringify(l)))).toEqual(
      new Set([
        JSON.stringify(['dry-run', 'default', id]),
        JSON.stringify(['nightly-dry-run', 'default', id]),
      ]),
    );
    const text = await cli(['--no-json', 'nightly', '--dry-run', '--as-of', AS_OF, '--out', 'reports']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`: daily-ops, account default (${id}), ${PERIOD}`);
    expect(text.stdout).toContain(`default (${id}): dry run as of ${AS_OF}`);

    // The same account synced once under a file's accounts: section keeps that name in the
    // warehouse until the next sync without one; the dry run (which syncs nothing) still lists it.
    writeFileSync(
      path.join(rig.dir, 'named.yaml'),
      'accounts:\n  - { name: ops-account, username_env: UPTRENDS_USERNAME, password_env: UPTRENDS_PASSWORD }\n',
    );
    const named = await cli(['--config', 'named.yaml', 'sync', '--streams', 'monitors']);
    expect(named.code, named.stderr).toBe(0);
    expect(await accountRow()).toEqual({ account_id: id, account_name: 'ops-account' });
    expect(new Set((await listedAccounts()).map((l) => JSON.stringify(l)))).toEqual(
      new Set([
        JSON.stringify(['dry-run', 'ops-account', id]),
        JSON.stringify(['nightly-dry-run', 'ops-account', id]),
      ]),
    );

    // report send --dry-run (no subscription) names it too.
    const adHoc = await runCli(
      ['--no-json', 'report', 'send', '--from', PERIOD, '--to', AS_OF, '--format', 'csv', '--dry-run'],
      { ...rig.env(), REPORT_MAIL_TO: 'ops@example.com' },
      rig.dir,
    );
    expect(adHoc.code, adHoc.stderr).toBe(0);
    expect(adHoc.stdout).toContain(`reports, account ops-account (${id}), `);
    // Dry runs only: no mail went.
    expect(mails).toHaveLength(0);
  }, 240_000);
});
