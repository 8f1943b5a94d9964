/**
 * The `mqtt_broker` block of `drc_mode_enter` (protocol §5.1): where the dock connects for DRC and
 * with what. The password is an HMAC of the dock, the expiry and the server's secret, so it cannot be
 * reused past `expire_time` or for another dock. The broker accepts it while the DRC session lasts
 * (drcGrants.ts) and lets it publish the dock's `drc/up` and subscribe its `drc/down`, nothing else.
 *
 * The username and client id are the dock's serial number with a prefix, never the bare serial
 * number: the dock's own connection already uses that client id (a broker drops the older of two
 * connections with one id), and the username must not resolve to the dock's device account. The
 * username holds `:`, which console usernames cannot, so it names no user either; the client id
 * holds `-`, which serial numbers cannot, and no `:`, so no device or console may claim it.
 */
import { createHmac } from 'node:crypto';
import type { Config } from '../config.ts';

export interface DrcBrokerBlock {
  address: string;
  client_id: string;
  username: string;
  password: string;
  /** Unix seconds. */
  expire_time: number;
  enable_tls: boolean;
}

const DRC_USERNAME_PREFIX = 'drc:';
/** The username a dock signs in with for DRC. */
export const drcBrokerUsername = (dockSn: string): string => `${DRC_USERNAME_PREFIX}${dockSn}`;
/** The dock of a DRC username, or undefined for any other username. */
export const dockOfDrcUsername = (username: string): string | undefined =>
  username.startsWith(DRC_USERNAME_PREFIX) ? username.slice(DRC_USERNAME_PREFIX.length) : undefined;
/** The client id a dock connects with for DRC. */
export const drcBrokerClientId = (dockSn: string): string => `drc-${dockSn}`;

/** `host:port` a dock reaches the broker at, and whether it is TLS. */
function brokerAddress(config: Config): { address: string; tls: boolean } {
  if (config.mqttUrl) {
    const url = new URL(config.mqttUrl);
    const tls = url.protocol === 'mqtts:' || url.protocol === 'tls:' || url.protocol === 'wss:';
    return { address: `${url.hostname}:${url.port || (tls ? '8883' : '1883')}`, tls };
  }
  const host = config.publicUrl ? new URL(config.publicUrl).hostname : config.host;
  return { address: `${host}:${String(config.mqttTcpPort)}`, tls: false };
}

/** Credentials for `dockSn` valid until `expiresAtMs`. */
export function drcBrokerBlock(
  config: Config,
  secret: string,
  dockSn: string,
  expiresAtMs: number,
): DrcBrokerBlock {
  const expire = Math.floor(expiresAtMs / 1000);
  const { address, tls } = brokerAddress(config);
  return {
    address,
    client_id: drcBrokerClientId(dockSn),
    username: drcBrokerUsername(dockSn),
    password: createHmac('sha256', secret)
      .update(`skydeck:drc:${dockSn}:${String(expire)}`)
      .digest('hex'),
    expire_time: expire,
    enable_tls: tls,
  };
}
