/**
 * The text form of a GUID, 8-4-4-4-12 hexadecimal digits, as the Uptrends APIs spell the ids of
 * monitors, alerts, SLAs and the rest. The one home of the pattern: the alert schema at the edge,
 * the request templates of the HTTP client's metrics, the window engine's served keys, the window
 * retirement and the simulator's routes all test against it.
 */

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOWER_CASE_GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for a GUID in the 8-4-4-4-12 form, in either case (the service accepts both). */
export function isGuid(text: string): boolean {
  return GUID.test(text);
}

/**
 * True for a GUID written in lower case only: the form the service serves ids in. A value stored
 * as its 16 bytes and read back as lower-case text is the same text only when it was this form.
 */
export function isLowerCaseGuid(text: string): boolean {
  return LOWER_CASE_GUID.test(text);
}
