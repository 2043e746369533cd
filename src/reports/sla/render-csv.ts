/**
 * The SLA report's tables as CSVs for analysts: the same figures as the workbook, in plain units
 * named in the header (`_pct` 0-100, `_min`, `_h`), UTC instants plus local columns.
 */
import { join } from 'node:path';
import { localText, minutes } from '../render/cell-values.ts';
import { csvRow, GROUP_COLUMNS, MONITOR_COLUMNS } from './figure-columns.ts';
import { reportFileName } from '../render/report-files.ts';
import { writeCsv, type CsvValue } from '../render/write-csv.ts';
import type { SlaModel } from './model-types.ts';
import { dataWord } from '../model/data-coverage.ts';

/** Writes the SLA CSVs into `outDir`; returns their paths. */
export async function renderSlaCsv(model: SlaModel, outDir: string): Promise<string[]> {
  const zone = model.period.zone;
  const path = (name: string): string => join(outDir, reportFileName(name, model.period, '.csv'));
  const written: string[] = [];

  const monitors = path('uptrends-sla-monitors');
  await writeCsv(
    monitors,
    MONITOR_COLUMNS.map((c) => c.csv),
    model.monitors.map((row) => csvRow(MONITOR_COLUMNS, row)),
  );
  written.push(monitors);

  const groups = path('uptrends-sla-groups');
  await writeCsv(
    groups,
    GROUP_COLUMNS.map((c) => c.csv),
    model.groups.map((row) => csvRow(GROUP_COLUMNS, row)),
  );
  written.push(groups);

  const daily = path('uptrends-sla-daily');
  await writeCsv(
    daily,
    ['monitor_guid', 'monitor_name', 'date_local', 'uptime_incidents_pct'],
    (function* () {
      for (const { row, values } of model.daily.rows) {
        for (let i = 0; i < values.length; i += 1) {
          yield [row.monitor.monitor_guid, row.monitor.name, model.daily.days[i]!, values[i] ?? null];
        }
      }
    })(),
  );
  written.push(daily);

  const trend = path('uptrends-sla-trend');
  await writeCsv(
    trend,
    [
      'group_name',
      'month',
      'uptime_pct',
      'uptime_source',
      'downtime_min',
      'incidents',
      'mttr_min',
      'data_coverage_pct',
      'data',
    ],
    model.trend.rows.map((r): CsvValue[] => [
      r.groupName,
      r.month,
      r.uptime,
      r.noData ? null : r.uptimeSource,
      r.noData ? null : minutes(r.downtimeMs),
      r.noData ? null : r.incidents,
      minutes(r.mttrMs),
      r.coverage === null ? null : 100 * r.coverage,
      dataWord(r),
    ]),
  );
  written.push(trend);

  const maintenance = path('uptrends-sla-maintenance');
  await writeCsv(
    maintenance,
    [
      'monitor_guid',
      'monitor_name',
      'maintenance_type',
      'start_utc',
      'end_utc',
      `start_local_${zone}`,
      `end_local_${zone}`,
      'in_period_min',
      'excluded_min',
      'incident_time_inside_min',
    ],
    model.maintenance.map((m): CsvValue[] => [
      m.maintenance.monitor_guid,
      m.monitorName,
      m.maintenance.maintenance_type,
      m.maintenance.start_at,
      m.maintenance.end_at,
      localText(m.maintenance.start_at, zone),
      localText(m.maintenance.end_at, zone),
      minutes(m.inPeriodMs),
      minutes(m.excludedMs),
      minutes(m.overlappingIncidentMs),
    ]),
  );
  written.push(maintenance);
  return written;
}
