import { describe, expect, it } from 'vitest';
import { routeTemplate } from '../../../../src/extract/http/route-template.ts';

describe('routeTemplate', () => {
  it.each([
    ['/Alert/MonitorGroup/0b9c3a8e-4b6f-4f3e-9d2a-6a0c8f1e2d3b', '/Alert/MonitorGroup/{guid}'],
    ['/Alert/Monitor/0B9C3A8E-4B6F-4F3E-9D2A-6A0C8F1E2D3B', '/Alert/Monitor/{guid}'],
    ['/MonitorGroup/0b9c3a8e-4b6f-4f3e-9d2a-6a0c8f1e2d3b/Member', '/MonitorGroup/{guid}/Member'],
    ['/Timezone/56', '/Timezone/{id}'],
    ['/Monitor', '/Monitor'],
    ['/v1/DeviceGroupData?DeviceGroup=12&Take=10', '/v1/DeviceGroupData'],
    ['Account/Settings', '/Account/Settings'],
    ['/MonitorCheck/171193848695', '/MonitorCheck/{id}'],
  ])('%s -> %s', (path, template) => {
    expect(routeTemplate(path)).toBe(template);
  });

  it('recognises a percent-encoded GUID and leaves a stray % alone', () => {
    expect(routeTemplate('/Monitor/0b9c3a8e%2D4b6f-4f3e-9d2a-6a0c8f1e2d3b')).toBe('/Monitor/{guid}');
    expect(routeTemplate('/Monitor/50%')).toBe('/Monitor/50%');
  });

  it('does not take a GUID-like name for a GUID', () => {
    expect(routeTemplate('/Monitor/0b9c3a8e-4b6f-4f3e-9d2a')).toBe('/Monitor/0b9c3a8e-4b6f-4f3e-9d2a');
  });
});
