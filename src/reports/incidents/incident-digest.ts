/**
 * What the incident report's files need of the period's incidents, gathered in one pass over the
 * paged read (model.ts, `incidents`): how many there are, the first ones for the workbook's
 * Incidents sheet (at most its row limit), and the longest for the PDF. The incidents CSV is
 * written in the same pass (write-incident-report.ts), so memory holds at most the sheet's rows,
 * however many incidents the month has.
 */
import type { IncidentFigure } from '../queries/figures.ts';

/** Most incidents the PDF's "Longest incidents" table lists. */
export const LONGEST_INCIDENTS = 20;

/** The incidents of the period as the files use them. */
export interface IncidentDigest {
  /** Every incident touching the period. */
  readonly count: number;
  /** The first `limit` incidents, oldest first: the Incidents sheet's rows. */
  readonly first: readonly IncidentFigure[];
  /** The `LONGEST_INCIDENTS` longest, longest first; of equal length the older first. */
  readonly longest: readonly IncidentFigure[];
}

const durationOf = (row: IncidentFigure): number => row.duration_seconds ?? 0;

/** Gathers an `IncidentDigest` from incidents given oldest first, one at a time. */
export class IncidentDigester {
  #count = 0;
  readonly #first: IncidentFigure[] = [];
  readonly #longest: IncidentFigure[] = [];

  /** `limit`: most incidents kept for the sheet; `longest`: most kept for the PDF's table. */
  constructor(
    private readonly limit: number,
    private readonly longest: number = LONGEST_INCIDENTS,
  ) {}

  add(row: IncidentFigure): void {
    this.#count += 1;
    if (this.#first.length < this.limit) this.#first.push(row);
    const list = this.#longest;
    const duration = durationOf(row);
    if (list.length === this.longest && (this.longest === 0 || durationOf(list.at(-1)!) >= duration)) return;
    // After every incident at least as long: a stable sort of all incidents by length, longest
    // first, keeps the older of two equal ones first, and so does this.
    let at = list.length;
    while (at > 0 && durationOf(list[at - 1]!) < duration) at -= 1;
    list.splice(at, 0, row);
    if (list.length > this.longest) list.pop();
  }

  /** Passes each incident on unchanged after taking note of it. */
  async *through(rows: AsyncIterable<IncidentFigure>): AsyncGenerator<IncidentFigure> {
    for await (const row of rows) {
      this.add(row);
      yield row;
    }
  }

  digest(): IncidentDigest {
    return { count: this.#count, first: [...this.#first], longest: [...this.#longest] };
  }
}

/** The digest of every incident of `rows` (reads them all). */
export async function digestIncidents(
  rows: AsyncIterable<IncidentFigure>,
  limit: number = Number.POSITIVE_INFINITY,
): Promise<IncidentDigest> {
  const digester = new IncidentDigester(limit);
  for await (const row of rows) digester.add(row);
  return digester.digest();
}
