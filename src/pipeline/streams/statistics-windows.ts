/**
 * How long a statistics window may be. The service chooses bucket sizes from the requested period
 * and does not say how (facts 3.2): a long range may come back in month buckets, which hold no
 * figure per day. The statistics stream therefore learns the rule from the answers, per account:
 * a window answered with buckets coarser than a day is split in two and asked again, and what each
 * answer taught is kept in `etl_state` (stream `statistics`, partition `-`, JSON `state`), so the
 * next run plans windows the service answers at a daily grain from the start.
 *
 * What is kept, and why both: `dailyWindowDays` is the longest window (local days) answered with
 * day-or-finer buckets, `coarseWindowDays` the shortest answered coarser. Until a coarse answer
 * has been seen there is no reason to cut a range at all (a year may well come back in days); once
 * one has, windows are the longest known daily one, always shorter than the shortest coarse one.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../load/schema.ts';
import { loadStreamState, mergeStateNumbers, type StateNumber } from '../../load/ledgers/stream-state.ts';
import { addLocalDays, daysBetween } from '../../time/calendar.ts';
import type { LocalDate } from '../../terms.ts';

/** What the stream knows about the service's bucket rule for one account. */
export interface WindowKnowledge {
  /** The longest window, in local days, the service answered with day-or-finer buckets. */
  dailyWindowDays?: number | undefined;
  /** The shortest window, in local days, the service answered with buckets coarser than a day. */
  coarseWindowDays?: number | undefined;
}

/** The etl_state row that holds the knowledge (the stream's partitions are monitor GUIDs). */
export const KNOWLEDGE_PARTITION = '-';

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : undefined;

/** Knowledge from the stored JSON; anything unreadable is knowing nothing. */
export function knowledgeOf(state: unknown): WindowKnowledge {
  const s = (typeof state === 'object' && state !== null ? state : {}) as Record<string, unknown>;
  return { dailyWindowDays: positive(s.dailyWindowDays), coarseWindowDays: positive(s.coarseWindowDays) };
}

/** The longest window to plan, in local days; undefined: the whole range in one request. */
export function windowDaysToAsk(k: WindowKnowledge): number | undefined {
  if (k.coarseWindowDays === undefined) return undefined;
  const belowCoarse = k.coarseWindowDays - 1;
  const days =
    k.dailyWindowDays === undefined
      ? Math.ceil(k.coarseWindowDays / 2)
      : Math.min(k.dailyWindowDays, belowCoarse);
  return Math.max(1, days);
}

/** The two halves of the local days [from, to), the first the longer; undefined for a single day. */
export function halves(
  from: LocalDate,
  to: LocalDate,
): [[LocalDate, LocalDate], [LocalDate, LocalDate]] | undefined {
  const days = daysBetween(from, to);
  if (days <= 1) return undefined;
  const middle = addLocalDays(from, Math.ceil(days / 2));
  return [
    [from, middle],
    [middle, to],
  ];
}

/**
 * One account's knowledge during a run, shared by every window of the stream: loaded once, updated
 * as answers arrive, and stored as soon as it grows (it describes the service, not the rows, so it
 * does not wait for any window's transaction).
 */
export class WindowLearner {
  readonly #db: Kysely<Database>;
  readonly #key: { accountId: string; stream: string; partition: string };
  readonly #runId: number;
  #known: WindowKnowledge;

  private constructor(
    db: Kysely<Database>,
    accountId: string,
    stream: string,
    runId: number,
    known: WindowKnowledge,
  ) {
    this.#db = db;
    this.#key = { accountId, stream, partition: KNOWLEDGE_PARTITION };
    this.#runId = runId;
    this.#known = known;
  }

  /** Loads what earlier runs learned for the account. */
  static async load(
    db: Kysely<Database>,
    accountId: string,
    stream: string,
    runId: number,
  ): Promise<WindowLearner> {
    const state = await loadStreamState(db, { accountId, stream, partition: KNOWLEDGE_PARTITION });
    return new WindowLearner(db, accountId, stream, runId, knowledgeOf(state));
  }

  /** What is known now. */
  get known(): WindowKnowledge {
    return { ...this.#known };
  }

  /** Records the answer to a window of `days` local days: at a daily grain or coarser. */
  async answered(days: number, coarse: boolean): Promise<void> {
    const k = this.#known;
    const numbers: Record<string, StateNumber> = {};
    if (coarse && (k.coarseWindowDays === undefined || days < k.coarseWindowDays)) {
      this.#known = { ...k, coarseWindowDays: days };
      numbers.coarseWindowDays = { value: days, keep: 'min' };
    }
    if (!coarse && (k.dailyWindowDays === undefined || days > k.dailyWindowDays)) {
      this.#known = { ...k, dailyWindowDays: days };
      numbers.dailyWindowDays = { value: days, keep: 'max' };
    }
    await mergeStateNumbers(this.#db, this.#key, numbers, this.#runId);
  }
}
