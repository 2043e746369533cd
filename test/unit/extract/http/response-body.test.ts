import { describe, expect, it } from 'vitest';
import { XmlSyntaxError, xmlToJson } from '../../../../src/extract/http/response-body.ts';

const ARRAYS = ['Devices', 'DataFeeds'];

describe('xmlToJson', () => {
  it('gives the JSON shape: list wrappers become arrays, even with one item', () => {
    const xml =
      '<?xml version="1.0" encoding="utf-8"?><DeviceGroupData><Status>OK</Status><Count>1</Count>' +
      '<Devices><Device><Id>7</Id><Name>db-01</Name><Uptime>99.5</Uptime><DataFeeds><DataFeed><Id>70</Id><Value>12.30</Value></DataFeed></DataFeeds></Device></Devices>' +
      '</DeviceGroupData>';
    expect(xmlToJson(xml, ARRAYS)).toEqual({
      Status: 'OK',
      Count: 1,
      Devices: [{ Id: 7, Name: 'db-01', Uptime: 99.5, DataFeeds: [{ Id: 70, Value: '12.30' }] }],
    });
  });

  it('keeps several items in order', () => {
    const xml =
      '<R><Devices><Device><Id>1</Id></Device><Device><Id>2</Id></Device><Device><Id>3</Id></Device></Devices></R>';
    expect(xmlToJson(xml, ARRAYS)).toEqual({ Devices: [{ Id: 1 }, { Id: 2 }, { Id: 3 }] });
  });

  it('reads an empty wrapper as an empty list', () => {
    expect(xmlToJson('<R><Count>0</Count><Devices></Devices><DataFeeds/></R>', ARRAYS)).toEqual({
      Count: 0,
      Devices: [],
      DataFeeds: [],
    });
  });

  it('leaves unlisted repeated-once elements as objects', () => {
    expect(xmlToJson('<R><Devices><Device><Id>1</Id></Device></Devices></R>', [])).toEqual({
      Devices: { Device: { Id: 1 } },
    });
  });

  it('converts only canonical numbers and booleans', () => {
    expect(
      xmlToJson('<R><A>007</A><B>1e3</B><C>-4</C><D>true</D><E>False</E><F>12.30</F><G>0.5</G></R>'),
    ).toEqual({
      A: '007',
      B: '1e3',
      C: -4,
      D: true,
      E: 'False',
      F: '12.30',
      G: 0.5,
    });
  });

  it('rejects malformed or truncated XML', () => {
    expect(() => xmlToJson('<R><Devices><Device><Id>1</Id></Dev', ARRAYS)).toThrow(XmlSyntaxError);
    expect(() => xmlToJson('not xml at all <', ARRAYS)).toThrow(XmlSyntaxError);
  });
});
