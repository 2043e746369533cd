/**
 * One request to Infra `GET /v1/DeviceGroupData`: asks for JSON or XML, brings an XML body into
 * the JSON shape, and checks the envelope (`Status`, `Count`, `Devices`). Items are returned raw:
 * each is validated on its own by the stream, so one bad device is rejected, not the page.
 */
import { z } from 'zod';
import { ResponseFormatError, type ErrorContext } from '../../errors.ts';
import { lenientInteger } from '../schemas/lenient.ts';
import type { InfraFormat } from './infra-stream-options.ts';
import { normalizeInfraTexts } from './normalize-infra-texts.ts';
import { type ApiGetter } from '../http/api-client.ts';

/** Route template of the endpoint, for statistics and errors. */
export const DEVICE_GROUP_DATA_ROUTE = '/v1/DeviceGroupData';

// XML list wrappers of the body (docs/simulator.md: <Devices><Device>, <DataFeeds><DataFeed>).
const XML_ARRAYS = ['Devices', 'DataFeeds'];

const envelopeSchema = z.looseObject({
  Status: z.string().nullish(),
  Count: lenientInteger.nullish(),
  Devices: z.array(z.unknown()).nullish(),
});

/** Query parameters of DeviceGroupData (names as the spec writes them). */
export type DeviceGroupQuery = Readonly<Record<string, string | number | undefined>>;

/** One page: the group's status, its item count (before paging) and the page's raw items. */
export interface DeviceGroupPage {
  status: string | undefined;
  /** Items in the group after filters; undefined when the API did not say. */
  count: number | undefined;
  items: unknown[];
  /** The whole body, for unknown-field reports. */
  body: unknown;
}

/** GETs one page; throws ResponseFormatError when the body is not a DeviceGroupData object. */
export async function getDeviceGroupPage(
  getter: ApiGetter,
  query: DeviceGroupQuery,
  format: InfraFormat,
  context: ErrorContext,
): Promise<DeviceGroupPage> {
  const response = await getter.get<unknown>(DEVICE_GROUP_DATA_ROUTE, query, {
    accept: format,
    xmlArrays: XML_ARRAYS,
    route: DEVICE_GROUP_DATA_ROUTE,
    context,
  });
  const body = normalizeInfraTexts(response.body);
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) {
    // A 200 with the wrong shape is not transient: retrying gives the same body.
    throw new ResponseFormatError(
      `infra GET ${DEVICE_GROUP_DATA_ROUTE}: the answer is not a device group (${envelope.error.issues[0]?.message ?? 'wrong shape'})`,
      { retriable: false, context: { ...context, route: DEVICE_GROUP_DATA_ROUTE } },
    );
  }
  return {
    status: envelope.data.Status ?? undefined,
    count: envelope.data.Count ?? undefined,
    items: envelope.data.Devices ?? [],
    body,
  };
}
