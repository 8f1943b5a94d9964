/**
 * The `mqtt_broker` block of `drc_mode_enter` (protocol §5.1): where the dock connects for DRC and
 * with what. The password is an HMAC of the dock, the expiry and the server's secret, so it cannot be
 * reused past `expire_time` or for another dock, and nothing has to be stored.
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
    client_id: dockSn,
    username: dockSn,
    password: createHmac('sha256', secret)
      .update(`skydeck:drc:${dockSn}:${String(expire)}`)
      .digest('hex'),
    expire_time: expire,
    enable_tls: tls,
  };
}
