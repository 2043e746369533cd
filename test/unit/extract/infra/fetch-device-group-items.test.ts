import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResponseFormatError } from '../../../../src/errors.ts';
import { fetchDeviceGroupItems } from '../../../../src/extract/infra/fetch-device-group-items.ts';
import { device, fakeInfraGetter } from './fake-infra-getter.ts';

const opts = (take: number) => ({ take, format: 'json' as const, context: { stream: 'test' } });
const ids = (items: unknown[]) => items.map((i) => (i as { Id: number }).Id);
const range = (n: number) => Array.from({ length: n }, (_, i) => device(i + 1));

describe('fetchDeviceGroupItems', () => {
  it('pages with Skip/Take until Count: 7 items at Take 3 are 3 requests', async () => {
    const getter = fakeInfraGetter(new Map([['', range(7)]]));
    const listing = await fetchDeviceGroupItems(getter, { GroupFilter: 'ItemsOnly' }, opts(3));
    expect(ids(listing.items)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(getter.queries.map((q) => [q.Skip, q.Take])).toEqual([
      [0, 3],
      [3, 3],
      [6, 3],
    ]);
    expect(listing).toMatchObject({ count: 7, pages: 3, complete: true, status: 'OK' });
  });

  it('reads every item exactly once in ceil(n / take) requests (one for an empty group)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 25 }), async (n, take) => {
        const getter = fakeInfraGetter(new Map([['', range(n)]]));
        const listing = await fetchDeviceGroupItems(getter, {}, opts(take));
        expect(ids(listing.items)).toEqual(range(n).map((d) => d.Id));
        expect(getter.queries.length).toBe(Math.max(1, Math.ceil(n / take)));
        expect(listing.complete).toBe(true);
      }),
    );
  });

  it('advances by the items received when the server caps the page below Take', async () => {
    const getter = fakeInfraGetter(new Map([['', range(25)]]), { maxTake: 10 });
    const listing = await fetchDeviceGroupItems(getter, {}, opts(100));
    expect(ids(listing.items)).toHaveLength(25);
    expect(getter.queries.map((q) => q.Skip)).toEqual([0, 10, 20]);
  });

  it('without Count, stops at the first short page', async () => {
    const getter = fakeInfraGetter(new Map([['', range(7)]]), { omitCount: true });
    const listing = await fetchDeviceGroupItems(getter, {}, opts(3));
    expect(ids(listing.items)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(listing.count).toBeUndefined();
    expect(listing.complete).toBe(true);
  });

  it('fails loudly when a page repeats the previous one (Skip ignored)', async () => {
    const getter = fakeInfraGetter(new Map([['', range(7)]]), { ignoreSkip: true });
    const error = await fetchDeviceGroupItems(getter, {}, opts(3)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect((error as ResponseFormatError).message).toMatch(/repeats the previous page/);
    expect((error as ResponseFormatError).retriable).toBe(false);
    expect(getter.queries).toHaveLength(2);
  });

  it('marks the listing incomplete when Count changes between pages', async () => {
    const getter = fakeInfraGetter(new Map([['', range(7)]]), {
      beforeRequest: (q, groups) => {
        if (q.Skip === 3)
          groups.set(
            '',
            range(7).filter((d) => d.Id !== 1),
          );
      },
    });
    const listing = await fetchDeviceGroupItems(getter, {}, opts(3));
    // Device 4 shifted onto the first page after it was read: the walk must not call it deleted.
    expect(ids(listing.items)).toEqual([1, 2, 3, 5, 6, 7]);
    expect(listing.complete).toBe(false);
  });

  it('marks the listing incomplete on an empty page before Count is reached', async () => {
    const getter = fakeInfraGetter(new Map([['', range(7)]]), {
      beforeRequest: (q, groups) => {
        if (q.Skip === 6) groups.set('', range(5));
      },
    });
    const listing = await fetchDeviceGroupItems(getter, {}, opts(3));
    expect(listing.complete).toBe(false);
    expect(ids(listing.items)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('without Count, caps the pages of a listing that never ends', async () => {
    let next = 1;
    const endless = fakeInfraGetter(new Map(), {
      omitCount: true,
      // Every page is full of new items: nothing but the cap ends this.
      beforeRequest: (_q, groups) =>
        groups.set(
          '',
          Array.from({ length: 100 }, () => device(next++)),
        ),
    });
    const error = await fetchDeviceGroupItems(endless, {}, { ...opts(2), maxPages: 5 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect((error as Error).message).toMatch(/no end after 5 full pages/);
    expect(endless.queries).toHaveLength(5);
  });

  it('refuses a Take below 1', async () => {
    await expect(fetchDeviceGroupItems(fakeInfraGetter(new Map()), {}, opts(0))).rejects.toThrow(RangeError);
  });
});
