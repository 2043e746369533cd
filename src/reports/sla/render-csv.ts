/**
 * The SLA report's tables as CSVs for analysts: the same figures as the workbook, rounded as the
 * workbook shows them (figure-format.ts), in plain units named in the header (`_pct` 0-100,
 * `_min`, `_pp`), UTC instants plus local columns.
 */
import { join } from 'node:path';
import { localText } from '../render/cell-values.ts';
import { dataWord, figureCsv } from '../render/figure-format.ts';
import { reportFileName, zoneColumn } from '../render/report-files.ts';
import { writeCsv, type CsvValue } from '../render/write-csv.ts';
import { csvRow, GROUP_COLUMNS, MONITOR_COLUMNS } from './figure-columns.ts';
import { dailyValue, trendTable } from './daily-sheets.ts';
import type { SlaModel } from './model-types.ts';
import { SLA_OVERVIEW_CSV_HEADER, slaOverviewCsvRow } from './sla-overview-sheet.ts';

/** Writes the SLA CSVs into `outDir`; returns their paths. */
export async function renderSlaCsv(model: SlaModel, outDir: string, signal?: AbortSignal): Promise<string[]> {
  const zone = model.period.zone;
  const path = (name: string): string => join(outDir, reportFileName(name, model.period, '.csv'));
  const written: string[] = [];

  const monitors = path('uptrends-sla-monitors');
  await writeCsv(
    monitors,
    MONITOR_COLUMNS.map((c) => c.csv),
    model.monitors.map((row) => csvRow(MONITOR_COLUMNS, row)),
    signal,
  );
  written.push(monitors);

  const groups = path('uptrends-sla-groups');
  await writeCsv(
    groups,
    GROUP_COLUMNS.map((c) => c.csv),
    model.groups.map((row) => csvRow(GROUP_COLUMNS, row)),
    signal,
  );
  written.push(groups);

  const daily = path('uptrends-sla-daily');
  await writeCsv(
    daily,
    ['monitor_guid', 'monitor_name', 'date_local', 'uptime_incidents_pct', 'data'],
    (function* () {
      for (const { monitor, days } of model.daily.rows) {
        for (let i = 0; i < days.length; i += 1) {
          const day = days.at(i);
          yield [
            monitor.monitor_guid,
            monitor.name,
            model.daily.days[i]!,
            figureCsv('percent', dailyValue(day)),
            dataWord(day?.alerts_data_state ?? null, day?.alerts_coverage ?? null),
          ];
        }
      }
    })(),
    signal,
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
    trendTable(model).map(({ group, month, figure: f }): CsvValue[] => {
      const known = f !== null && f.data_state !== 'no data';
      return [
        group,
        month,
        figureCsv('percent', f?.uptime_percentage ?? null),
        known ? (f.uptime_source === 'statistics' ? 'Statistics' : 'Incidents') : null,
        known ? figureCsv('duration', f.incident_downtime_seconds) : null,
        known ? f.incidents_started : null,
        figureCsv('duration', f?.mttr_seconds ?? null),
        figureCsv('coverage', f?.coverage ?? null),
        dataWord(f?.data_state ?? null, f?.coverage ?? null),
      ];
    }),
    signal,
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
      `start_local_${zoneColumn(zone)}`,
      `end_local_${zoneColumn(zone)}`,
      'in_period_min',
      'excluded_min',
      'incident_time_inside_min',
    ],
    model.maintenance.map((m): CsvValue[] => [
      m.monitor_guid,
      m.monitor_name,
      m.maintenance_type,
      m.start_at,
      m.end_at,
      localText(m.start_at, zone),
      localText(m.end_at, zone),
      figureCsv('duration', m.in_period_seconds),
      figureCsv('duration', m.excluded_seconds),
      figureCsv('duration', m.incident_seconds),
    ]),
    signal,
  );
  written.push(maintenance);

  const overview = path('uptrends-sla-overview');
  await writeCsv(
    overview,
    SLA_OVERVIEW_CSV_HEADER,
    model.slaOverview.flatMap((section) =>
      [...section.monitors, ...(section.account === null ? [] : [section.account])].map(slaOverviewCsvRow),
    ),
  );
  written.push(overview);
  return written;
}
