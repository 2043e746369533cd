/**
 * One monitor's incidents and statistics buckets as columns of numbers (epoch milliseconds,
 * seconds, counts), the form the SLA figures are computed from. The query layer can hand them over
 * in this form directly (src/reports/queries/sla-facts.ts), so a year of rows never becomes a
 * million `Date`s; rows built by hand or by `loadSlaReportInput` are turned into columns here.
 */
import type {
  MonitorFactColumns,
  ReportIncidentSpan,
  ReportStatisticsBucket,
} from '../queries/report-input.ts';

/** A monitor without incidents and buckets. */
export const NO_FACTS: MonitorFactColumns = Object.freeze({
  incidentStart: new Float64Array(0),
  incidentEnd: new Float64Array(0),
  bucketStart: new Float64Array(0),
  bucketEnd: new Float64Array(0),
  uptimeSeconds: new Float64Array(0),
  downtimeSeconds: new Float64Array(0),
  slaTarget: new Float64Array(0),
  checks: new Float64Array(0),
  confirmedErrors: new Float64Array(0),
});

/** The columns of one monitor's rows, in their order. */
export function factColumns(
  incidents: readonly ReportIncidentSpan[],
  buckets: readonly ReportStatisticsBucket[],
): MonitorFactColumns {
  const columns = {
    incidentStart: new Float64Array(incidents.length),
    incidentEnd: new Float64Array(incidents.length),
    bucketStart: new Float64Array(buckets.length),
    bucketEnd: new Float64Array(buckets.length),
    uptimeSeconds: new Float64Array(buckets.length),
    downtimeSeconds: new Float64Array(buckets.length),
    slaTarget: new Float64Array(buckets.length),
    checks: new Float64Array(buckets.length),
    confirmedErrors: new Float64Array(buckets.length),
  };
  incidents.forEach((incident, i) => {
    columns.incidentStart[i] = incident.started_at.getTime();
    columns.incidentEnd[i] = incident.ended_at === null ? Number.NaN : incident.ended_at.getTime();
  });
  buckets.forEach((bucket, i) => {
    columns.bucketStart[i] = bucket.bucket_start_at.getTime();
    columns.bucketEnd[i] = bucket.bucket_end_at.getTime();
    columns.uptimeSeconds[i] = bucket.uptime_seconds;
    columns.downtimeSeconds[i] = bucket.downtime_seconds;
    columns.slaTarget[i] = bucket.sla_target ?? Number.NaN;
    columns.checks[i] = bucket.checks;
    columns.confirmedErrors[i] = bucket.confirmed_errors;
  });
  return columns;
}

/** Rows of many monitors grouped into each monitor's columns (input order kept per monitor). */
export function factColumnsByMonitor(
  incidents: readonly ReportIncidentSpan[],
  buckets: readonly ReportStatisticsBucket[],
): Map<string, MonitorFactColumns> {
  const rows = new Map<string, { incidents: ReportIncidentSpan[]; buckets: ReportStatisticsBucket[] }>();
  const of = (guid: string): { incidents: ReportIncidentSpan[]; buckets: ReportStatisticsBucket[] } => {
    let entry = rows.get(guid);
    if (entry === undefined) rows.set(guid, (entry = { incidents: [], buckets: [] }));
    return entry;
  };
  for (const incident of incidents) of(incident.monitor_guid).incidents.push(incident);
  for (const bucket of buckets) of(bucket.monitor_guid).buckets.push(bucket);
  return new Map([...rows].map(([guid, r]) => [guid, factColumns(r.incidents, r.buckets)]));
}
