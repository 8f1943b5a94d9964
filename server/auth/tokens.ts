import { jwtVerify, SignJWT } from 'jose';

/** Who an access token speaks for. */
export interface AccessClaims {
  userId: number;
  roleId: number;
  workspaceId: number;
  /** The user's `token_version` when the token was signed (see tokenVersions.ts); absent means 0. */
  tokenVersion?: number;
  /**
   * The refresh-token family (one sign-in session) the token was issued to: signing out ends the
   * family, and with it this token (see tokenVersions.ts). Absent in tokens signed before families
   * were named; those end with their short lifetime.
   */
  familyId?: string;
}

/**
 * The claims of a verified token: the version is always known (tokens without one count as 0), the
 * family when the token names one.
 */
export type VerifiedClaims = Required<Omit<AccessClaims, 'familyId'>> &
  Pick<AccessClaims, 'familyId'>;

/** Longest family id accepted in a token (ours are UUIDs). */
const MAX_FAMILY_ID = 64;

const ALGORITHM = 'HS256';
const ISSUER = 'skydeck';

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * Signs a short-lived HS256 access token carrying `sub`, `rid`, `wid`, `ver`, `fam` (when the claims
 * name a family) and `typ: 'access'`.
 */
export function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<string> {
  const ver = claims.tokenVersion ?? 0;
  const fam = claims.familyId === undefined ? {} : { fam: claims.familyId };
  return new SignJWT({ rid: claims.roleId, wid: claims.workspaceId, ver, ...fam, typ: 'access' })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key(secret));
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/**
 * Checks an access token's signature, expiry and type. Returns its claims, or null for any token that
 * is not a valid, unexpired Skydeck access token. (The MQTT broker calls this for console users.)
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
    });
    const userId = Number(payload.sub);
    const { rid, wid, typ, ver = 0, fam } = payload;
    if (typ !== 'access' || !isId(userId) || !isId(rid) || !isId(wid)) return null;
    if (typeof ver !== 'number' || !Number.isInteger(ver) || ver < 0) return null;
    const claims = { userId, roleId: rid, workspaceId: wid, tokenVersion: ver };
    if (fam === undefined) return claims;
    if (typeof fam !== 'string' || fam === '' || fam.length > MAX_FAMILY_ID) return null;
    return { ...claims, familyId: fam };
  } catch {
    return null;
  }
}
