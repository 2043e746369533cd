/**
 * Builds a complete simulated account from (seed, monitors, days, now). Pure and deterministic: the
 * same options give the same dataset on every machine, which is what lets a failing test replay.
 */
import { addLocalDays, findZoneTransitions, localDateOf, localMidnight, utcToLocal } from './sim-calendar.ts';
import type { IanaZone } from '../terms.ts';
import { ACCOUNT_TIMEZONE_ID, SIMULATED_TIMEZONES } from './data/timezones.ts';
import type { Dataset, DatasetOptions } from './dataset.ts';
import { ALERT_DESCRIPTIONS, ALERT_ERROR_MESSAGES } from './generate/alert-texts.ts';
import { generateAlertDefinitions } from './generate/generate-alert-definitions.ts';
import { generateDirectory, generateSlas } from './generate/generate-directory.ts';
import { generateGroups } from './generate/generate-groups.ts';
import { addSlaExclusions } from './generate/generate-sla-exclusions.ts';
import { generateInfra } from './generate/generate-infra.ts';
import { assignMaintenance } from './generate/generate-maintenance.ts';
import { generateMonitors } from './generate/generate-monitors.ts';
import { generateTimeline } from './generate/generate-timeline.ts';
import { applyEarlyWarningScenario } from './generate/scenario-early-warning.ts';
import { incidentProfile } from './generate/incident-profiles.ts';
import { applyRealisticStories } from './generate/profile-realistic.ts';
import { hash32 } from './seeded-random.ts';

/** Reminders repeat every 30 minutes while an incident lasts. */
export const REMINDER_INTERVAL_SEC = 1800;

/** Local midnight of the account-local day `offsetDays` after the day of `instant`. */
export function localMidnightAfter(instant: Date, offsetDays: number, zone: IanaZone): Date {
  return localMidnight(addLocalDays(localDateOf(instant, zone), offsetDays), zone);
}

/** Generates the dataset. `now` is taken as given (callers floor it); `futureDays` defaults to 14. */
export function generateDataset(
  input: Omit<DatasetOptions, 'futureDays'> & { futureDays?: number },
): Dataset {
  const options: DatasetOptions = { futureDays: 14, ...input };
  const { seed } = options;
  const timezoneId = options.timezoneId ?? ACCOUNT_TIMEZONE_ID;
  const tz = SIMULATED_TIMEZONES.find((z) => z.TimezoneId === timezoneId);
  if (tz === undefined) throw new RangeError(`generateDataset: unknown time zone id ${timezoneId}`);
  const zone = tz.iana;
  const nowSec = Math.floor(options.now.getTime() / 1000);
  const historyStartSec = localMidnightAfter(options.now, -options.days, zone).getTime() / 1000;
  const horizonEndSec = nowSec + options.futureDays * 86_400;

  const monitors = generateMonitors(seed, options.monitors, historyStartSec, nowSec, zone);
  const realistic = options.profile === 'realistic';
  // The realistic profile has one maintenance window, placed by its stories.
  if (!realistic) assignMaintenance(seed, monitors, historyStartSec, horizonEndSec, nowSec, zone);
  const slas = generateSlas(seed, monitors, historyStartSec, nowSec, zone);
  // After the SLAs are drawn (the stories hold their monitors to one); a scenario's two monitors
  // (the last two) keep their own story.
  const stories = realistic
    ? applyRealisticStories(
        monitors,
        { historyStartSec, nowSec, zone },
        new Set(options.scenario === undefined ? [] : [monitors.length - 2, monitors.length - 1]),
      ).incidents
    : undefined;
  const groups = generateGroups(seed, monitors, slas.length);
  const directory = generateDirectory(seed, monitors, groups, slas, timezoneId);
  const alertDefinitions = generateAlertDefinitions(seed, monitors, groups, directory);
  // Opt-in, and applied after everything else is drawn, so no other monitor changes.
  const scenario =
    options.scenario === 'early-warning'
      ? applyEarlyWarningScenario(seed, monitors, groups, { historyStartSec, nowSec, zone }).incidents
      : undefined;
  const scripted = stories === undefined ? scenario : new Map([...stories, ...(scenario ?? new Map())]);

  const midnights: number[] = [];
  const monthStarts: number[] = [];
  for (let d = 1; d < options.days; d++) {
    const m = localMidnightAfter(new Date(historyStartSec * 1000), d, zone);
    midnights.push(m.getTime() / 1000);
    if (utcToLocal(m, zone).slice(8, 10) === '01') monthStarts.push(m.getTime() / 1000);
  }
  const transitions = findZoneTransitions(zone, historyStartSec * 1000, horizonEndSec * 1000).map(
    (t) => t.atMs / 1000,
  );
  const timeline = generateTimeline(seed, monitors, {
    historyStartSec,
    horizonEndSec,
    nowSec,
    reminderIntervalSec: REMINDER_INTERVAL_SEC,
    midnights,
    monthStarts,
    transitions,
    scripted,
    incidents: incidentProfile(options.profile),
  });
  // After the timeline, so they can lie over its incidents; nothing else is drawn from them.
  addSlaExclusions(seed, slas, monitors, timeline, { historyStartSec, nowSec, transitions, zone });
  const deviceCount = Math.min(300, Math.max(12, Math.round(options.monitors / 2)));
  return {
    options,
    accountId: String(100_000 + (hash32(seed, 'account') % 900_000)),
    zone,
    timezoneId,
    historyStartSec,
    horizonEndSec,
    reminderIntervalSec: REMINDER_INTERVAL_SEC,
    monitors,
    groups,
    slas,
    directory,
    alertDefinitions,
    descriptions: [...ALERT_DESCRIPTIONS],
    errorMessages: [...ALERT_ERROR_MESSAGES],
    timeline,
    infra: generateInfra(seed, deviceCount, historyStartSec, horizonEndSec),
  };
}
