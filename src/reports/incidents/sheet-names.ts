/**
 * Sheet names of the incident workbook, in order.
 */
export const INCIDENT_SHEETS = {
  incidents: 'Incidents',
  perMonitor: 'Per monitor',
  heatMap: 'Heat map',
  rawAlerts: 'Raw alerts',
  definitions: 'Definitions',
} as const;
