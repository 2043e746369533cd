/**
 * The reference sheets of the SLA workbook: Maintenance (planned work beside, never inside, the
 * downtime), SLA definitions (thresholds and where each target came from) and Definitions (the
 * rules in words with their version).
 */
import { localWallDate } from '../render/cell-values.ts';
import { figureCell } from '../render/figure-format.ts';
import { REPORT_DEFINITIONS, writeDefinitionsTable } from '../render/calculation-rules.ts';
import { rowsOf, type CellValue, type Column, type SheetWriter } from '../render/workbook-writer.ts';
import type { SlaModel } from './model-types.ts';
import { sheetTitle } from '../render/sheet-style.ts';
import { SLA_SHEETS } from './sheet-names.ts';

/** Columns of the Maintenance sheet. */
export const MAINTENANCE_COLUMNS: readonly Column[] = [
  { header: 'Monitor', width: 30 },
  { header: 'Type', width: 20 },
  { header: 'Excluded from monitored time', width: 12 },
  { header: 'Start (local)', width: 19, format: 'datetime' },
  { header: 'End (local)', width: 19, format: 'datetime' },
  { header: 'Start (UTC)', width: 19, format: 'datetime' },
  { header: 'End (UTC)', width: 19, format: 'datetime' },
  { header: 'In period (h:mm)', width: 10, format: 'duration' },
  { header: 'Excluded (h:mm)', width: 10, format: 'duration' },
  { header: 'Incident time inside (h:mm)', width: 12, format: 'duration' },
];

/** Writes the Maintenance sheet. */
export async function writeMaintenanceSheet(sheet: SheetWriter, model: SlaModel): Promise<void> {
  const zone = model.period.zone;
  const start = sheet.title([
    sheetTitle(SLA_SHEETS.maintenance, model.period.label, zone),
    'Only DisableMonitoring maintenance is excluded; during DisableNotifications maintenance errors still count (Uptrends rule).',
  ]);
  const rows = () =>
    rowsOf(model.maintenance, (m): CellValue[] => [
      m.monitor_name,
      m.maintenance_type,
      m.maintenance_type === 'DisableMonitoring' ? 'Yes' : 'No',
      localWallDate(m.start_at, zone),
      localWallDate(m.end_at, zone),
      m.start_at,
      m.end_at,
      figureCell('duration', m.in_period_seconds),
      figureCell('duration', m.excluded_seconds),
      figureCell('duration', m.incident_seconds),
    ]);
  // A row per maintenance interval: as many as the monitors' schedules, so written out as it goes.
  await sheet.streamTable(start, MAINTENANCE_COLUMNS, rows);
}

/** Writes the SLA definitions sheet: the account's definitions, then the targets in use. */
export function writeSlaDefinitionsSheet(sheet: SheetWriter, model: SlaModel): void {
  const start = sheet.title([
    sheetTitle(SLA_SHEETS.slaDefinitions, model.period.label, model.period.zone),
    'Met at or above the desired threshold; At risk between the thresholds; Missed below the error threshold.',
  ]);
  const definitionColumns: Column[] = [
    { header: 'SLA definition', width: 30 },
    { header: 'Error threshold', width: 12, format: 'percent' },
    { header: 'Desired threshold', width: 12, format: 'percent' },
    { header: 'Groups held to it', width: 40, wrap: true },
  ];
  const definitionRows: CellValue[][] = [
    ...model.slaDefinitions.map((d): CellValue[] => [
      d.definition.description,
      figureCell('percent', d.definition.uptime_error_threshold),
      figureCell('percent', d.definition.uptime_warning_threshold),
      d.groupNames,
    ]),
    [
      '(configured default)',
      figureCell('percent', model.defaultTarget.error),
      figureCell('percent', model.defaultTarget.desired),
      'groups without an SLA, and the overall figure',
    ],
  ];
  const placement = sheet.table(start, definitionColumns, definitionRows, { autoFilter: false });
  const targetsStart = placement.lastRow + 3;
  sheet.cell(targetsStart - 1, 1, 'Targets in use', { bold: true });
  const targetColumns: Column[] = [
    { header: 'Target source', width: 30 },
    { header: 'Error threshold', width: 12, format: 'percent' },
    { header: 'Desired threshold', width: 12, format: 'percent' },
    { header: 'SLA definition', width: 40 },
    { header: 'Monitors', width: 10, format: 'count' },
    { header: 'Monitor names', width: 60, wrap: true },
  ];
  const targetRows = model.targets.map((t): CellValue[] => [
    t.source,
    figureCell('percent', t.error),
    figureCell('percent', t.desired),
    t.slaName,
    t.monitorNames.length,
    t.monitorNames.join(', '),
  ]);
  sheet.table(targetsStart, targetColumns, targetRows, { autoFilter: false, freeze: false });
}

/**
 * Writes the Definitions sheet: the rules of both workbooks, then the SLA overview's figures with
 * the warehouse's own words for them (uptrends.sla_figure_description).
 */
export function writeDefinitionsSheet(sheet: SheetWriter, model: SlaModel): void {
  writeDefinitionsTable(
    sheet,
    [
      sheetTitle(SLA_SHEETS.definitions, model.period.label, model.period.zone),
      `Calculation rules version ${model.rulesVersion}. Time zone: ${model.period.zone}.`,
    ],
    [...REPORT_DEFINITIONS, ...model.slaFigureDefinitions],
  );
}
