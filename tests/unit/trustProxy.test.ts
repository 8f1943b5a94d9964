import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { fastifyTrustProxy } from '../../server/auth/trustProxy.ts';

const trustProxyOf = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it('is off by default and with 0 or false', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
  });

  it('reads a hop count and a list of proxy addresses and subnets', () => {
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf(' 10.0.0.1, 10.8.0.0/16 ,::1,loopback')).toEqual([
      '10.0.0.1',
      '10.8.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('refuses "true" and anything that is not an address, naming the variable', () => {
    for (const bad of ['true', 'proxy.local', '10.0.0.0/40', '99']) {
      expect(() => trustProxyOf(bad)).toThrow(ConfigError);
      expect(() => trustProxyOf(bad)).toThrow(/^TRUST_PROXY: /);
    }
  });

  it('trusts exactly the given number of hops nearest to the server', () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
  });
});
