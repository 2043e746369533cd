/**
 * Prints the bench's figures, one line each, and judges the ones that have a target. A figure may
 * have one value or one per warehouse backend (Postgres first, PGlite as a second column); a
 * target is judged on the Postgres value, the production backend, and the PGlite value is shown for
 * comparison. The tally ends the run as `bench: N passed, M failed`.
 */

/** Values per backend; a plain number for figures that do not depend on the backend. */
export type FigureValue = number | { postgres?: number | undefined; pglite?: number | undefined };

/**
 * A target: the judged value must be at most (`<=`) or at least (`>=`) `limit`. A `scale` target
 * is about full-size data (a ratio of CPU to its floor, a peak RSS, a speed-up): the small data of
 * a `--quick` run cannot show whether it holds, so a quick run prints it without a verdict.
 */
export interface Target {
  op: '<=' | '>=';
  limit: number;
  scale?: boolean;
}

const LABEL_WIDTH = 44;

function format(value: number | undefined, digits: number): string {
  if (value === undefined || Number.isNaN(value)) return '-';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function columns(value: FigureValue, digits: number, unit: string): string {
  const u = unit === '' ? '' : ` ${unit}`;
  if (typeof value === 'number') return `${format(value, digits)}${u}`;
  const parts = [`postgres ${format(value.postgres, digits)}${u}`];
  if (value.pglite !== undefined) parts.push(`pglite ${format(value.pglite, digits)}${u}`);
  return parts.join(' | ');
}

function judged(value: FigureValue): number | undefined {
  return typeof value === 'number' ? value : value.postgres;
}

/** Collects and prints figures and verdicts. */
export class Scoreboard {
  passed = 0;
  failed = 0;
  /** Scale targets printed without a verdict (quick run). */
  unjudged = 0;
  readonly #write: (line: string) => void;
  readonly #judgeScale: boolean;

  /** `judgeScale` false (a quick run): `scale` targets get no verdict. */
  constructor(
    write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
    judgeScale = true,
  ) {
    this.#write = write;
    this.#judgeScale = judgeScale;
  }

  /** Prints a figure without a target. */
  figure(scenario: string, label: string, value: FigureValue, unit = '', digits = 0): void {
    this.#write(`[${scenario}] ${label.padEnd(LABEL_WIDTH)} ${columns(value, digits, unit)}`);
  }

  /** Prints a free-text line (dataset description, diagnosis). */
  note(scenario: string, label: string, text: string): void {
    this.#write(`[${scenario}] ${label.padEnd(LABEL_WIDTH)} ${text}`);
  }

  /**
   * Prints a figure, judges it against `target` and counts the verdict; true when it passed or,
   * being a `scale` target in a quick run, was not judged.
   */
  check(
    scenario: string,
    label: string,
    value: FigureValue,
    target: Target,
    unit = '',
    digits = 2,
    spread?: string,
  ): boolean {
    // A ratio measured in pairs (side-by-side.ts) prints its spread beside the judged median.
    const shown = `${columns(value, digits, unit)}${spread === undefined ? '' : ` (${spread})`}`;
    const v = judged(value);
    if (target.scale === true && !this.#judgeScale) {
      const limit = `${format(target.limit, digits)}${unit === '' ? '' : ` ${unit}`}`;
      this.#write(
        `[${scenario}] ${label.padEnd(LABEL_WIDTH)} ${shown}   target ${target.op} ${limit}: no verdict (quick run, too small to judge)`,
      );
      this.unjudged++;
      return true;
    }
    const ok = v !== undefined && (target.op === '<=' ? v <= target.limit : v >= target.limit);
    const miss =
      ok || v === undefined
        ? ''
        : ` (missed by ${format((Math.abs(v - target.limit) / target.limit) * 100, 0)}%)`;
    const verdict = `target ${target.op} ${format(target.limit, digits)}${unit === '' ? '' : ` ${unit}`}: ${ok ? 'PASS' : `FAIL${miss}`}`;
    this.#write(`[${scenario}] ${label.padEnd(LABEL_WIDTH)} ${shown}   ${verdict}`);
    if (ok) this.passed++;
    else this.failed++;
    return ok;
  }

  /** Counts a scenario that could not finish as one failure. */
  error(scenario: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.#write(`[${scenario}] ERROR ${message}`);
    this.failed++;
  }

  /** The closing line. */
  summary(): string {
    const unjudged = this.unjudged === 0 ? '' : `, ${this.unjudged} not judged (quick run)`;
    return `bench: ${this.passed} passed, ${this.failed} failed${unjudged}`;
  }
}
