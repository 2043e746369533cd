/** resolveNightly: every nightly option checked and defaulted once, before any sync. */
import { describe, expect, it } from 'vitest';
import { resolveNightly } from '../../../src/api/nightly-job.ts';
import { parseConfigFile } from '../../../src/config-file/load-config-file.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';

const MAIL = { mailTo: ['ops@example.com'], smtpUrl: 'smtp://mail.example.com' };

describe('resolveNightly', () => {
  it('without options: the default subscription to REPORT_MAIL_TO, ./reports, mail when SMTP_URL is set', () => {
    const resolved = resolveNightly({}, MAIL);
    expect(resolved.sync).toEqual(DEFAULT_SYNC_OPTIONS);
    expect(resolved.fromFile).toBe(false);
    expect(resolved.subscriptions).toHaveLength(1);
    expect(resolved.subscriptions[0]).toMatchObject({
      name: 'default',
      period: 'PreviousMonth',
      formats: ['xlsx', 'csv'],
      addresses: ['ops@example.com'],
    });
    expect(resolved).toMatchObject({ outDir: './reports', mailAsked: true, mail: true, queue: false });
    expect(resolveNightly({}, { mailTo: [], smtpUrl: undefined }).mail).toBe(false);
    expect(resolveNightly({ mail: false }, MAIL).mail).toBe(false);
  });

  it('checks the report options and --as-of even when nothing is due', () => {
    expect(() => resolveNightly({ reportOn: 'someday' }, MAIL)).toThrow(/--report-on/);
    expect(() => resolveNightly({ reportPeriod: 'CurrentMonth' }, MAIL)).toThrow(/not a finished period/);
    expect(() => resolveNightly({ asOf: '2025-02-30' }, MAIL)).toThrow(
      /--as-of 2025-02-30: that day does not exist/,
    );
    expect(() => resolveNightly({ sync: { concurrency: 0 } }, MAIL)).toThrow(/concurrency/);
    expect(resolveNightly({ asOf: '2025-11-03' }, MAIL).asOf).toBe('2025-11-03');
  });

  it("takes the file's subscriptions when it has them", () => {
    const file = parseConfigFile(
      'subscriptions:\n  - name: weekly\n    schedule: weekly\n    period: PreviousWeek\n    recipients: { addresses: [a@example.com] }\n',
      'test.yaml',
    );
    const resolved = resolveNightly({ file, reportOn: 'never' }, MAIL);
    expect(resolved.fromFile).toBe(true);
    expect(resolved.subscriptions.map((s) => s.name)).toEqual(['weekly']);
  });
});
