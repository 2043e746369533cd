/**
 * An alert read again with another incident key (the service sent none the first time, so the key
 * was derived, and sends one now) moves to its new incident, and the incident it left is
 * recomputed from the alerts still in it, or deleted when it was the last: no incident is left
 * behind with alerts it no longer has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../../src/config.ts';
import { silentLogger } from '../../../src/logger.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';
import { runSync } from '../../../src/pipeline/run-sync.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { simulatorEnv } from '../../support/reliability-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const NOW = new Date('2025-11-12T08:00:00Z');
const MONITOR = '0b6d2a4e-53c4-4cf0-9d1e-6a1d5e7c0f11';
let tdb: TestDatabase;
let sim: RunningSimulator;

beforeAll(async () => {
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  sim = await startSimulator({ seed: 5, monitors: 2, days: 10, now: NOW });
});
afterAll(async () => {
  await sim.close();
  await tdb.drop();
});

/** One alert on the wire; `key` undefined sends none (the warehouse derives one). */
function wireAlert(id: string, type: string, timestamp: string, key: string | undefined): string {
  const incidentKey = key === undefined ? '' : `, "IncidentKey": "${key}"`;
  return `{"Type": "Alert", "Id": "${id}", "Attributes": {"AlertType": "${type}",
    "MonitorGuid": "${MONITOR}", "Timestamp": "${timestamp}", "FirstError": "2025-11-03T10:00:00",
    "MonitorCheckId": ${id.slice(-2)}, "FirstErrorMonitorCheckId": 11${incidentKey}}}`;
}

/** Syncs the alerts of 2025-11-03 while the simulator answers with `alerts`. */
async function syncAlerts(alerts: readonly string[]): Promise<void> {
  const body = `{"Data": [${alerts.join(',')}], "Cursors": {"Next": null}}`;
  sim.inject({ match: new RegExp(`/Alert/Monitor/${MONITOR}`, 'i'), times: 1, status: 200, body });
  try {
    const config = loadConfig({ ...tdb.env, ...simulatorEnv(sim) });
    const summary = await runSync(
      config,
      {
        ...DEFAULT_SYNC_OPTIONS,
        streams: ['alerts'],
        monitors: [MONITOR],
        from: '2025-11-03',
        to: '2025-11-04',
      },
      { logger: silentLogger(), clock: () => sim.truth.now() },
    );
    expect(summary.streams.alerts?.status).toBe('succeeded');
  } finally {
    sim.clearInjections();
  }
}

/** The monitor's incidents: key -> alert count. */
async function incidents(): Promise<Record<string, number>> {
  const warehouse = await tdb.reopen();
  try {
    const rows = await sql<{ key: string; alerts: number }>`
      select incident_key as key, alert_count as alerts from uptrends.incident
      where monitor_guid = ${MONITOR}::uuid order by incident_key`.execute(warehouse.db);
    return Object.fromEntries(rows.rows.map((r) => [r.key, Number(r.alerts)]));
  } finally {
    await warehouse.close();
  }
}

const ERROR = '00000000-0000-4000-8000-000000000011';
const REMINDER = '00000000-0000-4000-8000-000000000012';

describe('an alert whose incident key changes', () => {
  it('leaves its old incident: recomputed while other alerts remain, deleted after the last', async () => {
    await syncAlerts([
      wireAlert(ERROR, 'Error', '2025-11-03T10:00:00', undefined),
      wireAlert(REMINDER, 'Reminder', '2025-11-03T10:30:00', undefined),
    ]);
    expect(await incidents()).toEqual({ 'derived:11': 2 });

    // The reminder now arrives with the service's key: the derived incident keeps the error only.
    await syncAlerts([
      wireAlert(ERROR, 'Error', '2025-11-03T10:00:00', undefined),
      wireAlert(REMINDER, 'Reminder', '2025-11-03T10:30:00', 'k-11'),
    ]);
    expect(await incidents()).toEqual({ 'derived:11': 1, 'k-11': 1 });

    // And then the error too: the derived incident has no alert left and is gone.
    await syncAlerts([
      wireAlert(ERROR, 'Error', '2025-11-03T10:00:00', 'k-11'),
      wireAlert(REMINDER, 'Reminder', '2025-11-03T10:30:00', 'k-11'),
    ]);
    expect(await incidents()).toEqual({ 'k-11': 2 });
  });
});
