/** Streams `public_status_pages` (GET /PublicStatusPage) and `timezones` (GET /Timezone, reference data). */
import { KNOWN_PUBLIC_STATUS_PAGE_FIELDS, publicStatusPageSchema } from '../schemas/public-status-page.ts';
import { KNOWN_TIMEZONE_FIELDS, timezoneSchema } from '../schemas/timezone.ts';
import { publicStatusPageRow } from '../../transform/rows/public-status-page-row.ts';
import { timezoneRow } from '../../transform/rows/timezone-row.ts';
import type { Row } from '../../load/merge-rows.ts';
import { defineListStream } from '../list-stream.ts';
import { field, guidText, idText } from './field.ts';

export const publicStatusPagesStream = defineListStream({
  name: 'public_status_pages',
  description: 'Public status pages with the monitors and groups they show (GET /PublicStatusPage).',
  route: '/PublicStatusPage',
  schema: publicStatusPageSchema,
  known: KNOWN_PUBLIC_STATUS_PAGE_FIELDS,
  idOf: field('PublicDashboardGuid'),
  path: () => '/PublicStatusPage',
  tables: [{ table: 'public_status_page', key: ['public_status_page_guid'] }],
  toRows: ({ record, raw }, rowCtx) => ({
    public_status_page: [publicStatusPageRow(record, rowCtx, raw) as unknown as Row],
  }),
  keepKeys: (raw) => {
    const guid = guidText(raw, 'PublicDashboardGuid');
    return guid === undefined ? {} : { public_status_page: guid };
  },
});

export const timezonesStream = defineListStream({
  name: 'timezones',
  description: 'Time zone reference data of the service (GET /Timezone).',
  route: '/Timezone',
  schema: timezoneSchema,
  known: KNOWN_TIMEZONE_FIELDS,
  idOf: field('TimezoneId'),
  path: () => '/Timezone',
  tables: [{ table: 'timezone', key: ['account_id', 'timezone_id'] }],
  toRows: ({ record, raw }, rowCtx, ctx) => ({
    timezone: [timezoneRow(record, rowCtx, ctx.clock(), raw) as unknown as Row],
  }),
  keepKeys: (raw, _parent, accountId) => {
    const id = idText(field('TimezoneId')(raw));
    return id === undefined ? {} : { timezone: `${accountId}/${id}` };
  },
});
