/**
 * `uptrends.checkpoint` and `uptrends.checkpoint_region` rows: the monitoring locations and the
 * regions that group them (reference data, per account because the ids are Uptrends' own integers).
 */
import type { MappedRow } from '../../load/schema.ts';
import type { Checkpoint, CheckpointRegion } from '../../extract/schemas/checkpoint.ts';
import type { RowContext } from '../row-context.ts';
import { rawColumn } from '../raw-column.ts';

/** Columns of `uptrends.checkpoint` written by the mapper. */
export type CheckpointRow = MappedRow<'checkpoint'>;

/** Columns of `uptrends.checkpoint_region` written by the mapper. */
export type CheckpointRegionRow = MappedRow<'checkpoint_region'>;

/** The addresses of a list, each as its text: plain strings, or the `IpAddress` of the older objects; blanks left out. */
function addressesOf(
  list: readonly (string | { IpAddress?: string | null | undefined })[] | null | undefined,
): string[] {
  const out: string[] = [];
  for (const item of list ?? []) {
    const address = typeof item === 'string' ? item : item.IpAddress;
    if (typeof address === 'string' && address.trim() !== '') out.push(address.trim());
  }
  return out;
}

/** Maps one checkpoint of `GET /Checkpoint`; `original` is the record as received, for `raw`. */
export function checkpointRow(checkpoint: Checkpoint, ctx: RowContext, original?: unknown): CheckpointRow {
  const a = checkpoint.Attributes ?? {};
  return {
    account_id: ctx.accountId,
    checkpoint_id: checkpoint.Id,
    name: a.CheckpointName ?? null,
    code: a.Code ?? null,
    ipv4_addresses: addressesOf(a.Ipv4Addresses),
    ipv6_addresses: addressesOf(a.IpV6Addresses ?? a.Ipv6Addresses),
    is_primary: a.IsPrimaryCheckpoint ?? null,
    supports_ipv6: a.SupportsIpv6 ?? null,
    has_high_availability: a.HasHighAvailability ?? null,
    raw: rawColumn(original ?? checkpoint),
    run_id: ctx.runId,
  };
}

/** Maps one region of `GET /CheckpointRegion`; `original` is the record as received, for `raw`. */
export function checkpointRegionRow(
  region: CheckpointRegion,
  ctx: RowContext,
  original?: unknown,
): CheckpointRegionRow {
  return {
    account_id: ctx.accountId,
    checkpoint_region_id: region.Id,
    name: region.Name ?? null,
    child_region_ids: [...(region.ChildRegions ?? [])],
    raw: rawColumn(original ?? region),
    run_id: ctx.runId,
  };
}
