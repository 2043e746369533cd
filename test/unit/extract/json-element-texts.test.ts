import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonElementTexts } from '../../../src/extract/json-element-texts.ts';

describe('jsonElementTexts', () => {
  it('gives each element of the member as it stands in the text, blanks around it dropped', () => {
    const text = `{ "Meta": {"Data": [9]}, "Data" : [ {"A": "x,]}\\"" , "B": [1, {"C": null}]} ,\n\t2.50, "s", [ ] ],
      "Cursors": {"Next": null} }`;
    expect(jsonElementTexts(text, 'Data')).toEqual([
      '{"A": "x,]}\\"" , "B": [1, {"C": null}]}',
      '2.50',
      '"s"',
      '[ ]',
    ]);
  });

  it('reads strings that end in escaped backslashes, and keys that only look alike', () => {
    const text = '{"Dat\\u0061": [0], "X": "a\\\\", "Data": ["\\\\\\"", "b"], "DataX": [1]}';
    expect(JSON.parse(text)).toMatchObject({ Data: ['\\"', 'b'] });
    expect(jsonElementTexts(text, 'Data')).toEqual(['"\\\\\\""', '"b"']);
  });

  it('takes the last of duplicate members, as JSON.parse does', () => {
    expect(jsonElementTexts('{"Data": [1, 2], "Data": [3]}', 'Data')).toEqual(['3']);
    for (const last of ['5', '"Data"', '{"0": 1}', 'null'])
      expect(jsonElementTexts(`{"Data": [1, 2], "Data": ${last}}`, 'Data')).toBeUndefined();
  });

  it('gives an empty list for an empty array', () => {
    expect(jsonElementTexts('{"Data": [  ]}', 'Data')).toEqual([]);
  });

  it.each([
    ['not an object', '[{"Data": [1]}]'],
    ['no such member', '{"Other": [1]}'],
    ['a member that is not an array', '{"Data": {"0": 1}}'],
    ['a string that never ends', '{"Data": ["abc]}'],
    ['a structure that never closes', '{"Data": [1, 2'],
    ['a member only nested deeper', '{"Page": {"Data": [1]}}'],
  ])('is undefined for %s', (_what, text) => {
    expect(jsonElementTexts(text, 'Data')).toBeUndefined();
  });

  it('property: the texts parse back to the elements JSON.parse finds, compact or indented', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 6 }),
        fc.jsonValue(),
        fc.constantFrom(undefined, 2, '\t'),
        (data, other, indent) => {
          const text = JSON.stringify({ Before: other, Data: data, After: other }, null, indent);
          const texts = jsonElementTexts(text, 'Data');
          expect(texts?.map((t) => JSON.parse(t) as unknown)).toEqual(JSON.parse(text).Data);
        },
      ),
      { numRuns: 500 },
    );
  });
});
