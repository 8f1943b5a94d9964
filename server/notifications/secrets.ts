/**
 * Channel secrets (signing keys, SMTP passwords, robot URLs that carry a token) are stored in full
 * and answered masked. An edit that sends a field back as it was answered keeps the stored value, so
 * the console can send the whole form without ever holding the secret.
 */
import type { ChannelConfigs, ChannelKind } from '../../protocol/notifications.ts';
import { SECRET_FIELDS } from '../../protocol/notifications.ts';

const DOTS = '••••••';

/** A secret text masked: empty stays empty; long ones keep their last four characters. */
function maskText(value: string): string {
  if (value === '') return '';
  return value.length >= 16 ? `${DOTS}${value.slice(-4)}` : DOTS;
}

/**
 * A robot URL masked where its token is: the query's values and the path's last segment, keeping
 * the host visible so the console still shows where messages go.
 */
function maskUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return maskText(value);
  }
  const segments = url.pathname.split('/');
  const last = segments.length - 1;
  if (url.search === '' && (segments[last] ?? '') !== '')
    segments[last] = maskText(segments[last] ?? '');
  const query = [...url.searchParams.keys()].map((k) => `${k}=${DOTS}`).join('&');
  return `${url.protocol}//${url.host}${segments.join('/')}${query === '' ? '' : `?${query}`}`;
}

type AnyConfig = Record<string, unknown>;

/** The value of secret field `field` as the API answers it. */
function masked(field: string, value: string): string {
  return field === 'url' ? maskUrl(value) : maskText(value);
}

/** `config` with its secret fields masked. */
export function maskConfig<K extends ChannelKind>(
  kind: K,
  config: ChannelConfigs[K],
): ChannelConfigs[K] {
  const out: AnyConfig = { ...(config as unknown as AnyConfig) };
  for (const field of SECRET_FIELDS[kind] as readonly string[]) {
    const value = out[field];
    if (typeof value === 'string') out[field] = masked(field, value);
  }
  return out as unknown as ChannelConfigs[K];
}

/**
 * The config to store after an edit: each secret field sent absent, or exactly as it was answered
 * (masked), keeps its stored value; anything else replaces it.
 */
export function mergeSecrets<K extends ChannelKind>(
  kind: K,
  incoming: Partial<ChannelConfigs[K]>,
  stored: ChannelConfigs[K] | null,
): Partial<ChannelConfigs[K]> {
  const out: AnyConfig = { ...(incoming as unknown as AnyConfig) };
  if (stored === null) return out as Partial<ChannelConfigs[K]>;
  const old = stored as unknown as AnyConfig;
  for (const field of SECRET_FIELDS[kind] as readonly string[]) {
    const kept = old[field];
    if (typeof kept !== 'string') continue;
    const sent = out[field];
    if (sent === undefined || sent === masked(field, kept)) out[field] = kept;
  }
  return out as Partial<ChannelConfigs[K]>;
}
