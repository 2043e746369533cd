/**
 * The days an SLA exclusion cuts, in pieces split at its bounds: the pieces of each cut day tile
 * the local day (23 or 25 hours on DST days) and no piece holds a bound inside it.
 */
import { describe, expect, it } from 'vitest';
import { piecesOfCutDays } from '../../../../src/pipeline/streams/statistics-exclusion-pieces.ts';
import type { IanaZone } from '../../../../src/terms.ts';

const ZONE = 'Europe/Amsterdam' as IanaZone;
const d = (iso: string): Date => new Date(iso);
const text = (pieces: ReturnType<typeof piecesOfCutDays>): string[] =>
  pieces.map((p) => `${p.day} ${p.start.toISOString()} ${p.end.toISOString()}`);

describe('piecesOfCutDays', () => {
  it('splits the two days an exclusion across the autumn change cuts, at its bounds', () => {
    // 25 Oct 22:00 CEST (20:00Z) to 26 Oct 04:00 CET (03:00Z).
    const pieces = piecesOfCutDays(
      [d('2025-10-25T20:00:00Z'), d('2025-10-26T03:00:00Z')],
      d('2025-10-20T22:00:00Z'),
      d('2025-10-31T23:00:00Z'),
      ZONE,
    );
    expect(text(pieces)).toEqual([
      '2025-10-25 2025-10-24T22:00:00.000Z 2025-10-25T20:00:00.000Z',
      '2025-10-25 2025-10-25T20:00:00.000Z 2025-10-25T22:00:00.000Z',
      // The 25-hour day: local midnight 22:00Z to the next at 23:00Z.
      '2025-10-26 2025-10-25T22:00:00.000Z 2025-10-26T03:00:00.000Z',
      '2025-10-26 2025-10-26T03:00:00.000Z 2025-10-26T23:00:00.000Z',
    ]);
  });

  it('cuts a day held by one exclusion in three, and ignores bounds at midnight or outside the range', () => {
    const pieces = piecesOfCutDays(
      [
        d('2025-10-15T08:00:00Z'),
        d('2025-10-15T10:30:00Z'),
        // The same bound twice (two exclusions meeting): one cut.
        d('2025-10-15T10:30:00Z'),
        // Local midnight of the 17th: cuts nothing.
        d('2025-10-16T22:00:00Z'),
        // Outside the range.
        d('2025-11-03T10:00:00Z'),
      ],
      d('2025-10-09T22:00:00Z'),
      d('2025-10-20T22:00:00Z'),
      ZONE,
    );
    expect(text(pieces)).toEqual([
      '2025-10-15 2025-10-14T22:00:00.000Z 2025-10-15T08:00:00.000Z',
      '2025-10-15 2025-10-15T08:00:00.000Z 2025-10-15T10:30:00.000Z',
      '2025-10-15 2025-10-15T10:30:00.000Z 2025-10-15T22:00:00.000Z',
    ]);
  });

  it('reads nothing more when no bound falls inside the range', () => {
    expect(piecesOfCutDays([], d('2025-10-09T22:00:00Z'), d('2025-10-20T22:00:00Z'), ZONE)).toEqual([]);
  });
});
