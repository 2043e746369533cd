import { describe, expect, it } from 'vitest';
import { xmlToJson } from '../../../../src/extract/http/response-body.ts';
import { normalizeInfraTexts } from '../../../../src/extract/infra/normalize-infra-texts.ts';
import { infraDeviceGroupDataSchema } from '../../../../src/extract/schemas/infra-device-group-data.ts';

const XML =
  '<?xml version="1.0" encoding="utf-8"?><DeviceGroupData><Status>OK</Status><Count>1</Count><Devices><Device>' +
  '<Id>17</Id><Name>1234</Name><Type>Device</Type><Status>OK</Status><Uptime>99.5</Uptime><FriendlyUptime>99.50%</FriendlyUptime>' +
  '<DataFeeds><DataFeed><Id>9</Id><Name>true</Name><Type>Double</Type><Status>OK</Status><Value>12.5</Value><FriendlyValue>7</FriendlyValue></DataFeed></DataFeeds>' +
  '</Device></Devices></DeviceGroupData>';

describe('normalizeInfraTexts', () => {
  it('gives an XML body with numeric-looking names the same value as the JSON body', () => {
    const fromXml = normalizeInfraTexts(xmlToJson(XML, ['Devices', 'DataFeeds']));
    const json = {
      Status: 'OK',
      Count: 1,
      Devices: [
        {
          Id: 17,
          Name: '1234',
          Type: 'Device',
          Status: 'OK',
          Uptime: 99.5,
          FriendlyUptime: '99.50%',
          DataFeeds: [
            { Id: '9', Name: 'true', Type: 'Double', Status: 'OK', Value: '12.5', FriendlyValue: '7' },
          ],
        },
      ],
    };
    expect(fromXml).toEqual(json);
    expect(infraDeviceGroupDataSchema.parse(fromXml)).toEqual(infraDeviceGroupDataSchema.parse(json));
  });

  it('leaves numbers that are numbers (Id, Uptime, Count) and anything of another shape alone', () => {
    expect(normalizeInfraTexts({ Count: 3, Devices: [{ Id: 1, Uptime: 100, Name: 5 }] })).toEqual({
      Count: 3,
      Devices: [{ Id: 1, Uptime: 100, Name: '5' }],
    });
    expect(normalizeInfraTexts('text')).toBe('text');
    expect(normalizeInfraTexts({ Devices: 'x' })).toEqual({ Devices: 'x' });
  });
});
