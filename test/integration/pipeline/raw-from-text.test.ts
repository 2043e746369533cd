/**
 * The `raw` column of alerts and statistics buckets is stored from the record's text in the
 * response when nothing in it needs redaction (transform/raw-column.ts, rawColumn), and through
 * redactSecrets otherwise: both kinds in one page, on the load path of the backend under test.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SERVED_MONITOR as MONITOR, servedSyncRig } from '../../support/served-sync.ts';

const rig = servedSyncRig();

/** One alert as the wire has it, with `extra` written into it as given. */
function wireAlert(id: string, timestamp: string, attributes: string, extra = ''): string {
  return `{ "Type" : "Alert", "Id": "${id}",
    "Attributes": {"AlertType": "Error", "MonitorGuid": "${MONITOR}", "Timestamp": "${timestamp}",
      "FirstError": "${timestamp}", "MonitorCheckId": 11, "FirstErrorMonitorCheckId": 11,
      "IncidentKey": "k-${id}"${attributes}}${extra} }`;
}

const PLAIN = '00000000-0000-4000-8000-000000000001';
const ESCAPES = '00000000-0000-4000-8000-000000000002';
const SECRET = '00000000-0000-4000-8000-000000000003';
const DUPLICATE = '00000000-0000-4000-8000-000000000004';

describe('alert raw from the response text', () => {
  it('keeps the text of plain records (numbers as written), makes escapes storable, and redacts the rest', async () => {
    const body = `{"Data": [
      ${wireAlert(PLAIN, '2025-11-03T10:00:00', ', "ErrorDescription": "timeout"', ', "Score": 1.50')},
      ${wireAlert(ESCAPES, '2025-11-03T11:00:00', String.raw`, "ErrorMessage": "nul \u0000 pair \uD83D\uDE00 lone \uDC00 text \\u0000"`)},
      ${wireAlert(SECRET, '2025-11-03T12:00:00', ', "ErrorDescription": "see https://admin:hunter2@example.com/x"', ', "ApiToken": "tok-1", "Score": 2.50')},
      ${wireAlert(DUPLICATE, '2025-11-03T13:00:00', '', ', "Url": "https://admin:dup-secret@example.com/", "Url": "https://example.com/"')}
    ], "Cursors": {"Next": null} }`;
    await rig.sync('alerts', '/Alert/Monitor/', body, { from: '2025-11-03', to: '2025-11-04' });
    const warehouse = await rig.tdb.reopen();
    try {
      const rows = await sql<{ id: string; score: string | null; message: string | null; raw: string }>`
        select alert_id::text as id, raw->>'Score' as score, raw->'Attributes'->>'ErrorMessage' as message,
          raw::text as raw
        from uptrends.alert order by 1`.execute(warehouse.db);
      const byId = new Map(rows.rows.map((r) => [r.id, r]));
      expect([...byId.keys()]).toEqual([PLAIN, ESCAPES, SECRET, DUPLICATE]);
      // 1.50 as sent: only the response's own text keeps it (a parsed number serialises as 1.5).
      expect(byId.get(PLAIN)!.score).toBe('1.50');
      expect(byId.get(ESCAPES)!.message).toBe('nul \ufffd pair \u{1F600} lone \ufffd text \\u0000');
      const secret = byId.get(SECRET)!;
      expect(secret.raw).not.toContain('tok-1');
      expect(secret.raw).not.toContain('hunter2');
      expect(secret.raw).toContain('admin:[redacted]@example.com');
      expect(secret.score).toBe('2.5');
      // Only the last of duplicate keys was checked (JSON.parse) and only it is stored (jsonb).
      expect(byId.get(DUPLICATE)!.raw).not.toContain('dup-secret');
      expect(byId.get(DUPLICATE)!.raw).toContain('"Url": "https://example.com/"');
    } finally {
      await rig.tdb.release();
    }
  });

  it('keeps the text of a statistics bucket the same way', async () => {
    const bucket = (day: string, extra: string): string => `{"Id": "b-${day}", "Type": "Statistics",
      "Attributes": {"StartDateTime": "2025-11-${day}T00:00:00", "EndDateTime": "2025-11-${day}T23:59:59",
        "Checks": 1440, "UptimePercentage": 99.50${extra}}}`;
    const body = `{"Data": [${bucket('05', '')}, ${bucket('06', ', "Token": "tok-2"')}]}`;
    await rig.sync('statistics', '/Statistics/Monitor/', body, { from: '2025-11-05', to: '2025-11-07' });
    const warehouse = await rig.tdb.reopen();
    try {
      const rows = await sql<{ local: string; uptime: string; raw: string }>`
        select bucket_start_local::text as local, raw->'Attributes'->>'UptimePercentage' as uptime, raw::text as raw
        from uptrends.monitor_statistics order by 1`.execute(warehouse.db);
      expect(rows.rows.map((r) => r.uptime)).toEqual(['99.50', '99.5']);
      expect(rows.rows[1]!.raw).not.toContain('tok-2');
    } finally {
      await rig.tdb.release();
    }
  });
});
