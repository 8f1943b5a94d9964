import { jwtVerify, SignJWT } from 'jose';

/** Who an access token speaks for. */
export interface AccessClaims {
  userId: number;
  roleId: number;
  workspaceId: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'skydeck';

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Signs a short-lived HS256 access token carrying `sub`, `rid`, `wid` and `typ: 'access'`. */
export function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ rid: claims.roleId, wid: claims.workspaceId, typ: 'access' })
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
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
    });
    const userId = Number(payload.sub);
    const { rid, wid, typ } = payload;
    if (typ !== 'access' || !isId(userId) || !isId(rid) || !isId(wid)) return null;
    return { userId, roleId: rid, workspaceId: wid };
  } catch {
    return null;
  }
}
