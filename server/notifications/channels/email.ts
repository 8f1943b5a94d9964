/**
 * E-mail through the channel's SMTP server (nodemailer): the message as plain text, one mail to the
 * whole to-list. `tls` speaks TLS from the first byte (port 465), `starttls` insists on the upgrade
 * (587), `none` never upgrades (a relay inside the site's network, which the operator then allows:
 * the SMTP host is fenced like every channel's address, see egress.ts).
 */
import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { EmailConfig } from '../../../protocol/notifications.ts';
import type { EgressPolicy } from '../egress.ts';
import { bareHost, guardedLookup } from '../egress.ts';
import { plainOf } from '../format.ts';
import type { AttemptResult, Outbound } from './types.ts';
import { ATTEMPT_TIMEOUT_MS } from './types.ts';

/**
 * The address to connect to: the host's addresses are resolved and checked here, and nodemailer is
 * handed the checked one (with the name kept for TLS), so it cannot resolve the name again to
 * somewhere else.
 */
function checkedAddress(policy: EgressPolicy, host: string): Promise<string> {
  const lookup = guardedLookup(policy);
  return new Promise((resolve, reject) => {
    lookup(bareHost(host), { all: false }, (error, address) => {
      if (error) reject(error);
      else resolve(typeof address === 'string' ? address : (address[0]?.address ?? ''));
    });
  });
}

interface SmtpFailure {
  message?: unknown;
  responseCode?: unknown;
}

/** Sends one try. */
export async function sendEmail(config: EmailConfig, out: Outbound): Promise<AttemptResult> {
  let address: string;
  try {
    address = await checkedAddress(out.egress, config.host);
  } catch (error) {
    const refused = error instanceof Error && error.name === 'EgressRefused';
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, statusCode: null, error: message.slice(0, 300), retry: !refused };
  }
  const named = isIP(bareHost(config.host)) === 0;
  const transport = nodemailer.createTransport({
    host: address,
    // TLS checks the certificate against the name the admin typed, not the address it resolved to.
    ...(named ? { tls: { servername: bareHost(config.host) } } : {}),
    port: config.port,
    secure: config.security === 'tls',
    requireTLS: config.security === 'starttls',
    ignoreTLS: config.security === 'none',
    ...(config.user === '' ? {} : { auth: { user: config.user, pass: config.password } }),
    connectionTimeout: ATTEMPT_TIMEOUT_MS,
    greetingTimeout: ATTEMPT_TIMEOUT_MS,
    socketTimeout: ATTEMPT_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: config.from,
      to: config.to,
      subject: out.message.title,
      text: plainOf(out.message),
      headers: { 'X-Skydeck-Delivery': String(out.deliveryId) },
    });
    return { ok: true, statusCode: 250, error: '', retry: false };
  } catch (error) {
    const failure = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
    const code = typeof failure.responseCode === 'number' ? failure.responseCode : null;
    const message = typeof failure.message === 'string' ? failure.message : String(error);
    // A 5xx reply is the server's final word (unknown recipient, refused sender); a 4xx or no reply
    // at all (connection refused, timeout) may pass later.
    return {
      ok: false,
      statusCode: code,
      error: message.slice(0, 300),
      retry: code === null || code < 500,
    };
  } finally {
    transport.close();
  }
}
