/**
 * The checkpoints and checkpoint regions the simulator serves at `/Checkpoint` and
 * `/CheckpointRegion`: a small, fixed network in the shape of the real one (regions nest:
 * continents hold countries; one checkpoint is not primary, one has no IPv6, one lists an upcoming
 * address beside its current one). Names are real cities; ids, codes and addresses are invented,
 * the addresses from the documentation ranges (RFC 5737, RFC 3849), so nothing here points at a
 * real server.
 */

/** One checkpoint as the simulator keeps it. */
export interface SimulatedCheckpoint {
  readonly id: number;
  readonly name: string;
  readonly code: string;
  readonly ipv4: readonly string[];
  readonly ipv6: readonly string[];
  readonly primary: boolean;
  readonly highAvailability: boolean;
}

/** One region: its id, name and the regions directly inside it. */
export interface SimulatedCheckpointRegion {
  readonly Id: number;
  readonly Name: string;
  readonly ChildRegions: readonly number[];
}

/** Every checkpoint `/Checkpoint` lists, in the order served. */
export const SIMULATED_CHECKPOINTS: readonly SimulatedCheckpoint[] = Object.freeze([
  {
    id: 1,
    name: 'Amsterdam',
    code: 'NLAMS',
    ipv4: ['192.0.2.10', '192.0.2.11'],
    ipv6: ['2001:db8:1::10'],
    primary: true,
    highAvailability: true,
  },
  {
    id: 2,
    name: 'London',
    code: 'GBLON',
    ipv4: ['192.0.2.20'],
    ipv6: ['2001:db8:2::20'],
    primary: true,
    highAvailability: false,
  },
  {
    id: 3,
    name: 'Frankfurt',
    code: 'DEFRA',
    ipv4: ['192.0.2.30', '192.0.2.31', '198.51.100.30'],
    ipv6: ['2001:db8:3::30', '2001:db8:3::31'],
    primary: true,
    highAvailability: true,
  },
  {
    id: 4,
    name: 'New York',
    code: 'USNYC',
    ipv4: ['198.51.100.40'],
    ipv6: ['2001:db8:4::40'],
    primary: true,
    highAvailability: false,
  },
  {
    id: 5,
    name: 'Toronto',
    code: 'CATOR',
    ipv4: ['198.51.100.50'],
    ipv6: [],
    primary: false,
    highAvailability: false,
  },
  {
    id: 6,
    name: 'Tokyo',
    code: 'JPTYO',
    ipv4: ['203.0.113.60'],
    ipv6: ['2001:db8:6::60'],
    primary: true,
    highAvailability: false,
  },
  {
    id: 7,
    name: 'Singapore',
    code: 'SGSIN',
    ipv4: ['203.0.113.70', '203.0.113.71'],
    ipv6: ['2001:db8:7::70'],
    primary: false,
    highAvailability: true,
  },
]);

/** Every region `/CheckpointRegion` lists, in the order served. */
export const SIMULATED_CHECKPOINT_REGIONS: readonly SimulatedCheckpointRegion[] = Object.freeze([
  { Id: 1, Name: 'Europe', ChildRegions: [11, 12, 13] },
  { Id: 2, Name: 'North America', ChildRegions: [21, 22] },
  { Id: 3, Name: 'Asia', ChildRegions: [31, 32] },
  { Id: 11, Name: 'Netherlands', ChildRegions: [] },
  { Id: 12, Name: 'United Kingdom', ChildRegions: [] },
  { Id: 13, Name: 'Germany', ChildRegions: [] },
  { Id: 21, Name: 'United States', ChildRegions: [] },
  { Id: 22, Name: 'Canada', ChildRegions: [] },
  { Id: 31, Name: 'Japan', ChildRegions: [] },
  { Id: 32, Name: 'Singapore', ChildRegions: [] },
]);
