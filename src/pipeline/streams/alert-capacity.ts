/**
 * How many alerts one window can physically hold, and the guard that ends a cursor chain reading
 * past it (issue 32, finding 13).
 *
 * A monitor raises alerts only on its checks: at each check at most one alert that opens or
 * closes an incident (Error, Ok) and at most one Reminder. So a window holds at most
 *
 *     monitors × (window length / shortest check interval + 1) × ALERTS_PER_CHECK
 *
 * alerts, where ALERTS_PER_CHECK = 2 for Error-or-Ok plus Reminder, doubled to 4 as headroom
 * (escalation levels, checks re-run from a second checkpoint). A cursor that keeps handing out
 * fresh cursors and fresh alert ids was bounded only by the page cap (20,000 pages per window): a
 * run was still reading 200 s later, at 170 MB. Against this bound the same chain ends within the
 * pages the account's monitors could fill, seconds for a nightly window, with an error naming the
 * stream, the window and the figures.
 *
 * The monitors and their intervals come from the warehouse. The alerts do not wait for the
 * monitors stream of their run (docs/extraction.md, "A run"), so the bound uses what is loaded
 * when it is first needed and is computed again before it fails a window (the monitors may have
 * been loaded meanwhile); with no monitors known at all it is looked up again every 100 pages, and
 * meanwhile the pages themselves bound the window (alert-page-evidence.ts): the monitors its
 * alerts name, each checking as often as any monitor can, and no alert's content served more than
 * MAX_COPIES_PER_ALERT times. The page cap stays the last resort.
 */
import { sql } from 'kysely';
import { StreamError, type ErrorContext } from '../../errors.ts';
import type { SyncContext } from '../sync-context.ts';
import { MAX_COPIES_PER_ALERT, PageEvidence } from './alert-page-evidence.ts';

/** Alerts one check can raise at most: Error or Ok, and a Reminder, doubled as headroom. */
export const ALERTS_PER_CHECK = 4;

/** The interval assumed for a monitor whose interval is unknown: no Uptrends monitor checks faster. */
export const FASTEST_CHECK_SECONDS = 30;

/** Pages between two look-ups while no monitor is known. */
const RECHECK_PAGES = 100;

/** What bounds a window's alerts: how many monitors, the shortest interval among them. */
export interface CheckFacts {
  readonly monitors: number;
  readonly shortestIntervalSeconds: number;
}

/** The most alerts the monitors of `facts` can raise in a window of `windowMs`. */
export function alertCapacity(facts: CheckFacts, windowMs: number): number {
  const checks = Math.ceil(windowMs / 1000 / facts.shortestIntervalSeconds) + 1;
  return facts.monitors * checks * ALERTS_PER_CHECK;
}

/**
 * The monitors an alert source covers, as loaded: one monitor, or every monitor of the account
 * (a group is bounded by the whole account: its members may have changed). Deleted monitors count
 * too: they raised alerts while they lived. Undefined when no monitor is loaded.
 */
async function checkFacts(
  ctx: SyncContext,
  monitorGuid: string | undefined,
): Promise<CheckFacts | undefined> {
  const row = (
    await sql<{ monitors: number; shortest: number | null; unknown: number }>`
      select count(*)::int as monitors,
             min(check_interval_seconds) filter (where check_interval_seconds > 0) as shortest,
             count(*) filter (where coalesce(check_interval_seconds, 0) <= 0)::int as unknown
      from uptrends.monitor
      where account_id = ${ctx.accountId}
        and (${monitorGuid ?? null}::uuid is null or monitor_guid = ${monitorGuid ?? null}::uuid)`.execute(
      ctx.db,
    )
  ).rows[0];
  if (row === undefined || row.monitors === 0) {
    return monitorGuid === undefined
      ? undefined
      : { monitors: 1, shortestIntervalSeconds: FASTEST_CHECK_SECONDS };
  }
  const known = row.shortest ?? FASTEST_CHECK_SECONDS;
  return {
    monitors: row.monitors,
    shortestIntervalSeconds: row.unknown > 0 ? Math.min(known, FASTEST_CHECK_SECONDS) : known,
  };
}

/** Counts one window's alerts page by page and fails the window past its capacity. */
export class AlertCapacityGuard {
  #pass = 0;
  #alerts = 0;
  #pages = 0;
  #capacity: number | undefined;
  #facts: CheckFacts | undefined;
  #lookedUpAt = -Infinity;
  readonly #evidence = new PageEvidence();

  constructor(
    private readonly ctx: SyncContext,
    private readonly window: { readonly start: Date; readonly end: Date },
    private readonly monitorGuid: string | undefined,
    private readonly context: ErrorContext,
  ) {}

  async #lookUp(): Promise<void> {
    this.#lookedUpAt = this.#pages;
    this.#facts = await checkFacts(this.ctx, this.monitorGuid);
    this.#capacity =
      this.#facts === undefined
        ? undefined
        : alertCapacity(this.#facts, this.window.end.getTime() - this.window.start.getTime());
  }

  /** Counts a page of alert `records` of pass `pass`; throws a StreamError past the capacity. */
  async admit(pass: number, records: readonly unknown[]): Promise<void> {
    if (pass !== this.#pass) {
      // A restarted pass reads the window again from its first page.
      this.#pass = pass;
      this.#alerts = 0;
      this.#evidence.reset();
    }
    this.#alerts += records.length;
    this.#pages++;
    this.#evidence.add(records);
    if (this.#evidence.mostCopies > MAX_COPIES_PER_ALERT) this.#fail('repeated-content');
    if (this.#facts === undefined && this.#pages - this.#lookedUpAt >= RECHECK_PAGES) await this.#lookUp();
    if (this.#facts === undefined) {
      // No monitor known: what the pages show bounds the window.
      const named: CheckFacts = {
        monitors: this.#evidence.monitorsNamed,
        shortestIntervalSeconds: FASTEST_CHECK_SECONDS,
      };
      const capacity = alertCapacity(named, this.window.end.getTime() - this.window.start.getTime());
      if (this.#alerts > capacity) this.#fail('beyond-named-monitors', named, capacity);
      return;
    }
    if (this.#capacity === undefined || this.#alerts <= this.#capacity) return;
    // Past it: the monitors stream may have loaded more monitors since; look again before failing.
    await this.#lookUp();
    if (this.#capacity === undefined || this.#alerts <= this.#capacity) return;
    this.#fail('beyond-capacity', this.#facts, this.#capacity);
  }

  #fail(
    reason: 'beyond-capacity' | 'beyond-named-monitors' | 'repeated-content',
    facts?: CheckFacts,
    capacity?: number,
  ): never {
    if (reason === 'repeated-content' || facts === undefined || capacity === undefined) {
      throw new StreamError(
        `Cursor chain serving the same alerts again under fresh ids: one alert's content came ${this.#evidence.mostCopies} times ` +
          `in ${this.#pages} pages (${this.#alerts.toLocaleString('en-US')} alerts), more than the ${MAX_COPIES_PER_ALERT} copies ` +
          `its alert definitions could send; the service's cursor does not end`,
        { retriable: false, context: { ...this.context, reason, pages: this.#pages } },
      );
    }
    const named = reason === 'beyond-named-monitors' ? ' (named by the alerts; none is loaded yet)' : '';
    const hours = (this.window.end.getTime() - this.window.start.getTime()) / 3_600_000;
    throw new StreamError(
      `Cursor chain beyond what the monitors can raise: ${this.#alerts.toLocaleString('en-US')} alerts read in ${this.#pages} pages, ` +
        `but ${facts.monitors} monitor${facts.monitors === 1 ? '' : 's'}${named} checked at most every ${facts.shortestIntervalSeconds} s ` +
        `can raise at most ${capacity.toLocaleString('en-US')} in this ${hours}-hour window ` +
        `(monitors × checks × ${ALERTS_PER_CHECK}); the service's cursor does not end`,
      { retriable: false, context: { ...this.context, reason, pages: this.#pages, capacity } },
    );
  }
}
