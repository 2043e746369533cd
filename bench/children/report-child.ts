/**
 * Bench child: the raw-alert CSV of a period against the warehouse in DATABASE_URL, on the
 * simulator's clock, streamed from the keyset-paged query (queryRawAlerts) by writeRawAlertsCsv:
 * the path the incident report takes for its alerts CSV, without the incident model, whose size
 * follows the incidents and not the streaming. (The SLA workbook is measured through the CLI.)
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import { openWarehouse } from '../../src/load/connection/db.ts';
import { writeRawAlertsCsv } from '../../src/reports/incidents/render-csv.ts';
import { resolveReportPeriod } from '../../src/time/parse-period-options.ts';
import { queryRawAlerts } from '../../src/reports/queries/raw-alerts.ts';
import { queryReportAccount } from '../../src/reports/queries/scope.ts';
import { limitHeapGrowth } from '../../src/cli/heap-growth.ts';
import { childInput, measureChild } from './child-measure.ts';

/** What the parent passes. */
export type ReportChildInput = { kind: 'alerts-csv'; now: string; from: string; to: string; outDir: string };

/** What the child prints (besides the measures). */
export interface ReportChildResult {
  /** Alert rows in the CSV. */
  items: number;
  bytes: number;
}

// As the CLI does before every command.
limitHeapGrowth(process.env);
const input = childInput<ReportChildInput>();
const now = new Date(input.now);
const config = loadConfig(process.env);
const warehouse = await openWarehouse({ databaseUrl: config.databaseUrl });
await measureChild<ReportChildResult>(async () => {
  const account = await queryReportAccount(warehouse.db);
  const period = resolveReportPeriod({ from: input.from, to: input.to }, now, account.zone);
  const monitors = await sql<{ guid: string; name: string }>`
    select monitor_guid::text as guid, name from uptrends.monitor where account_id = ${account.accountId}`.execute(
    warehouse.db,
  );
  const file = path.join(input.outDir, `alerts-${input.from}-${input.to}.csv`);
  const alerts = queryRawAlerts(warehouse.db, {
    accountId: account.accountId,
    period,
    monitorGuids: monitors.rows.map((m) => m.guid),
  });
  const names = new Map(monitors.rows.map((m) => [m.guid, m.name]));
  const items = await writeRawAlertsCsv(alerts(), names, account.zone, file);
  return { items, bytes: statSync(file).size };
});
