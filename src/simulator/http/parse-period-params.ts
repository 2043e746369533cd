/**
 * Reads the period parameters shared by the alert and statistics routes: Start/End (a date or a
 * date-time, account-local; Start inclusive, End exclusive) or PresetPeriod (default Last24Hours,
 * resolved in the account zone against the simulator clock). Combining both is a 400, as documented.
 */
import { localToUtc, resolvePresetPeriod } from '../sim-calendar.ts';
import { PRESET_PERIODS, type IanaZone } from '../../terms.ts';

/** A resolved request window in Unix seconds, half-open. */
export interface PeriodWindow {
  startSec: number;
  endSec: number;
  /** True for periods that end at the clock (Current*, All): their end moves with it. */
  open?: boolean;
}

/** Query parameters with lower-cased names (ASP.NET binds them case-insensitively). */
export type QueryParams = ReadonlyMap<string, string>;

/** Lower-cases parameter names; the first occurrence of a repeated name wins. */
export function queryParams(search: URLSearchParams): QueryParams {
  const out = new Map<string, string>();
  for (const [k, v] of search) if (!out.has(k.toLowerCase())) out.set(k.toLowerCase(), v);
  return out;
}

/** The window a request asks for, or an error message for a 400. */
export function parsePeriodParams(
  q: QueryParams,
  nowMs: number,
  zone: IanaZone,
  historyStartSec: number,
): PeriodWindow | { error: string } {
  const start = q.get('start');
  const end = q.get('end');
  const preset = q.get('presetperiod');
  if (preset !== undefined && preset !== '' && (start !== undefined || end !== undefined)) {
    return { error: 'PresetPeriod cannot be combined with Start or End.' };
  }
  if (start !== undefined || end !== undefined) {
    if (start === undefined || end === undefined) return { error: 'Start and End must be used together.' };
    const s = localToUtc(start, zone);
    const e = localToUtc(end, zone);
    if (s === undefined) return { error: `The value '${start}' is not valid for Start.` };
    if (e === undefined) return { error: `The value '${end}' is not valid for End.` };
    if (e.getTime() <= s.getTime()) return { error: 'End must be later than Start.' };
    return { startSec: Math.floor(s.getTime() / 1000), endSec: Math.ceil(e.getTime() / 1000) };
  }
  const literal = preset === undefined || preset === '' ? 'Last24Hours' : preset;
  if (literal.toLowerCase() === 'all')
    return { startSec: historyStartSec, endSec: Math.floor(nowMs / 1000) + 1, open: true };
  const known = PRESET_PERIODS.find((p) => p.toLowerCase() === literal.toLowerCase());
  if (known === undefined) return { error: `The value '${literal}' is not valid for PresetPeriod.` };
  const r = resolvePresetPeriod(known, new Date(nowMs), zone);
  return {
    startSec: Math.floor(r.start.getTime() / 1000),
    endSec: Math.ceil(r.end.getTime() / 1000),
    open: known.startsWith('Current'),
  };
}
