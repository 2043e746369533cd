/**
 * Sheet names of the SLA workbook, in order. Fixed names (not group names) so links such as
 * `#'Monitors'!B7` and readers' bookmarks keep working from month to month.
 */
export const SLA_SHEETS = {
  summary: 'Summary',
  slaOverview: 'SLA overview',
  groups: 'Monitor groups',
  monitors: 'Monitors',
  daily: 'Daily',
  trend: 'Trend',
  maintenance: 'Maintenance',
  slaDefinitions: 'SLA definitions',
  definitions: 'Definitions',
  infra: 'Infra devices',
} as const;
