/**
 * Helpers of the bad-input corpus: one alert window of the simulator with its ground truth, a
 * clean slate before each case, and the three documented outcomes (stored, rejected with a named
 * error, failed window) checked the same way in every case, so a case states only what is special
 * about it.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { localToUtc } from '../../src/time/zone-clock.ts';
import type { ReliabilityRig, SyncOutcome } from './reliability-rig.ts';

/** A raw alert as the simulator sends it. */
export interface WireAlert {
  Id?: unknown;
  Type?: string;
  Attributes: Record<string, unknown>;
  [field: string]: unknown;
}

/** A page of alerts as the simulator sends it. */
export interface WirePage {
  Data: WireAlert[];
  Cursors?: { Next?: string | null; Self?: string | null } | null;
  [field: string]: unknown;
}

/** The backfill window every alert case reads, with the simulator's alerts in it. */
export interface AlertWindow {
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** Lower-cased ids of the alerts the simulator holds in the window. */
  truthIds: string[];
}

/** A stored alert row (the columns the cases look at). */
export interface StoredAlert {
  alert_id: string;
  alert_type: string;
  raised_at: Date;
  raised_at_local: string;
  monitor_check_id: number;
  error_description: string | null;
  incident_key: string;
  incident_key_derived: boolean;
  raw: Record<string, unknown>;
}

/** A row of uptrends.etl_rejected_record. */
export interface RejectRow {
  stream: string;
  window_start: Date | null;
  window_end: Date | null;
  record_id: string | null;
  error: string;
}

/** The window [from, to) of account-local dates with its truth. */
export function alertWindow(rig: ReliabilityRig, from: string, to: string): AlertWindow {
  const start = localToUtc(`${from}T00:00:00`, rig.sim.timeZone)!;
  const end = localToUtc(`${to}T00:00:00`, rig.sim.timeZone)!;
  const truthIds = rig.sim.truth
    .alerts({ includeReminders: true, start, end })
    .map((a) => String(a.Id).toLowerCase());
  return { from, to, start, end, truthIds };
}

/** Empties what alert runs write, so each case starts from the same warehouse. */
export async function resetAlertTables(rig: ReliabilityRig): Promise<void> {
  rig.sim.clearInjections();
  rig.sim.resetCounts();
  await rig.inspect(async (db) => {
    await sql`delete from uptrends.alert`.execute(db);
    await sql`delete from uptrends.incident`.execute(db);
    await sql`delete from uptrends.etl_rejected_record`.execute(db);
    await sql`delete from uptrends.etl_state where stream = 'alerts'`.execute(db);
  });
}

/** Stored alerts by id. */
export async function storedAlerts(rig: ReliabilityRig): Promise<Map<string, StoredAlert>> {
  const rows = await rig.inspect((db) =>
    sql<StoredAlert>`select alert_id::text, alert_type, raised_at, raised_at_local::text, monitor_check_id, error_description,
      incident_key, incident_key_derived, raw from uptrends.alert`.execute(db),
  );
  return new Map(rows.rows.map((r) => [r.alert_id, { ...r, monitor_check_id: Number(r.monitor_check_id) }]));
}

/** Rejects of one run. */
export async function rejectsOf(rig: ReliabilityRig, runId: number): Promise<RejectRow[]> {
  const rows = await rig.inspect((db) =>
    sql<RejectRow>`select stream, window_start, window_end, record_id, error from uptrends.etl_rejected_record
      where run_id = ${runId} order by rejected_id`.execute(db),
  );
  return rows.rows;
}

/** The alerts watermark of the All Monitors partition, or null. */
export async function alertsWatermark(rig: ReliabilityRig): Promise<Date | null> {
  const rows = await rig.inspect((db) =>
    sql<{ watermark: Date | null }>`select watermark from uptrends.etl_state where stream = 'alerts'`.execute(
      db,
    ),
  );
  return rows.rows[0]?.watermark ?? null;
}

/**
 * Outcome "stored": the run succeeded and every alert of the window except `missing` is stored
 * (`missing`: records the case removed or rejected on purpose). Returns the stored rows.
 */
export async function expectStored(
  rig: ReliabilityRig,
  window: AlertWindow,
  outcome: SyncOutcome,
  missing: readonly string[] = [],
): Promise<Map<string, StoredAlert>> {
  expect(outcome.error?.message, 'the run must succeed').toBeUndefined();
  expect(outcome.exitCode).toBe(0);
  const stored = await storedAlerts(rig);
  const lost = window.truthIds.filter((id) => !stored.has(id) && !missing.includes(id));
  expect(lost, 'alerts of the window missing from the warehouse').toEqual([]);
  for (const id of missing) expect(stored.has(id), `${id} must not be stored`).toBe(false);
  expect(await alertsWatermark(rig)).toEqual(window.end);
  return stored;
}

/**
 * Outcome "rejected": the run succeeded, each bad record has a reject row of stream `alerts` naming
 * the window and its id (null when it has none) with an error matching `reason`, a warning was
 * logged for it, and every other alert of the window is stored (`alsoMissing`: ids of the window
 * the case changed, so they arrive under no id or another one).
 */
export async function expectRejected(
  rig: ReliabilityRig,
  window: AlertWindow,
  outcome: SyncOutcome,
  bad: readonly { id: string | null; reason: RegExp }[],
  alsoMissing: readonly string[] = [],
): Promise<RejectRow[]> {
  await expectStored(rig, window, outcome, [
    ...bad.flatMap((b) => (b.id === null ? [] : [b.id.toLowerCase()])),
    ...alsoMissing,
  ]);
  const rejects = await rejectsOf(rig, outcome.runId);
  expect(rejects.map((r) => r.record_id)).toEqual(bad.map((b) => b.id));
  bad.forEach((b, i) => {
    expect(rejects[i]).toMatchObject({
      stream: 'alerts',
      window_start: window.start,
      window_end: window.end,
    });
    expect(rejects[i]!.error).toMatch(b.reason);
  });
  const warnings = outcome.logs.filter(
    (l) => l.level === 'warn' && /rejected a record of stream alerts window/.test(l.msg),
  );
  expect(warnings).toHaveLength(bad.length);
  // The run's counts carry the stream's rejected total (the ledger keeps it too).
  expect((outcome.summary?.streams.alerts as { rejected?: number } | undefined)?.rejected).toBe(bad.length);
  return rejects;
}

/**
 * Outcome "failed window": a non-zero exit code (`exitCode`), a message naming the window and
 * matching `reason`, nothing of the window committed and the watermark not moved.
 */
export async function expectFailedWindow(
  rig: ReliabilityRig,
  window: AlertWindow,
  outcome: SyncOutcome,
  exitCode: number,
  reason: RegExp,
): Promise<void> {
  expect(outcome.exitCode).toBe(exitCode);
  expect(outcome.error?.message).toContain(`alerts window [${window.from}T00:00:00, ${window.to}T00:00:00)`);
  expect(outcome.error?.message).toMatch(reason);
  expect((await storedAlerts(rig)).size).toBe(0);
  expect(await alertsWatermark(rig)).toBeNull();
  const ledger = await rig.inspect((db) =>
    sql<{
      status: string;
      error: unknown;
    }>`select status, error from uptrends.etl_run where run_id = ${outcome.runId}`.execute(db),
  );
  expect(ledger.rows[0]?.status).toBe('failed');
}
