/**
 * Converts one account-local API timestamp into the pair the warehouse stores (`<x>_at` UTC
 * instant, `<x>_at_local` wall clock), and turns a value that is not a timestamp into a
 * RecordValidationError naming stream, field and record: a silently null date would hide a
 * change of the API's format.
 */
import { RecordValidationError } from '../errors.ts';
import type { IanaZone, LocalDateTime } from '../terms.ts';
import { readLocalTimestamp } from '../time/zone-clock.ts';

/** Where a timestamp came from, for the error message. */
export interface TimestampSource {
  readonly stream: string;
  readonly field: string;
  readonly recordId: string | number;
}

/** A parsed timestamp: the instant and the normalised wall-clock text. */
export interface LocalTimestamp {
  readonly at: Date;
  readonly local: LocalDateTime;
}

// .NET's DateTime.MinValue: what the service's serializer writes for "no date".
const DOTNET_MIN_VALUE = /^0001-01-01(?:[T ]00:00(?::00(?:\.0+)?)?)?$/;

/**
 * The instant and wall clock of `value` in `zone` (DST policy of src/time/zone-clock.ts), or null when
 * the value is absent, null, empty or .NET's MinValue. Throws RecordValidationError otherwise
 * when it does not parse.
 */
export function parseLocalTimestamp(
  value: string | null | undefined,
  zone: IanaZone,
  source: TimestampSource,
): LocalTimestamp | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (text === '' || DOTNET_MIN_VALUE.test(text)) return null;
  const read = readLocalTimestamp(text, zone);
  if (read === undefined) {
    throw new RecordValidationError(`${source.stream}: ${source.field} is not a timestamp`, {
      context: { stream: source.stream, field: source.field, recordId: source.recordId },
    });
  }
  return read;
}
