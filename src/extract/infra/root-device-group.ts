/**
 * The all-devices group: the root of the Infra device tree. A request without `DeviceGroup` reads
 * it, but it is never an item of any listing, so the API never tells its id or name. The
 * warehouse stores it under a fixed id that cannot collide with Infra's own ids as far as we
 * know them (numbers), so memberships and parents can name it.
 */

/** Id and name of the root group in the warehouse. */
export const ROOT_DEVICE_GROUP = Object.freeze({ id: 'all', name: 'All devices' });
