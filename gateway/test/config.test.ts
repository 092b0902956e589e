import { ConfigError } from '@storecast/service-kit';
import { loadGatewayConfig } from '../src/config';

describe('gateway configuration', () => {
  it.each([
    ['1mb', 1024 * 1024],
    ['512kb', 512 * 1024],
    ['1.5MB', 1.5 * 1024 * 1024],
    ['2048', 2048],
    [' 64kb ', 64 * 1024],
  ])('reads BODY_LIMIT %j as %d bytes', (value, expected) => {
    expect(loadGatewayConfig({ BODY_LIMIT: value }).BODY_LIMIT).toBe(expected);
  });

  it('defaults BODY_LIMIT to 1 MB', () => {
    expect(loadGatewayConfig({}).BODY_LIMIT).toBe(1024 * 1024);
  });

  it.each(['lots', '0', '-1kb', '1 furlong', '1e400'])('refuses BODY_LIMIT %j, naming the variable', (value) => {
    expect(() => loadGatewayConfig({ BODY_LIMIT: value })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ BODY_LIMIT: value })).toThrow(/BODY_LIMIT/);
  });
});
