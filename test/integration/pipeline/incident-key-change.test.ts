/**
 * An alert read again with another incident key (the service sent none the first time, so the key
 * was derived, and sends one now) moves to its new incident, and the incident it left is
 * recomputed from the alerts still in it, or deleted when it was the last: no incident is left
 * behind with alerts it no longer has.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SERVED_MONITOR as MONITOR, servedSyncRig } from '../../support/served-sync.ts';

const rig = servedSyncRig();

/** One alert on the wire; `key` undefined sends none (the warehouse derives one). */
function wireAlert(id: string, type: string, timestamp: string, key: string | undefined): string {
  const incidentKey = key === undefined ? '' : `, "IncidentKey": "${key}"`;
  return `{"Type": "Alert", "Id": "${id}", "Attributes": {"AlertType": "${type}",
    "MonitorGuid": "${MONITOR}", "Timestamp": "${timestamp}", "FirstError": "2025-11-03T10:00:00",
    "MonitorCheckId": ${id.slice(-2)}, "FirstErrorMonitorCheckId": 11${incidentKey}}}`;
}

/** Syncs the alerts of 2025-11-03 while the simulator answers with `alerts`. */
function syncAlerts(alerts: readonly string[]): Promise<void> {
  const body = `{"Data": [${alerts.join(',')}], "Cursors": {"Next": null}}`;
  return rig.sync('alerts', '/Alert/Monitor/', body, { from: '2025-11-03', to: '2025-11-04' });
}

/** The monitor's incidents: key -> alert count. */
async function incidents(): Promise<Record<string, number>> {
  const warehouse = await rig.tdb.reopen();
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
