/**
 * The SLA report's daily figures (one per monitor, or the account, and local day) as the Daily
 * sheet, its CSV and the daily chart read them, held in three typed arrays for the whole matrix
 * rather than an object per monitor and day: at 10,000 monitors a month is 310,000 days, which as
 * objects of three fields took 18 MB of heap, and here some 5 MB. A day is handed out as a
 * `DailyFigure` when it is read, and dropped after.
 */
import type { Figure } from '../queries/figures.ts';

/**
 * A monitor's (or the account's) figures of one day, as the Daily sheet, its CSV and the daily
 * chart show them (a whole figure row has some sixty fields).
 */
export type DailyFigure = Pick<
  Figure,
  'incident_uptime_percentage' | 'alerts_data_state' | 'alerts_coverage'
>;

/** Rows the matrix starts with; it doubles when full. */
const INITIAL_ROWS = 64;

/** One row's days (a monitor's or the account's), read by index. */
export interface DailyDays {
  readonly length: number;
  /** The figures of day `index` (0-based), or null where the row has none (not yet created, not read). */
  at(index: number): DailyFigure | null;
}

/** The daily figures of every row, filled as the pages of `uptrends.figures` come in. */
export class DailyMatrix {
  readonly #days: number;
  readonly #rows = new Map<string, number>();
  /** Per cell: the state word's number + 1 (0: no figure for that day). */
  #state: Uint8Array;
  #uptime: Float64Array;
  #coverage: Float64Array;
  /** The state words, in the order met (the cells hold their numbers). */
  readonly #words: string[] = [];

  constructor(days: number) {
    this.#days = days;
    this.#state = new Uint8Array(INITIAL_ROWS * days);
    this.#uptime = new Float64Array(INITIAL_ROWS * days);
    this.#coverage = new Float64Array(INITIAL_ROWS * days);
  }

  /** Records `figure` as row `key`'s figure of day `index` (0-based). */
  set(key: string, index: number, figure: DailyFigure): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.#days)
      throw new RangeError(`day ${index} of ${this.#days}`);
    const cell = this.#rowOf(key) * this.#days + index;
    this.#state[cell] = this.#wordNumber(figure.alerts_data_state) + 1;
    this.#uptime[cell] = figure.incident_uptime_percentage ?? Number.NaN;
    this.#coverage[cell] = figure.alerts_coverage ?? Number.NaN;
  }

  /** Row `key`'s days (every day empty when nothing was recorded for it). */
  row(key: string): DailyDays {
    const row = this.#rows.get(key);
    const days = this.#days;
    return {
      length: days,
      at: (index) =>
        row === undefined || index < 0 || index >= days ? null : this.#figure(row * days + index),
    };
  }

  #figure(cell: number): DailyFigure | null {
    const state = this.#state[cell]!;
    if (state === 0) return null;
    const uptime = this.#uptime[cell]!;
    const coverage = this.#coverage[cell]!;
    return {
      incident_uptime_percentage: Number.isNaN(uptime) ? null : uptime,
      alerts_data_state: state === 1 ? null : this.#words[state - 2]!,
      alerts_coverage: Number.isNaN(coverage) ? null : coverage,
    };
  }

  /** 0 for no word, else the word's position + 1. */
  #wordNumber(word: string | null): number {
    if (word === null) return 0;
    let at = this.#words.indexOf(word);
    if (at === -1) {
      if (this.#words.length >= 253) throw new RangeError(`more than 253 data states: ${word}`);
      at = this.#words.push(word) - 1;
    }
    return at + 1;
  }

  #rowOf(key: string): number {
    const known = this.#rows.get(key);
    if (known !== undefined) return known;
    const row = this.#rows.size;
    if ((row + 1) * this.#days > this.#state.length) this.#grow();
    this.#rows.set(key, row);
    return row;
  }

  #grow(): void {
    const size = this.#state.length * 2;
    const state = new Uint8Array(size);
    const uptime = new Float64Array(size);
    const coverage = new Float64Array(size);
    state.set(this.#state);
    uptime.set(this.#uptime);
    coverage.set(this.#coverage);
    [this.#state, this.#uptime, this.#coverage] = [state, uptime, coverage];
  }
}

/** A copy of `days` that holds its own figures, not the matrix it was read from. */
export function detachedDays(days: DailyDays): DailyDays {
  const figures = Array.from({ length: days.length }, (_, index) => days.at(index));
  return { length: figures.length, at: (index) => figures[index] ?? null };
}
