/**
 * The half-open interval of instants every layer passes around (a window, a period, a data range).
 * The interval algebra itself (union, intersection, difference of sets of intervals) lives in the
 * warehouse, on tstzmultirange (sql/functions/40-multirange_seconds.sql, 50-covered_seconds.sql):
 * the figures are computed there, once.
 */

/** A half-open interval of instants [start, end); empty when end <= start. */
export interface Interval {
  readonly start: Date;
  readonly end: Date;
}
