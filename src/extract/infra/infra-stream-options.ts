/**
 * Options of the two Infra streams. They are fixed per stream definition (the registry uses the
 * defaults); tests build streams with other values to exercise small pages and XML bodies.
 */

/** Body format asked for with the Accept header. */
export type InfraFormat = 'json' | 'xml';

/** How the Infra streams talk to `/v1/DeviceGroupData`. */
export interface InfraStreamOptions {
  /**
   * Items per page (`Take`). The spec documents no maximum, only the default of 10; a large page
   * makes one request per group and per day for most accounts. A server that caps the page lower
   * is handled: paging advances by the items received. (Default: 500)
   */
  readonly take: number;
  /**
   * Accept header. Both formats are legal and parse to the same rows; JSON is what the rest of the
   * pipeline speaks, and the real API's default is undocumented, so we always ask. (Default: json)
   */
  readonly format: InfraFormat;
}

/** The options the registry's Infra streams use. */
export const DEFAULT_INFRA_STREAM_OPTIONS: InfraStreamOptions = Object.freeze({ take: 500, format: 'json' });
