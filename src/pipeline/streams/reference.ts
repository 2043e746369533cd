/** Streams `timezones` (GET /Timezone, reference data) and `public_status_pages` (GET /PublicStatusPage). */
import {
  PUBLIC_STATUS_PAGE_VALUES,
  publicStatusPageSchema,
} from '../../extract/schemas/public-status-page.ts';
import { timezoneSchema } from '../../extract/schemas/account.ts';
import { publicStatusPageRow } from '../../transform/rows/public-status-page-row.ts';
import { timezoneRow } from '../../transform/rows/timezone-row.ts';
import { defineListStream } from '../engine/list-engine.ts';
import { ACCOUNT, guidField, idField } from '../engine/record-keys.ts';

export const timezonesStream = defineListStream({
  name: 'timezones',
  description: 'Time zone reference data of the service (GET /Timezone).',
  route: '/Timezone',
  schema: timezoneSchema,
  table: 'timezone',
  key: { account_id: ACCOUNT, timezone_id: idField('TimezoneId') },
  map: ({ record, raw }, row, ctx) => ({ timezone: [timezoneRow(record, row, ctx.clock(), raw)] }),
});

export const publicStatusPagesStream = defineListStream({
  name: 'public_status_pages',
  description: 'Public status pages with the monitors and groups they show (GET /PublicStatusPage).',
  route: '/PublicStatusPage',
  schema: publicStatusPageSchema,
  values: PUBLIC_STATUS_PAGE_VALUES,
  table: 'public_status_page',
  key: { public_status_page_guid: guidField('PublicDashboardGuid') },
  map: ({ record, raw }, row) => ({ public_status_page: [publicStatusPageRow(record, row, raw)] }),
});
