/**
 * The Infra devices sheet: daily device uptime as the Infra API reports it, laid on the same local
 * days as the Daily sheet. The average is a plain mean of the reported days, because the Infra data
 * arrives as daily percentages without the seconds needed to weight them.
 */
import type { LocalDate } from '../../terms.ts';
import type { ReportInfraDeviceDay } from '../queries/report-input.ts';
import type { InfraDeviceRow } from './model-types.ts';

/** Device rows over `days`, by device name; null when no infra data exists at all. */
export function buildInfraRows(
  deviceDays: readonly ReportInfraDeviceDay[],
  days: readonly LocalDate[],
): { days: readonly LocalDate[]; rows: InfraDeviceRow[] } | null {
  if (deviceDays.length === 0) return null;
  const byDevice = new Map<string, { name: string; values: Map<LocalDate, number | null> }>();
  for (const day of deviceDays) {
    const device = byDevice.get(day.device_guid) ?? { name: day.device_name, values: new Map() };
    device.values.set(day.date, day.uptime_percent);
    byDevice.set(day.device_guid, device);
  }
  const rows = [...byDevice.entries()].map(([deviceGuid, device]) => {
    const values = days.map((d) => device.values.get(d) ?? null);
    const present = values.filter((v): v is number => v !== null);
    return {
      deviceGuid,
      deviceName: device.name,
      values,
      average: present.length > 0 ? present.reduce((a, b) => a + b, 0) / present.length : null,
    };
  });
  return { days, rows: rows.sort((a, b) => a.deviceName.localeCompare(b.deviceName)) };
}
