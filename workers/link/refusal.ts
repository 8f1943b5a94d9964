/**
 * Broker refusals, which retrying with the same credentials cannot fix. CONNACK return codes 4 and 5
 * are MQTT 3.1.1's bad user name or password and not authorised; 0x86, 0x87 and 0x8C are MQTT 5's
 * equivalents (bad user name or password, not authorised, bad authentication method).
 */
const REFUSED_CONNACK_CODES: ReadonlySet<number> = new Set([4, 5, 0x86, 0x87, 0x8c]);

/** SUBACK codes at or above 0x80 refuse a subscription (MQTT 3.1.1 §3.9.3, MQTT 5 §3.9.3). */
export const SUBACK_FAILURE = 0x80;

/** True when a connection error is the broker refusing the credentials. */
export function isCredentialRefusal(error: Error): boolean {
  const code: unknown = 'code' in error ? error.code : undefined;
  return typeof code === 'number' && REFUSED_CONNACK_CODES.has(code);
}

/** The per-topic SUBACK codes carried by a failed subscribe, when the client attached them. */
export function grantedCodes(error: unknown): number[] | null {
  if (typeof error !== 'object' || error === null || !('packet' in error)) return null;
  const packet: unknown = error.packet;
  if (typeof packet !== 'object' || packet === null || !('granted' in packet)) return null;
  const granted: unknown = packet.granted;
  return Array.isArray(granted) && granted.every((c) => typeof c === 'number') ? granted : null;
}
