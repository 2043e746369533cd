/**
 * Generated API records for the `conforming*` checks (src/extract/schemas/conforming.ts): each field
 * mostly in the form the service sends and sometimes in another, so a record has a fair chance of
 * being wholly conforming and every way of not being one is drawn too; and the property that such
 * a check lets through only records its zod schema accepts and gives back unchanged.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';

/** The parts every record shares, with the usual form drawn `weight` times as often as another. */
export function recordParts(weight: number) {
  const mostly = <T, U>(usual: fc.Arbitrary<T>, other: fc.Arbitrary<U>): fc.Arbitrary<T | U> =>
    fc.oneof({ arbitrary: usual, weight }, { arbitrary: other, weight: 1 });
  const absent = fc.constantFrom(undefined, null);
  const text = mostly(fc.oneof(fc.string({ maxLength: 5 }), absent), fc.oneof(fc.integer(), fc.constant({})));
  const links = mostly(
    fc.oneof(absent, fc.dictionary(fc.constantFrom('Self', 'Next'), text, { maxKeys: 2 })),
    fc.constant([]),
  );
  const relationship = mostly(
    fc.record(
      {
        Id: mostly(fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), absent), fc.constant({})),
        Type: text,
        Links: links,
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom('x', 5, null),
  );
  return { mostly, absent, text, links, relationship };
}

/**
 * Property: every record `conforming` lets through is one `schema` accepts and gives back unchanged;
 * and enough were let through (over a tenth) that the check was made on them, not only on records
 * it sent to the schema.
 */
export function expectLetThroughOnlyUnchanged(
  records: fc.Arbitrary<unknown>,
  conforming: (raw: unknown) => unknown,
  schema: z.ZodType,
): void {
  let through = 0;
  fc.assert(
    fc.property(records, (raw) => {
      if (conforming(raw) === undefined) return;
      through++;
      const parsed = schema.safeParse(raw);
      expect(parsed.success).toBe(true);
      expect(parsed.data).toEqual(raw);
    }),
    { numRuns: 3000 },
  );
  expect(through).toBeGreaterThan(300);
}
