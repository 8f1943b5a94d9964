/**
 * The cockpit's latency-guard thresholds per user (protocol/drc.ts `DRC_API.guard`, migration 0921).
 * Kept on the server because the console's local storage holds only the keys of spec §3, and so they
 * follow the pilot from one browser to the next.
 */
import { z } from 'zod';
import { DRC_API, DRC_GUARD_DEFAULTS, DRC_GUARD_LIMITS } from '../../../protocol/drc.ts';
import type { DrcGuardSettings } from '../../../protocol/drc.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';

const threshold = z.number().int().min(DRC_GUARD_LIMITS.min).max(DRC_GUARD_LIMITS.max);
const guardBody = z.object({ warn_ms: threshold, stop_ms: threshold });

/** Registers `GET` and `POST` of the signed-in user's thresholds. */
export function registerDrcGuardRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  app.get(DRC_API.guard, { config: { access: 'drone_ctl' } }, async (request) => {
    const rows = await db.query<DrcGuardSettings>(
      'select warn_ms, stop_ms from drc_guard_settings where user_id = $1',
      [callerOf(request).userId],
    );
    return ok<DrcGuardSettings>(request, rows[0] ?? DRC_GUARD_DEFAULTS);
  });

  app.post(
    DRC_API.guard,
    { config: { access: 'drone_ctl' }, schema: { body: guardBody } },
    async (request) => {
      const settings: DrcGuardSettings = {
        warn_ms: request.body.warn_ms,
        stop_ms: request.body.stop_ms,
      };
      await runChange(deps, request, { module: 'drc', action: 'edit' }, async (tx, caller) => {
        // Stopping before warning would skip the warning: the stop line must lie above it.
        if (settings.stop_ms <= settings.warn_ms)
          throw new ApiError(400, 'validation.too_small', {
            field: 'stop_ms',
            min: settings.warn_ms + 1,
          });
        await tx.query(
          `insert into drc_guard_settings (user_id, warn_ms, stop_ms) values ($1, $2, $3)
           on conflict (user_id) do update set warn_ms = $2, stop_ms = $3, updated_at = now()`,
          [caller.userId, settings.warn_ms, settings.stop_ms],
        );
        await audit(tx, request, {
          module: 'drc',
          action: 'edit',
          target: caller.username,
          detail: `latency guard: warn=${String(settings.warn_ms)}ms stop=${String(settings.stop_ms)}ms`,
        });
      });
      return ok<DrcGuardSettings>(request, settings);
    },
  );
}
