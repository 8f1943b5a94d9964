/**
 * The in-process simulator's on-board model store in the server's database (`sim_onboard_models`):
 * the simulated aircraft remember their models across restarts, like real ones.
 */
import type { Db } from '../../db/Db.ts';
import type { OnboardStore, SimModel } from './deployedModels.ts';

function isModel(v: unknown): v is SimModel {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  return (
    typeof m.modelId === 'number' &&
    typeof m.name === 'string' &&
    typeof m.version === 'string' &&
    typeof m.threshold === 'number' &&
    Array.isArray(m.classes) &&
    m.classes.every((c) => typeof c === 'string')
  );
}

export function onboardDbStore(db: Db): OnboardStore {
  return {
    async load(aircraftSns) {
      const rows = await db.query<{ aircraft_sn: string; model: unknown }>(
        'select aircraft_sn, model from sim_onboard_models where aircraft_sn = any($1::text[])',
        [aircraftSns],
      );
      const out = new Map<string, SimModel>();
      for (const r of rows) if (isModel(r.model)) out.set(r.aircraft_sn, r.model);
      return out;
    },
    async save(aircraftSn, model) {
      if (model === null)
        await db.query('delete from sim_onboard_models where aircraft_sn = $1', [aircraftSn]);
      else
        await db.query(
          `insert into sim_onboard_models (aircraft_sn, model) values ($1, $2::jsonb)
           on conflict (aircraft_sn) do update set model = excluded.model, updated_at = now()`,
          [aircraftSn, JSON.stringify(model)],
        );
    },
  };
}
