import { CODE_ERROR } from '../../protocol/http.ts';
import { ApiError } from './ApiError.ts';
import type { ClientDeps } from './clientDeps.ts';
import type { Outcome } from './clientTransport.ts';

/** The Chinese text of the "wayline file does not exist" message (spec §8). */
const WAYLINE_MISSING = '航线文件不存在';

/**
 * The client's error rules (spec §8): which answers are refusals, the words the user gets for them,
 * the toast, and the `ApiError` the caller's promise rejects with.
 */
export function createClientErrors(
  deps: Pick<ClientDeps, 'notifyError' | 'forgetWayline' | 'text'>,
) {
  function messageOf(msg: unknown): string {
    if (typeof msg === 'string' && msg !== '') return msg;
    if (typeof msg === 'object' && msg !== null && 'message' in msg) {
      const inner = msg.message;
      if (typeof inner === 'string' && inner !== '') return inner;
    }
    return deps.text.unknownError;
  }

  function fail(message: string, status: number, code: number | null, toast = true): never {
    if (toast) deps.notifyError(message);
    throw new ApiError(message, status, code);
  }

  function settle(out: Outcome, quiet = false): unknown {
    const code = typeof out.body?.code === 'number' ? out.body.code : null;
    if (out.status >= 500) fail(deps.text.serverError, out.status, code, !quiet);
    if (code === CODE_ERROR) {
      const message = messageOf(out.body?.msg);
      if (message.includes(WAYLINE_MISSING)) deps.forgetWayline();
      fail(message, out.status, code, !quiet);
    }
    if (out.status < 200 || out.status >= 300) {
      fail(messageOf(out.body?.msg), out.status, code, !quiet);
    }
    return out.body?.data;
  }

  /** One attempt; one that got no answer at all (offline, timed out) rejects with its reason. */
  async function reach(attempt: () => Promise<Outcome>, quiet = false): Promise<Outcome> {
    try {
      return await attempt();
    } catch (error) {
      const message = error instanceof Error ? error.message : deps.text.unknownError;
      return fail(message, 0, null, !quiet);
    }
  }

  return { messageOf, fail, settle, reach };
}
