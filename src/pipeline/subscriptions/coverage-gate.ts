/**
 * Whether a subscription's period is covered enough by the warehouse's data to be sent (issue 14:
 * a report whose period is not covered is not sent). A period that is not covered is held: nothing
 * is written to the ledger, so the next run tries it again (within the catch-up limit).
 *
 * >>> COVERAGE GATE: SINGLE CALL SITE <<<
 * The reports work (src/reports, issue 14) provides the one function that decides whether a report
 * period is covered; it had not landed on main when this was written. Until it does, every period
 * passes here. When it lands, call it in `periodCoverage` below and nowhere else: the nightly
 * schedule and `report send --subscription` both go through this function.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../load/schema.ts';
import type { ReportPeriod } from '../../time/periods.ts';

/** The verdict on one period. */
export type PeriodCoverage =
  { readonly covered: true } | { readonly covered: false; readonly reason: string };

/** What the gate is asked about. */
export interface CoverageQuestion {
  readonly accountId: string;
  readonly period: ReportPeriod;
  readonly monitorGroups: readonly string[];
  readonly monitors: readonly string[];
  /** "Now" of the run (a period not yet ended is never covered). */
  readonly now: Date;
}

/** Decides whether `question.period` may be reported (see the note at the top of this file). */
export function periodCoverage(_db: Kysely<Database>, question: CoverageQuestion): Promise<PeriodCoverage> {
  // A period that has not ended cannot be covered, whatever the data says (scheduled periods end
  // before their due date; this guards `nightly --as-of` in the future and manual sends).
  if (question.period.end.getTime() > question.now.getTime()) {
    return Promise.resolve({
      covered: false,
      reason: `the period ${question.period.label} has not ended yet`,
    });
  }
  return Promise.resolve({ covered: true });
}
