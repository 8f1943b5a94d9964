import { createHmac } from 'node:crypto';

/**
 * Secrets of the server's own MQTT accounts (ingestion, DRC, model deploys, live video) and of the
 * simulated gateways, derived from the token secret: every instance sharing a `TOKEN_SECRET` agrees
 * on them, and nothing new has to be stored.
 */
export function derivedSecret(tokenSecret: string, purpose: string): string {
  return createHmac('sha256', tokenSecret).update(`skydeck:${purpose}`).digest('hex');
}
