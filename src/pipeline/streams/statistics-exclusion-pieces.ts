/**
 * The days an SLA exclusion period cuts, read in pieces. The SLA figures (uptrends.sla_figures)
 * leave out the statistics inside a definition's exclusion periods; a daily bucket that an
 * exclusion boundary cuts cannot be split exactly, since nothing says where in the day its downtime
 * lay. So for every local day of a window that holds an exclusion boundary (From or Until, not at
 * local midnight) the stream asks the day again in pieces split at those boundaries: from midnight
 * to the first boundary, between boundaries, and from the last one to the next midnight. Each piece
 * is at most a day long, so the service answers it in hours (cut at the piece's ends) or in one
 * bucket per piece: either way no bucket straddles a boundary, and statistics_cover takes the
 * hours, which tile the day, over its daily bucket. Cost: per monitor and window, one request per
 * cut day plus one per boundary in it (docs/extraction.md).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../load/schema.ts';
import { addLocalDays, isLocalMidnight, localDateOf, localMidnight } from '../../time/calendar.ts';
import type { IanaZone, LocalDate } from '../../terms.ts';

/** One piece of a cut day: [start, end) as instants. */
export interface DayPiece {
  readonly day: LocalDate;
  readonly start: Date;
  readonly end: Date;
}

/**
 * The pieces of every local day within [start, end) that an exclusion boundary of `bounds` cuts, in
 * time order. A boundary at a local midnight cuts nothing; boundaries outside the range are ignored.
 */
export function piecesOfCutDays(bounds: readonly Date[], start: Date, end: Date, zone: IanaZone): DayPiece[] {
  const byDay = new Map<LocalDate, number[]>();
  for (const b of bounds) {
    const t = b.getTime();
    if (t <= start.getTime() || t >= end.getTime() || isLocalMidnight(b, zone)) continue;
    const day = localDateOf(b, zone);
    const list = byDay.get(day) ?? [];
    if (!list.includes(t)) list.push(t);
    byDay.set(day, list);
  }
  const pieces: DayPiece[] = [];
  for (const day of [...byDay.keys()].sort()) {
    const cuts = [
      localMidnight(day, zone).getTime(),
      ...byDay.get(day)!.sort((a, b) => a - b),
      localMidnight(addLocalDays(day, 1), zone).getTime(),
    ];
    for (let i = 0; i + 1 < cuts.length; i++)
      pieces.push({ day, start: new Date(cuts[i]!), end: new Date(cuts[i + 1]!) });
  }
  return pieces;
}

/** The From and Until instants of the account's SLA exclusion periods that fall within [start, end). */
export async function exclusionBounds(
  db: Kysely<Database>,
  accountId: string,
  start: Date,
  end: Date,
): Promise<Date[]> {
  const rows = await db
    .selectFrom('sla_exclusion_period')
    .select(['from_at', 'until_at'])
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('from_at', '>', start), eb('from_at', '<', end)]),
        eb.and([eb('until_at', '>', start), eb('until_at', '<', end)]),
      ]),
    )
    .execute();
  return rows.flatMap((r) => [r.from_at, r.until_at]).filter((d): d is Date => d instanceof Date);
}
