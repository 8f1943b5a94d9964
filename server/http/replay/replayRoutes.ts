/**
 * The replay API: one read of a time window of the project's past (protocol/replay.ts). Reading it
 * needs the replay page (`replay`); the answer covers the caller's workspaces, narrowed to one of
 * them with `workspace_id`, and nothing older than `TRACK_RETENTION_DAYS`.
 */
import { CODE_OK } from '../../../protocol/http.ts';
import { REPLAY_ACCESS, REPLAY_API } from '../../../protocol/replay.ts';
import { trackRetentionDays } from '../../mqtt/trackPartitions.ts';
import { readReplayWindow } from '../../replay/replayWindow.ts';
import { envelopeJson, windowJson } from '../../replay/windowJson.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { message, pickLang } from '../messages.ts';
import { answerWorkspaces } from '../scope.ts';
import { windowOf, windowQuery } from './replaySchemas.ts';

const DAY_MS = 86_400_000;

/** Registers `GET /api/replay/window`. */
export function registerReplayRoutes(app: ZodApp, deps: AppDeps): void {
  // Checked when the server starts (realtime.ts): a bad value never gets this far.
  const retentionDays = trackRetentionDays();
  app.get(
    REPLAY_API.window,
    { config: { access: REPLAY_ACCESS }, schema: { querystring: windowQuery } },
    async (request, reply) => {
      const q = request.query;
      const { from, to } = windowOf(q.from, q.to);
      const workspaces = await answerWorkspaces(deps.db, callerOf(request), q.workspace_id);
      const keptFrom = retentionDays > 0 ? Date.now() - retentionDays * DAY_MS : null;
      const answer = await readReplayWindow(deps.db, {
        workspaces,
        devices: q.device_sn,
        from,
        to,
        width: q.width,
        keptFrom,
      });
      // The answer is written as text (windowJson.ts): the usual envelope, with the tracks' columns
      // as the database wrote them rather than parsed and encoded again.
      const msg = message('ok', pickLang(request.headers['accept-language']));
      return reply
        .type('application/json; charset=utf-8')
        .send(envelopeJson(CODE_OK, msg, windowJson(answer)));
    },
  );
}
