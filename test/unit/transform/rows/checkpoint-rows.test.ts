import { describe, expect, it } from 'vitest';
import { checkpointRegionSchema, checkpointSchema } from '../../../../src/extract/schemas/checkpoint.ts';
import { checkpointRegionRow, checkpointRow } from '../../../../src/transform/rows/checkpoint-rows.ts';
import { CTX } from './fixtures.ts';

// The shape of one item of GET /Checkpoint (facts 3.13; KB changelog, September 2023).
const AMSTERDAM = {
  Id: 1,
  Type: 'Checkpoint',
  Attributes: {
    CheckpointName: 'Amsterdam',
    Code: 'NLAMS',
    Ipv4Addresses: ['192.0.2.10', '192.0.2.11'],
    IpV6Addresses: ['2001:db8:1::10', '2001:db8:1::11'],
    IsPrimaryCheckpoint: true,
    SupportsIpv6: true,
    HasHighAvailability: false,
    Upcoming: 'kept in raw',
  },
  Links: { Self: '/Checkpoint/1' },
};

describe('checkpointRow', () => {
  it('maps a checkpoint with its addresses; the record as received is raw', () => {
    expect(checkpointRow(checkpointSchema.parse(AMSTERDAM), CTX, AMSTERDAM)).toEqual({
      account_id: '123456',
      checkpoint_id: 1,
      name: 'Amsterdam',
      code: 'NLAMS',
      ipv4_addresses: ['192.0.2.10', '192.0.2.11'],
      ipv6_addresses: ['2001:db8:1::10', '2001:db8:1::11'],
      is_primary: true,
      supports_ipv6: true,
      has_high_availability: false,
      raw: AMSTERDAM,
      run_id: 42,
    });
  });

  it('reads the IPv6 objects of before September 2023, and the older Ipv6Addresses spelling, as addresses', () => {
    const objects = {
      ...AMSTERDAM,
      Attributes: {
        ...AMSTERDAM.Attributes,
        IpV6Addresses: [{ IpAddress: '2001:db8:1::10', IsNative: true }, { IpAddress: ' 2001:db8:1::11 ' }],
      },
    };
    expect(checkpointRow(checkpointSchema.parse(objects), CTX).ipv6_addresses).toEqual([
      '2001:db8:1::10',
      '2001:db8:1::11',
    ]);
    const { IpV6Addresses, ...rest } = AMSTERDAM.Attributes;
    const older = { Id: 1, Attributes: { ...rest, Ipv6Addresses: IpV6Addresses } };
    expect(checkpointRow(checkpointSchema.parse(older), CTX).ipv6_addresses).toEqual(IpV6Addresses);
  });

  it('keeps a checkpoint with nothing but its id (empty address lists, nulls), and drops blank addresses', () => {
    const bare = checkpointRow(checkpointSchema.parse({ Id: '7' }), CTX);
    expect(bare).toMatchObject({
      checkpoint_id: 7,
      name: null,
      ipv4_addresses: [],
      ipv6_addresses: [],
      is_primary: null,
    });
    const blanks = checkpointSchema.parse({
      Id: 8,
      Attributes: { Ipv4Addresses: ['', ' ', '192.0.2.1'], IpV6Addresses: [{}] },
    });
    expect(checkpointRow(blanks, CTX)).toMatchObject({ ipv4_addresses: ['192.0.2.1'], ipv6_addresses: [] });
  });

  it('rejects a checkpoint without an id or with addresses that are not text', () => {
    expect(checkpointSchema.safeParse({ Attributes: {} }).success).toBe(false);
    expect(checkpointSchema.safeParse({ Id: 1, Attributes: { Ipv4Addresses: [1] } }).success).toBe(false);
  });
});

describe('checkpointRegionRow', () => {
  it('maps a region and the ids of the regions inside it', () => {
    const europe = { Id: 1, Name: 'Europe', ChildRegions: [11, '12'] };
    expect(checkpointRegionRow(checkpointRegionSchema.parse(europe), CTX, europe)).toEqual({
      account_id: '123456',
      checkpoint_region_id: 1,
      name: 'Europe',
      child_region_ids: [11, 12],
      raw: europe,
      run_id: 42,
    });
    expect(checkpointRegionRow(checkpointRegionSchema.parse({ Id: 2 }), CTX).child_region_ids).toEqual([]);
  });
});
