/**
 * Turns one stored alert into the record `/Alert/...` serves: account-local timestamps, int64 check
 * ids increasing with time, an IncidentKey shared by the Error, Reminder and Ok alerts of one
 * incident (`<monitorGuid>-0-<firstErrorCheckId>`), and Relationships to the monitor checks.
 */
import { utcToLocal } from './sim-calendar.ts';
import { ALERT_KINDS, checkIdAt, type Dataset } from './dataset.ts';
import { deterministicGuid } from './seeded-random.ts';

/** The wire JSON of alert `alert` (a global alert index). */
export function formatAlert(ds: Dataset, alert: number): Record<string, unknown> {
  const t = ds.timeline;
  const incident = t.alertInc[alert]!;
  const m = ds.monitors[t.incMonitor[incident]!]!;
  const kind = ALERT_KINDS[t.alertKind[alert]!]!;
  const timeSec = t.alertTime[alert]!;
  const firstSec = t.incStart[incident]!;
  const checkId = checkIdAt(m.index, timeSec);
  const firstCheckId = checkIdAt(m.index, firstSec);
  const msg = t.incMsg[incident]!;
  const local = (sec: number): string => utcToLocal(new Date(sec * 1000), ds.zone);
  const attributes: Record<string, unknown> = {
    AlertType: kind,
    MonitorGuid: m.guid,
    Timestamp: local(timeSec),
    FirstError: local(firstSec),
    MonitorCheckId: checkId,
    FirstErrorMonitorCheckId: firstCheckId,
    ErrorDescription: kind === 'Ok' ? 'OK' : ds.descriptions[t.incDesc[incident]!],
    IncidentKey: `${m.guid}-0-${firstCheckId}`,
  };
  if (kind !== 'Ok' && msg >= 0) attributes.ErrorMessage = ds.errorMessages[msg];
  const link = (id: number): Record<string, unknown> => ({
    Id: id,
    Type: 'MonitorCheck',
    Links: { Self: `/MonitorCheck/${id}` },
  });
  return {
    Type: 'Alert',
    Id: deterministicGuid(ds.options.seed, 'alert', m.index, checkId),
    Attributes: attributes,
    Relationships: checkId === firstCheckId ? [link(checkId)] : [link(checkId), link(firstCheckId)],
  };
}
