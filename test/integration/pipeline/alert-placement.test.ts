/**
 * An alert that cannot belong to the window it was asked for is a named reject (issue 40, item 2):
 * a Timestamp outside the window (beyond the one second the service's whole-second rounding
 * needs), an explicit offset that lands outside, a FirstError after the Timestamp. The window's
 * other alerts are stored, and reading the window again leaves no row and no incident of them.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SERVED_MONITOR as MONITOR, servedSyncRig } from '../../support/served-sync.ts';

const rig = servedSyncRig();

function wireAlert(id: string, type: string, timestamp: string, firstError: string): string {
  return `{"Type": "Alert", "Id": "${id}", "Attributes": {"AlertType": "${type}",
    "MonitorGuid": "${MONITOR}", "Timestamp": "${timestamp}", "FirstError": "${firstError}",
    "MonitorCheckId": 11, "FirstErrorMonitorCheckId": 11, "IncidentKey": "k-${id.slice(-2)}"}}`;
}

const id = (n: number): string => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const IN_WINDOW = id(1);
const TWO_YEARS_BEFORE = id(2);
const OFFSET_OUTSIDE = id(3);
const FIRST_ERROR_AFTER = id(4);
const ON_THE_END = id(5);

const BODY = `{"Data": [
  ${wireAlert(IN_WINDOW, 'Error', '2025-11-03T10:00:00', '2025-11-03T10:00:00')},
  ${wireAlert(TWO_YEARS_BEFORE, 'Error', '2023-11-03T10:00:00', '2023-11-03T10:00:00')},
  ${wireAlert(OFFSET_OUTSIDE, 'Error', '2025-11-03T20:00:00-14:00', '2025-11-03T20:00:00-14:00')},
  ${wireAlert(FIRST_ERROR_AFTER, 'Error', '2025-11-03T11:00:00', '2025-11-03T12:00:00')},
  ${wireAlert(ON_THE_END, 'Ok', '2025-11-04T00:00:00', '2025-11-03T10:00:00')}
], "Cursors": {"Next": null}}`;

describe('alerts that cannot belong to their window', () => {
  it('are rejected by name, the others stored, and a second read leaves none of them', async () => {
    await rig.sync('alerts', '/Alert/Monitor/', BODY, { from: '2025-11-03', to: '2025-11-04' });
    await rig.sync('alerts', '/Alert/Monitor/', BODY, { from: '2025-11-03', to: '2025-11-04' });
    const warehouse = await rig.tdb.reopen();
    try {
      const stored = await sql<{
        id: string;
      }>`select alert_id::text as id from uptrends.alert order by 1`.execute(warehouse.db);
      // The Ok stamped exactly on the window's end is within the service's rounding: stored.
      expect(stored.rows.map((r) => r.id)).toEqual([IN_WINDOW, ON_THE_END]);
      const incidents = await sql<{ key: string; ongoing: boolean }>`
        select incident_key as key, ended_at is null as ongoing from uptrends.incident order by 1`.execute(
        warehouse.db,
      );
      expect(incidents.rows).toEqual([
        { key: 'k-01', ongoing: true },
        { key: 'k-05', ongoing: false },
      ]);
      const rejects = await sql<{ id: string; error: string; stream: string; window: boolean }>`
        select record_id as id, error, stream, window_start is not null and window_end is not null as window
        from uptrends.etl_rejected_record order by rejected_id`.execute(warehouse.db);
      // Each read rejected the three: twice each, each naming stream, window, record, field and value.
      expect(rejects.rows.map((r) => r.id)).toEqual([
        TWO_YEARS_BEFORE,
        OFFSET_OUTSIDE,
        FIRST_ERROR_AFTER,
        TWO_YEARS_BEFORE,
        OFFSET_OUTSIDE,
        FIRST_ERROR_AFTER,
      ]);
      for (const reject of rejects.rows) {
        expect(reject.stream).toBe('alerts');
        expect(reject.window).toBe(true);
      }
      const [twoYears, offset, firstError] = rejects.rows;
      expect(twoYears!.error).toContain('Timestamp 2023-11-03T10:00:00');
      expect(twoYears!.error).toContain(
        'outside the window asked for [2025-11-03T00:00:00, 2025-11-04T00:00:00)',
      );
      expect(offset!.error).toContain('Timestamp');
      expect(offset!.error).toContain('outside the window');
      expect(firstError!.error).toContain('FirstError 2025-11-03T12:00:00 is after');
    } finally {
      await rig.tdb.release();
    }
  });
});
