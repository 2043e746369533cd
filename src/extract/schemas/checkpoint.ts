/**
 * Checkpoints (facts 3.13; 2021 Swagger: CheckpointListResponse, Checkpoint2, CheckpointAttributes,
 * CheckpointRegion): one item of `GET /Checkpoint`, an enveloped list (`{Data: [{Id, Type,
 * Attributes, Links}]}`), and one item of `GET /CheckpointRegion`, a bare array. Only the ids are
 * required; everything else is as loose as the service is.
 */
import { z } from 'zod';
import { int32 } from './lenient.ts';

/**
 * One IPv6 address: a plain string since September 2023 (KB changelog), an object with
 * `IpAddress` (and `IsNative`) before, as the 2021 Swagger still describes it.
 */
const ipv6AddressSchema = z.union([z.string(), z.looseObject({ IpAddress: z.string().nullish() })]);

/** A checkpoint's attributes. The 2021 file spells the IPv6 list `IpV6Addresses` here and `Ipv6Addresses` in its older `Checkpoint`. */
export const checkpointAttributesSchema = z.looseObject({
  CheckpointName: z.string().nullish(),
  Code: z.string().nullish(),
  Ipv4Addresses: z.array(z.string()).nullish(),
  IpV6Addresses: z.array(ipv6AddressSchema).nullish(),
  Ipv6Addresses: z.array(ipv6AddressSchema).nullish(),
  IsPrimaryCheckpoint: z.boolean().nullish(),
  SupportsIpv6: z.boolean().nullish(),
  HasHighAvailability: z.boolean().nullish(),
});

/** One checkpoint of the list; `Id` is required because it is the key. */
export const checkpointSchema = z.looseObject({
  Id: int32,
  Type: z.string().nullish(),
  Attributes: checkpointAttributesSchema.nullish(),
  Links: z.record(z.string(), z.string().nullish()).nullish(),
});

/** One checkpoint region; `Id` is required because it is the key. */
export const checkpointRegionSchema = z.looseObject({
  Id: int32,
  Name: z.string().nullish(),
  ChildRegions: z.array(int32).nullish(),
});

/** Parsed records. */
export type Checkpoint = z.infer<typeof checkpointSchema>;
export type CheckpointRegion = z.infer<typeof checkpointRegionSchema>;
