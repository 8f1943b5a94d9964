/** The broker-related settings: the `config` request's answers and the managed-Mosquitto account. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('broker settings', () => {
  it('reads the config-request answers, empty when unset', () => {
    expect(loadConfig({}).deviceConfig).toEqual({
      ntpServerHost: '',
      appId: '',
      appKey: '',
      appLicense: '',
    });
    const config = loadConfig({
      NTP_SERVER_HOST: 'ntp.example.net',
      DJI_APP_ID: '1',
      DJI_APP_KEY: 'k',
      DJI_APP_LICENSE: 'l',
    });
    expect(config.deviceConfig).toEqual({
      ntpServerHost: 'ntp.example.net',
      appId: '1',
      appKey: 'k',
      appLicense: 'l',
    });
  });

  it('takes the dynamic-security administrator only whole and with MQTT_URL', () => {
    const url = 'mqtt://broker:1883';
    expect(loadConfig({ MQTT_URL: url }).mqttDynsec).toBeUndefined();
    expect(
      loadConfig({ MQTT_URL: url, MQTT_DYNSEC_USERNAME: 'a', MQTT_DYNSEC_PASSWORD: 'p' })
        .mqttDynsec,
    ).toEqual({ username: 'a', password: 'p' });
    const error = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        return e instanceof ConfigError ? e.variable : 'other';
      }
      return 'none';
    };
    expect(error({ MQTT_URL: url, MQTT_DYNSEC_USERNAME: 'a' })).toBe('MQTT_DYNSEC_PASSWORD');
    expect(error({ MQTT_DYNSEC_USERNAME: 'a', MQTT_DYNSEC_PASSWORD: 'p' })).toBe(
      'MQTT_DYNSEC_USERNAME',
    );
  });
});
