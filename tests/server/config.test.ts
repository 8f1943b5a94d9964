import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 7 * 24 * 3600,
      logLevel: 'info',
      mqttTcpPort: 1883,
      simDrones: 12,
      simCenter: { lat: 22.54, lng: 113.95 },
      simSeed: 1,
      simOsdHz: 2,
      simDetectionS: 300,
      skipConsoleBuild: false,
      shutdownTimeoutMs: 10_000,
      wsCloseGraceMs: 1_000,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/skydeck',
      ADMIN_PASSWORD: 'abc123',
      ACCESS_TOKEN_TTL: '60',
      MQTT_WS_URL: 'wss://broker.example/mqtt',
      SIM_CENTER: '31.2, 121.5',
      SIM_OSD_HZ: '0.5',
      SIM_DETECTION_S: '4',
      SHUTDOWN_TIMEOUT_MS: '25000',
      WS_CLOSE_GRACE_MS: '250',
    });
    expect(config).toMatchObject({
      port: 9000,
      adminPassword: 'abc123',
      accessTokenTtlSeconds: 60,
      simOsdHz: 0.5,
      simDetectionS: 4,
      shutdownTimeoutMs: 25_000,
      wsCloseGraceMs: 250,
    });
    expect(config.simCenter).toEqual({ lat: 31.2, lng: 121.5 });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['ADMIN_PASSWORD', 'short'],
    ['ADMIN_PASSWORD', 'thirteen-char'],
    ['LOG_LEVEL', 'loud'],
    ['SIM_CENTER', '22.5'],
    ['SIM_OSD_HZ', '0'],
    ['SIM_DETECTION_S', '-1'],
    ['TOKEN_SECRET', 'too-short'],
    ['MQTT_URL', 'not a url'],
    ['WS_CLOSE_GRACE_MS', '-5'],
    ['WS_CLOSE_GRACE_MS', 'soon'],
  ])('refuses %s=%s with an error naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}: `));
  });
});
