// Unit tests of src/extract/paginate-cursor.ts and src/extract/window-readers.ts (kept beside the
// HTTP tests: the paginator is part of the same extraction machinery).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError, StreamError } from '../../../src/errors.ts';
import { paginateCursor, type CursorPage } from '../../../src/extract/paginate-cursor.ts';
import { readWholeWindow as readCursorWindow } from '../../support/cursor-window.ts';

/** A fake service: pages of `items` of size `take`, cursors "c1", "c2", ... */
function pagedService(
  items: number[],
  take: number,
): { fetch: (c: string | undefined) => Promise<CursorPage<number>>; calls: (string | undefined)[] } {
  const calls: (string | undefined)[] = [];
  return {
    calls,
    fetch: (cursor) => {
      calls.push(cursor);
      const page = cursor === undefined ? 0 : Number(cursor.slice(1));
      const records = items.slice(page * take, (page + 1) * take);
      const more = (page + 1) * take < items.length;
      return Promise.resolve({ records, next: more ? `c${page + 1}` : undefined });
    },
  };
}

async function collect<T>(gen: AsyncGenerator<{ records: T[] }>): Promise<T[][]> {
  const pages: T[][] = [];
  for await (const p of gen) pages.push(p.records);
  return pages;
}

describe('paginateCursor', () => {
  it('follows Next until it is missing and yields every page in order', async () => {
    const s = pagedService([1, 2, 3, 4, 5, 6, 7], 3);
    expect(await collect(paginateCursor(s.fetch))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(s.calls).toEqual([undefined, 'c1', 'c2']);
  });

  it('reads every item for any item count and page size (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer(), { maxLength: 60 }),
        fc.integer({ min: 1, max: 10 }),
        async (items, take) => {
          const pages = await collect(paginateCursor(pagedService(items, take).fetch));
          expect(pages.flat()).toEqual(items);
        },
      ),
    );
  });

  it('treats an empty Next as the end', async () => {
    const pages = await collect(paginateCursor(() => Promise.resolve({ records: [1], next: '' })));
    expect(pages).toEqual([[1]]);
  });

  it('detects a cursor repeated by the next page', async () => {
    const fetch = (c: string | undefined): Promise<CursorPage<number>> =>
      Promise.resolve({ records: [1], next: c === undefined ? 'A' : 'A' });
    const error = await collect(
      paginateCursor(fetch, {
        context: { stream: 'alerts', window: '2025-01-01T00:00:00/2025-01-02T00:00:00' },
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).message).toMatch(
      /Cursor loop in window alerts 2025-01-01T00:00:00\/2025-01-02T00:00:00: page 2 .* page 1/,
    );
    expect((error as StreamError).context.reason).toBe('cursor-loop');
  });

  it('detects a longer cycle A -> B -> A', async () => {
    const next: Record<string, string> = { start: 'A', A: 'B', B: 'A' };
    const fetch = (c: string | undefined): Promise<CursorPage<number>> =>
      Promise.resolve({ records: [1], next: next[c ?? 'start'] });
    await expect(collect(paginateCursor(fetch))).rejects.toThrow(
      /page 3 returned the cursor already returned by page 1/,
    );
  });

  it('ends an open feed: an empty page whose Next repeats the cursor sent', async () => {
    const fetch = (c: string | undefined): Promise<CursorPage<number>> =>
      Promise.resolve(c === undefined ? { records: [1, 2], next: 'K' } : { records: [], next: 'K' });
    expect(await collect(paginateCursor(fetch))).toEqual([[1, 2], []]);
  });

  it('still fails when a repeated cursor comes with records', async () => {
    const fetch = (c: string | undefined): Promise<CursorPage<number>> =>
      Promise.resolve({ records: [3], next: c ?? 'K' });
    await expect(collect(paginateCursor(fetch))).rejects.toThrow(/Cursor loop/);
  });

  it('fails past the page cap instead of ending early, without fetching page cap + 1', async () => {
    const s = pagedService(
      Array.from({ length: 50 }, (_, i) => i),
      10,
    );
    const error = await collect(paginateCursor(s.fetch, { maxPages: 3 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).context.reason).toBe('page-cap');
    expect(s.calls).toHaveLength(3);
  });

  it('accepts a window of exactly maxPages pages', async () => {
    const pages = await collect(paginateCursor(pagedService([1, 2, 3, 4, 5, 6], 2).fetch, { maxPages: 3 }));
    expect(pages.flat()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('calls a cursor that keeps handing out empty pages with new cursors runaway, long before the page cap', async () => {
    let n = 0;
    const fetch = (): Promise<CursorPage<number>> => Promise.resolve({ records: [], next: `c${++n}` });
    const error = await collect(paginateCursor(fetch, { maxEmptyPages: 10, context: { window: 'W' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).context).toMatchObject({
      reason: 'runaway-cursor',
      pages: 10,
      window: 'W',
    });
    expect(n).toBe(10);
  });

  it('empty pages between full ones are not runaway: the streak starts over', async () => {
    const pages: CursorPage<number>[] = [
      { records: [1], next: 'a' },
      { records: [], next: 'b' },
      { records: [2], next: 'c' },
      { records: [], next: 'd' },
      { records: [3] },
    ];
    let i = 0;
    const read = await collect(paginateCursor(() => Promise.resolve(pages[i++]!), { maxEmptyPages: 2 }));
    expect(read).toEqual([[1], [], [2], [], [3]]);
  });

  it('passes fetch errors through unchanged', async () => {
    const boom = new HttpError('API_SERVER_ERROR', 'down', 500);
    await expect(collect(paginateCursor(() => Promise.reject(boom)))).rejects.toBe(boom);
  });
});

describe('readCursorPages (a whole window)', () => {
  it('reads the whole window and counts pages', async () => {
    const w = await readCursorWindow(pagedService([1, 2, 3, 4, 5], 2).fetch);
    expect(w).toEqual({ records: [1, 2, 3, 4, 5], pages: 3, restarts: 0 });
  });

  it('restarts from the first page when a cursor is rejected with 400', async () => {
    const s = pagedService([1, 2, 3, 4, 5, 6], 2);
    let failed = false;
    const fetch = (c: string | undefined): Promise<CursorPage<number>> => {
      if (c === 'c2' && !failed) {
        failed = true;
        return Promise.reject(new HttpError('API_BAD_REQUEST', 'The cursor has expired.', 400));
      }
      return s.fetch(c);
    };
    const w = await readCursorWindow(fetch);
    expect(w).toEqual({ records: [1, 2, 3, 4, 5, 6], pages: 5, restarts: 1 });
    expect(s.calls).toEqual([undefined, 'c1', undefined, 'c1', 'c2']);
  });

  it('does not restart on a 400 of the first request (no cursor to blame)', async () => {
    let calls = 0;
    const fetch = (): Promise<CursorPage<number>> => {
      calls++;
      return Promise.reject(
        new HttpError('API_BAD_REQUEST', 'Take must be a number between 1 and 100.', 400),
      );
    };
    await expect(readCursorWindow(fetch)).rejects.toThrow(/Take must be/);
    expect(calls).toBe(1);
  });

  it('does not restart on other errors', async () => {
    const s = pagedService([1, 2, 3, 4], 2);
    const fetch = (c: string | undefined): Promise<CursorPage<number>> =>
      c === 'c1'
        ? Promise.reject(new HttpError('API_SERVER_ERROR', 'down', 500, { retriable: true }))
        : s.fetch(c);
    await expect(readCursorWindow(fetch)).rejects.toThrow('down');
    expect(s.calls).toEqual([undefined]);
  });

  it('fails after maxRestarts with a StreamError naming the window and wrapping the 400', async () => {
    const s = pagedService([1, 2, 3, 4], 2);
    const fetch = (c: string | undefined): Promise<CursorPage<number>> =>
      c === 'c1'
        ? Promise.reject(new HttpError('API_BAD_REQUEST', 'The cursor has expired.', 400))
        : s.fetch(c);
    const error = await readCursorWindow(fetch, { maxRestarts: 2, context: { window: 'W1' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StreamError);
    expect((error as StreamError).context).toMatchObject({
      window: 'W1',
      reason: 'cursor-invalid',
      restarts: 2,
    });
    expect((error as StreamError).cause).toBeInstanceOf(HttpError);
    expect(s.calls.filter((c) => c === undefined)).toHaveLength(3);
  });

  it('uses a custom isInvalidCursor', async () => {
    const s = pagedService([1, 2, 3, 4], 2);
    let failed = false;
    const fetch = (c: string | undefined): Promise<CursorPage<number>> => {
      if (c === 'c1' && !failed) {
        failed = true;
        return Promise.reject(new Error('gone'));
      }
      return s.fetch(c);
    };
    const w = await readCursorWindow(fetch, { isInvalidCursor: (e) => (e as Error).message === 'gone' });
    expect(w.records).toEqual([1, 2, 3, 4]);
    expect(w.restarts).toBe(1);
  });
});
