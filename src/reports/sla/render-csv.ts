/**
 * The SLA report's tables as CSVs for analysts: the same figures as the workbook, in plain units
 * named in the header (`_pct` 0-100, `_min`, `_h`), UTC instants plus local columns.
 */
import { join } from 'node:path';
import { hours, localText, minutes, pointsBetween } from '../shared/cell-values.ts';
import { reportFileName } from '../shared/report-file-name.ts';
import { writeCsv, type CsvValue } from '../shared/write-csv.ts';
import type { SlaModel } from './model-types.ts';

const MONITOR_HEADER = [
  'monitor_guid',
  'monitor_name',
  'groups',
  'monitor_type',
  'check_interval_s',
  'sla_definition',
  'target_pct',
  'error_threshold_pct',
  'target_source',
  'uptime_pct',
  'uptime_source',
  'uptime_uptrends_pct',
  'uptime_incidents_pct',
  'status',
  'monitored_h',
  'downtime_min',
  'maintenance_excluded_min',
  'error_budget_min',
  'budget_used_pct',
  'incidents',
  'ongoing',
  'mttr_min',
  'median_ttr_min',
  'longest_min',
  'mtbf_h',
  'checks',
  'confirmed_errors',
  'previous_uptime_pct',
  'change_pp',
];

/** Writes the SLA CSVs into `outDir`; returns their paths. */
export async function renderSlaCsv(model: SlaModel, outDir: string): Promise<string[]> {
  const zone = model.period.zone;
  const path = (name: string): string => join(outDir, reportFileName(name, model.period, '.csv'));
  const written: string[] = [];

  const monitors = path('uptrends-sla-monitors');
  await writeCsv(
    monitors,
    MONITOR_HEADER,
    model.monitors.map(({ monitor, groupNames, figures: f, previousUptime }): CsvValue[] => [
      monitor.monitor_guid,
      monitor.name,
      groupNames,
      monitor.monitor_type,
      monitor.check_interval_seconds,
      f.target.slaName,
      f.target.desired,
      f.target.error,
      f.target.source,
      f.uptime,
      f.uptimeSource,
      f.uptimeUptrends,
      f.uptimeIncidents,
      f.status,
      hours(f.monitoredMs),
      minutes(f.downtimeMs),
      minutes(f.maintenanceExcludedMs),
      minutes(f.errorBudgetMs),
      f.budgetUsed === null ? null : f.budgetUsed * 100,
      f.incidents,
      f.ongoing,
      minutes(f.mttrMs),
      minutes(f.medianTtrMs),
      minutes(f.longestMs),
      hours(f.mtbfMs),
      f.hasStatistics ? f.checks : null,
      f.hasStatistics ? f.confirmedErrors : null,
      previousUptime,
      pointsBetween(f.uptime, previousUptime),
    ]),
  );
  written.push(monitors);

  const groups = path('uptrends-sla-groups');
  await writeCsv(
    groups,
    [
      'group_guid',
      'group_name',
      'members',
      'target_pct',
      'uptime_pct',
      'uptime_source',
      'status',
      'monitored_h',
      'downtime_min',
      'maintenance_excluded_min',
      'error_budget_min',
      'incidents',
      'ongoing',
      'mttr_min',
      'longest_min',
      'previous_uptime_pct',
    ],
    model.groups.map(({ group, figures: f, previous }): CsvValue[] => [
      group.monitor_group_guid,
      group.description,
      f.memberCount,
      f.target.desired,
      f.uptime,
      f.uptimeSource,
      f.status,
      hours(f.monitoredMs),
      minutes(f.downtimeMs),
      minutes(f.maintenanceExcludedMs),
      minutes(f.errorBudgetMs),
      f.incidents,
      f.ongoing,
      minutes(f.mttrMs),
      minutes(f.longestMs),
      previous.uptime,
    ]),
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
    ['group_name', 'month', 'uptime_pct', 'uptime_source', 'downtime_min', 'incidents', 'mttr_min'],
    model.trend.rows.map((r): CsvValue[] => [
      r.groupName,
      r.month,
      r.uptime,
      r.uptimeSource,
      minutes(r.downtimeMs),
      r.incidents,
      minutes(r.mttrMs),
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
