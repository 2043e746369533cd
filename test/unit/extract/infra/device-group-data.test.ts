/** Reading DeviceGroupData: paging, the day Period, normalised texts. */
import fc from 'fast-check';
import { ResponseFormatError } from '../../../../src/errors.ts';
import { xmlToJson } from '../../../../src/extract/http/response-body.ts';
import {
  fetchDeviceGroupItems,
  infraDayPeriod,
  normalizeInfraTexts,
} from '../../../../src/extract/infra/device-group-data.ts';
import { infraDeviceGroupDataSchema } from '../../../../src/extract/schemas/infra-device-group-data.ts';
import { device, fakeInfraGetter } from './fake-infra-getter.ts';
import { describe, expect, it } from 'vitest';

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

describe('infraDayPeriod', () => {
  it('writes one day as the custom range yyyymmdd-yyyymmdd', () => {
    expect(infraDayPeriod('2025-11-19')).toBe('20251119-20251119');
    expect(infraDayPeriod('2024-02-29')).toBe('20240229-20240229');
  });

  it('round-trips every calendar date', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const day = d.toISOString().slice(0, 10);
          const [a, b] = infraDayPeriod(day).split('-');
          expect(a).toBe(b);
          expect(`${a!.slice(0, 4)}-${a!.slice(4, 6)}-${a!.slice(6)}`).toBe(day);
        },
      ),
    );
  });

  it('refuses anything but a local date', () => {
    expect(() => infraDayPeriod('2025-11-19T00:00:00')).toThrow(RangeError);
    expect(() => infraDayPeriod('20251119')).toThrow(RangeError);
  });
});

const XML =
  '<?xml version="1.0" encoding="utf-8"?><DeviceGroupData><Status>OK</Status><Count>1</Count><Devices><Device>' +
  '<Id>17</Id><Name>1234</Name><Type>Device</Type><Status>OK</Status><Uptime>99.5</Uptime><FriendlyUptime>99.50%</FriendlyUptime>' +
  '<DataFeeds><DataFeed><Id>9</Id><Name>true</Name><Type>Double</Type><Status>OK</Status><Value>12.5</Value><FriendlyValue>7</FriendlyValue></DataFeed></DataFeeds>' +
  '</Device></Devices></DeviceGroupData>';

describe('normalizeInfraTexts', () => {
  it('gives an XML body with numeric-looking names the same value as the JSON body', () => {
    const fromXml = normalizeInfraTexts(xmlToJson(XML, ['Devices', 'DataFeeds']));
    const json = {
      Status: 'OK',
      Count: 1,
      Devices: [
        {
          Id: 17,
          Name: '1234',
          Type: 'Device',
          Status: 'OK',
          Uptime: 99.5,
          FriendlyUptime: '99.50%',
          DataFeeds: [
            { Id: '9', Name: 'true', Type: 'Double', Status: 'OK', Value: '12.5', FriendlyValue: '7' },
          ],
        },
      ],
    };
    expect(fromXml).toEqual(json);
    expect(infraDeviceGroupDataSchema.parse(fromXml)).toEqual(infraDeviceGroupDataSchema.parse(json));
  });

  it('leaves numbers that are numbers (Id, Uptime, Count) and anything of another shape alone', () => {
    expect(normalizeInfraTexts({ Count: 3, Devices: [{ Id: 1, Uptime: 100, Name: 5 }] })).toEqual({
      Count: 3,
      Devices: [{ Id: 1, Uptime: 100, Name: '5' }],
    });
    expect(normalizeInfraTexts('text')).toBe('text');
    expect(normalizeInfraTexts({ Devices: 'x' })).toEqual({ Devices: 'x' });
  });
});
