import { isIP } from 'node:net';

/**
 * Which reverse proxies may tell us the client's address (`X-Forwarded-For`), in the shapes Fastify's
 * `trustProxy` accepts: `false` (none: the address is the TCP peer's), a hop count, or the proxies'
 * addresses and subnets.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole ranges of addresses. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 16;

function isAddressOrSubnet(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Reads `TRUST_PROXY`: unset, `0` or `false` → off; a whole number → that many proxy hops in front
 * of us; otherwise a comma-separated list of proxy addresses, subnets (`10.0.0.0/8`) or the names
 * `loopback`, `linklocal`, `uniquelocal`. `true` is refused on purpose: trusting every hop lets any
 * client write its own address into the audit log and past the sign-in throttle.
 * Returns the value, or an error text for `ConfigError`.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_HOPS ? hops : { error: `at most ${MAX_HOPS} proxy hops, got "${raw}"` };
  }
  if (value.toLowerCase() === 'true')
    return { error: 'give the number of proxy hops or the proxy addresses, not "true"' };
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrSubnet(entry));
  if (bad !== undefined)
    return { error: `"${bad}" is not an address, a subnet or loopback/linklocal/uniquelocal` };
  return entries;
}

/**
 * The value for Fastify's `trustProxy`. A hop count becomes a function of the hop's position,
 * because Fastify's own number form trusts no hop at all. A hop count trusts whoever connects, so
 * the server must be reachable only through the proxies; addresses are the safer form.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return trust === 0 ? false : (_address, hop) => hop < trust;
}
