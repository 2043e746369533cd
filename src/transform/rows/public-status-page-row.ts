/**
 * `uptrends.public_status_page` row: one status page with the monitors and groups it shows as
 * uuid arrays (a page lists a handful; arrays keep one row per page and `unnest` answers
 * "which pages show this monitor").
 */
import type { MappedRow } from '../../load/schema.ts';
import type { PublicStatusPage } from '../../extract/schemas/public-status-page.ts';
import type { RowContext } from '../row-context.ts';
import { rawColumn } from '../raw-column.ts';

/** Columns of `uptrends.public_status_page` written by the mapper. */
export type PublicStatusPageRow = MappedRow<'public_status_page'>;

const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

/** The page's SLA, or null when the page has none (.NET sends an empty GUID or Specified=false). */
function slaGuidOf(page: PublicStatusPage): string | null {
  const guid = page.SlaGuid?.toLowerCase();
  if (guid === undefined || guid === EMPTY_GUID || page.SlaGuidSpecified === false) return null;
  return guid;
}

function distinctLower(guids: readonly string[] | null | undefined): string[] {
  return [...new Set((guids ?? []).map((guid) => guid.toLowerCase()))];
}

/** Maps a parsed status page; `original` is the record as received, for `raw`. */
export function publicStatusPageRow(
  page: PublicStatusPage,
  ctx: RowContext,
  original?: unknown,
): PublicStatusPageRow {
  return {
    account_id: ctx.accountId,
    public_status_page_guid: page.PublicDashboardGuid.toLowerCase(),
    name: page.Name ?? null,
    is_published: page.IsPublished ?? null,
    preset_period_type: page.PresetPeriodType ?? null,
    sla_guid: slaGuidOf(page),
    monitor_guids: distinctLower(page.MonitorGuids),
    monitor_group_guids: distinctLower(page.MonitorGroupGuids),
    raw: rawColumn(original ?? page),
    run_id: ctx.runId,
  };
}
