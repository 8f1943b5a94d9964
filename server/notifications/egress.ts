/**
 * Where notification channels may send. A project admin types the webhook, robot and SMTP addresses,
 * so without a check the server would connect wherever they point: its own loopback services, the
 * cloud's metadata endpoint (169.254.169.254, Alibaba Cloud's 100.100.100.200), the site's private
 * network. Only public addresses are reached unless the operator allows more (`NOTIFY_ALLOW_PRIVATE`,
 * `NOTIFY_ALLOW_HOSTS`). A name is checked when a channel is saved and again at every connection,
 * because DNS may answer differently later; the connection then goes to the very addresses checked.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { LookupFunction } from 'node:net';

/** What the operator allows beyond public addresses. */
export interface EgressPolicy {
  /** `NOTIFY_ALLOW_PRIVATE`: every address (a closed network whose hooks all live inside). */
  allowPrivate: boolean;
  /** Host names of `NOTIFY_ALLOW_HOSTS`, lower case: allowed whatever they resolve to. */
  hosts: ReadonlySet<string>;
  /** Addresses and subnets of `NOTIFY_ALLOW_HOSTS`. */
  nets: BlockList;
}

type Family = 'ipv4' | 'ipv6';

/**
 * Addresses that are not somebody's public server: this host, link-local (cloud metadata), the
 * private and carrier-grade NAT ranges (Alibaba's metadata sits in 100.64/10), unique-local IPv6,
 * multicast, and the reserved and documentation blocks. IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is
 * matched against the IPv4 rows by `BlockList` itself; NAT64 is unwrapped in `isPublicAddress`.
 */
const RESERVED: readonly (readonly [string, number, Family])[] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network": 0.0.0.0 reaches this host on Linux
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 3, 'ipv4'], // multicast, reserved and broadcast
  ['::', 96, 'ipv6'], // unspecified, loopback and the retired IPv4-compatible form
  ['100::', 64, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const reserved = new BlockList();
for (const [net, prefix, family] of RESERVED) reserved.addSubnet(net, prefix, family);

/** NAT64's well-known prefix: its last 32 bits are an IPv4 address the gateway connects to. */
const nat64 = new BlockList();
nat64.addSubnet('64:ff9b::', 96, 'ipv6');

const familyOf = (address: string): Family | null => {
  const n = isIP(address);
  return n === 4 ? 'ipv4' : n === 6 ? 'ipv6' : null;
};

/** The IPv4 address inside a NAT64 address, from its canonical (compressed) text. */
function unwrapNat64(address: string): string {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const groups = canonical.split(':').slice(-2);
  const bytes = groups.flatMap((g) => {
    const n = g === '' ? 0 : parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  return bytes.join('.');
}

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = familyOf(address);
  if (family === null) return false;
  if (family === 'ipv6' && nat64.check(address, 'ipv6'))
    return isPublicAddress(unwrapNat64(address));
  return !reserved.check(address, family);
}

/** A host name or address as compared: lower case, without IPv6 brackets or a trailing dot. */
export function bareHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/** Whether the policy lets a connection to `host` go to `address`. */
export function allows(policy: EgressPolicy, host: string, address: string): boolean {
  if (policy.allowPrivate || policy.hosts.has(bareHost(host))) return true;
  const family = familyOf(address);
  if (family !== null && policy.nets.check(address, family)) return true;
  return isPublicAddress(address);
}

/** Why a connection was not made: the host and the address it would have reached. */
export class EgressRefused extends Error {
  readonly code = 'EGRESS_REFUSED';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    const what = bareHost(host) === address ? address : `${bareHost(host)} (${address})`;
    super(`refused: ${what} is not a public address; NOTIFY_ALLOW_HOSTS may allow it`);
    this.name = 'EgressRefused';
  }
}

/** The first of `addresses` the policy refuses for `host`, as an error; null when all pass. */
function refusal(
  policy: EgressPolicy,
  host: string,
  addresses: readonly LookupAddress[],
): EgressRefused | null {
  const bad = addresses.find((a) => !allows(policy, host, a.address));
  return bad ? new EgressRefused(host, bad.address) : null;
}

/**
 * A `lookup` for `net`/`http` connections that resolves every address of the name and refuses the
 * connection when any of them is not allowed (a name answering one public and one private address
 * must not get a second chance at the private one).
 */
export function guardedLookup(policy: EgressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(
      hostname,
      { family: options.family, hints: options.hints, all: true },
      (error, all) => {
        if (error) return callback(error, '', 0);
        const refused = refusal(policy, hostname, all);
        if (refused) return callback(refused, '', 0);
        const [first] = all;
        if (options.all) return callback(null, all);
        if (!first) return callback(new Error(`${hostname}: no address`), '', 0);
        return callback(null, first.address, first.family);
      },
    );
  };
}

/** Longest wait for a save-time lookup; a name that does not answer is checked again when used. */
const SAVE_LOOKUP_MS = 3_000;

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve([]), SAVE_LOOKUP_MS);
    dnsLookup(host, { all: true }, (error, all) => {
      clearTimeout(timer);
      resolve(error ? [] : all);
    });
  });
}

/**
 * Checks `host` (a name or an address) as a channel is saved: null when allowed, else the refusal.
 * A name that does not resolve now is let through: it is checked again at every delivery.
 */
export async function checkHost(policy: EgressPolicy, host: string): Promise<EgressRefused | null> {
  const bare = bareHost(host);
  if (policy.allowPrivate || policy.hosts.has(bare)) return null;
  const family = isIP(bare);
  const addresses =
    family === 0 ? await resolveAll(bare) : [{ address: bare, family } satisfies LookupAddress];
  return refusal(policy, bare, addresses);
}

/** An IP literal `host` the policy refuses (connections to literals skip `lookup`), else null. */
export function refusedLiteral(policy: EgressPolicy, host: string): EgressRefused | null {
  const bare = bareHost(host);
  return isIP(bare) !== 0 && !allows(policy, bare, bare) ? new EgressRefused(bare, bare) : null;
}

/**
 * Reads `NOTIFY_ALLOW_HOSTS`: comma-separated host names, addresses and subnets (`10.0.0.0/8`).
 * Returns the entries, or the first bad one's error text for `ConfigError`.
 */
export function parseAllowHosts(raw: string | undefined): string[] | { error: string } {
  const entries = (raw ?? '')
    .split(',')
    .map(bareHost)
    .filter((e) => e !== '');
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const name =
      /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;
    const okSubnet =
      family !== 0 &&
      rest.length === 0 &&
      (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)));
    if (!okSubnet && !(bits === undefined && name.test(entry)))
      return { error: `"${entry}" is not a host name, an address or a subnet` };
  }
  return entries;
}

/** The policy of the operator's settings (see `Config.notifyEgress`). */
export function egressPolicy(settings: {
  allowPrivate: boolean;
  allowHosts: readonly string[];
}): EgressPolicy {
  const hosts = new Set<string>();
  const nets = new BlockList();
  for (const entry of settings.allowHosts) {
    const [address = '', bits] = entry.split('/');
    const family = familyOf(address);
    if (family === null) hosts.add(bareHost(entry));
    else if (bits === undefined) nets.addAddress(address, family);
    else nets.addSubnet(address, Number(bits), family);
  }
  return { allowPrivate: settings.allowPrivate, hosts, nets };
}

/** The policy when the operator allows nothing more: public addresses only. */
export const PUBLIC_ONLY: EgressPolicy = egressPolicy({ allowPrivate: false, allowHosts: [] });
