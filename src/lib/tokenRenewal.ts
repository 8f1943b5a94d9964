/**
 * When to renew an access token. The console reads only the token's own `iat` and `exp` claims (no
 * signature check: the server does that) and counts from the moment it got the token, so a browser
 * clock that is off does not move the renewal.
 */

/** Renew this long before expiry at most, ms. */
const MAX_LEAD_MS = 60_000;
/** …and at least a quarter of the lifetime before it, so short test lifetimes still renew in time. */
const LEAD_SHARE = 0.25;

function claimsOf(token: string): { iat?: unknown; exp?: unknown } | null {
  const part = token.split('.')[1];
  if (part === undefined) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

/**
 * Milliseconds after receiving `token` at which it should be renewed, or `null` when the token
 * carries no readable lifetime (then the broker's refusal is the only signal).
 */
export function renewalDelayMs(token: string): number | null {
  const claims = claimsOf(token);
  if (typeof claims?.iat !== 'number' || typeof claims.exp !== 'number') return null;
  const lifetimeMs = (claims.exp - claims.iat) * 1000;
  if (!(lifetimeMs > 0)) return null;
  return lifetimeMs - Math.min(MAX_LEAD_MS, lifetimeMs * LEAD_SHARE);
}
