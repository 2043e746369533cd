/** resolveSyncOptions: the one place the sync options are checked and defaulted (CLI and API). */
import { describe, expect, it } from 'vitest';
import { resolveSyncOptions } from '../../../src/api/sync-job.ts';
import { ConfigError } from '../../../src/errors.ts';
import { DEFAULT_SYNC_OPTIONS, SYNC_OPTION_RANGES } from '../../../src/pipeline/sync-options.ts';

describe('resolveSyncOptions', () => {
  it('fills every option the request leaves out, and keeps what it gives', () => {
    const resolved = resolveSyncOptions({ concurrency: 8, streams: ['alerts'], lookbackDays: undefined });
    expect(resolved).toMatchObject({ ...DEFAULT_SYNC_OPTIONS, concurrency: 8, streams: ['alerts'] });
    expect(resolved.lookbackDays).toBe(DEFAULT_SYNC_OPTIONS.lookbackDays);
  });

  it('parses the preset text into a PresetPeriod', () => {
    expect(resolveSyncOptions({ preset: 'previous month' }).preset).toBe('PreviousMonth');
  });

  it.each([
    ['concurrency', SYNC_OPTION_RANGES.concurrency.max + 1, '--concurrency'],
    ['lookbackDays', -1, '--lookback-days'],
    ['initialDays', 0, '--initial-days'],
    ['windowDays', 1.5, '--window'],
    ['maxPagesPerWindow', 0, '--max-pages-per-window'],
  ] as const)('refuses %s = %s, naming its flag', (name, value, flag) => {
    const run = (): unknown => resolveSyncOptions({ [name]: value });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(`${name} must be a whole number`);
    expect(run).toThrow(flag);
  });

  it('refuses a rate that is not positive and a wait beyond a day', () => {
    expect(() => resolveSyncOptions({ maxRps: 0 })).toThrow(/maxRps must be a positive number/);
    const day = SYNC_OPTION_RANGES.waitSeconds.max * 1000;
    expect(resolveSyncOptions({ waitMs: day }).waitMs).toBe(day);
    expect(() => resolveSyncOptions({ waitMs: day + 1 })).toThrow(/--wait/);
  });

  it('checks the period options: --from and --to together, never with --preset', () => {
    expect(() => resolveSyncOptions({ from: '2025-10-01' })).toThrow(/--from and --to go together/);
    expect(() =>
      resolveSyncOptions({ from: '2025-10-01', to: '2025-11-01', preset: 'PreviousMonth' }),
    ).toThrow(/--preset cannot be combined/);
    expect(() => resolveSyncOptions({ preset: 'LastFortnight' })).toThrow(/--preset must be one of/);
    expect(resolveSyncOptions({ from: '2025-10-01', to: '2025-11-01' })).toMatchObject({
      from: '2025-10-01',
      to: '2025-11-01',
      preset: undefined,
    });
  });
});
