/**
 * `GET /PublicStatusPage`: status pages with the monitors and groups they show. The id field is
 * `PublicDashboardGuid` on the wire.
 */
import { z } from 'zod';
import { enumText, guid, type KnownValues } from './lenient.ts';

/** SortRowsProperty values of CustomizationInfo. */
export const KNOWN_SORT_ROWS_PROPERTIES = ['Alphabetical', 'ByStatus'] as const;

const customizationInfoSchema = z.looseObject({
  MainColor: z.string().nullish(),
  BackgroundColor: z.string().nullish(),
  TextColor: z.string().nullish(),
  TitleText: z.string().nullish(),
  FooterText: z.string().nullish(),
  MonitorNameOverrideFieldName: z.string().nullish(),
  SortColumnsNewToOld: z.boolean().nullish(),
  SortRowsProperty: enumText.nullish(),
  CommentTitle: z.string().nullish(),
  CommentText: z.string().nullish(),
  AutoRefresh: z.boolean().nullish(),
});

/** One public status page; the GUID is required because it is the key. */
export const publicStatusPageSchema = z.looseObject({
  PublicDashboardGuid: guid,
  Name: z.string().nullish(),
  IsPublished: z.boolean().nullish(),
  PresetPeriodType: enumText.nullish(),
  CustomizationInfo: customizationInfoSchema.nullish(),
  SlaGuid: guid.nullish(),
  SlaGuidSpecified: z.boolean().nullish(),
  MonitorGuids: z.array(guid).nullish(),
  MonitorGroupGuids: z.array(guid).nullish(),
});

/** A parsed public status page. */
export type PublicStatusPage = z.infer<typeof publicStatusPageSchema>;

/** The enum-like fields of a status page the warehouse types, with the values known. */
export const PUBLIC_STATUS_PAGE_VALUES: KnownValues = {
  'CustomizationInfo.SortRowsProperty': KNOWN_SORT_ROWS_PROPERTIES,
};
