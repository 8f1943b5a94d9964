/**
 * The simulated fleet's models at start. The simulated aircraft keep their models on board across
 * restarts (`sim_onboard_models`), and an aircraft without a model detects nothing. Once the fleet
 * is online: at the very first start a default detector is registered and deployed to every
 * simulated aircraft (so `npm start` shows AI alarms out of the box); at later starts only an
 * aircraft whose on-board store is empty although the deployments say it runs a model (a database
 * from before that store) is sent that version again.
 */
import { createHash } from 'node:crypto';
import { MODEL_DEPLOY_METHOD } from '../../protocol/models.ts';
import type { Db } from '../db/Db.ts';
import type { AppDeps, ZodApp } from '../http/context.ts';
import { createDeployments, sendDeployments, versionForDeploy } from './deployBatch.ts';
import type { DeployLink } from './deployLink.ts';
import { DEFAULT_DETECTOR, defaultDetectorOnnx } from './defaultDetector.ts';
import { readOnnx } from './readOnnx.ts';

const CHECK_EVERY_MS = 3_000;
/** After this long the start gives up waiting for aircraft still offline and serves the rest. */
const WAIT_ALL_MS = 60_000;
const GIVE_UP_MS = 180_000;
const SYSTEM = 'system';

interface Aircraft {
  device_sn: string;
  gateway_sn: string | null;
  workspace_id: number;
}

/** Registers the default detector once ever; answers its version id, or null when already done. */
async function seedDefault(deps: AppDeps, workspaceId: number): Promise<number | null> {
  const [done] = await deps.db.query('select 1 from ai_model_seed');
  if (done) return null;
  const bytes = defaultDetectorOnnx();
  const facts = readOnnx(bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = `models/${sha256.slice(0, 2)}/${sha256}-default.onnx`;
  await deps.storage.put(key, bytes, 'application/octet-stream');
  const d = DEFAULT_DETECTOR;
  return deps.db.tx(async (tx) => {
    const [first] = await tx.query<{ id: number }>(
      'insert into ai_model_seed (id) values (1) on conflict do nothing returning id',
    );
    if (!first) return null;
    const [model] = await tx.query<{ id: number }>(
      `insert into ai_models (workspace_id, name, task_type, created_by) values ($1, $2, 'detection', $3)
       on conflict (workspace_id, name) do nothing returning id`,
      [workspaceId, d.name, SYSTEM],
    );
    if (!model) return null;
    const [version] = await tx.query<{ id: number }>(
      `insert into ai_model_versions (model_id, version, input_width, input_height, classes,
         threshold, notes, file_key, size, sha256, onnx, created_by)
       values ($1, $2, 640, 640, $3::jsonb, $4, $5, $6, $7, $8, $9::jsonb, $10) returning id`,
      [
        model.id,
        d.version,
        JSON.stringify(d.classes),
        d.threshold,
        d.notes,
        key,
        bytes.length,
        sha256,
        JSON.stringify(facts),
        SYSTEM,
      ],
    );
    return version?.id ?? null;
  });
}

/**
 * The version each aircraft last ran, when its model is still enabled, for aircraft that kept no
 * model on board.
 */
async function lastRun(db: Db, sns: readonly string[]) {
  return db.query<{ device_sn: string; version_id: number }>(
    `select distinct on (d.device_sn) d.device_sn, d.version_id
     from ai_model_deployments d join ai_models m on m.id = d.model_id
     where d.device_sn = any($1::text[]) and d.state = 'deployed' and m.enabled
       and not exists (select 1 from sim_onboard_models o where o.aircraft_sn = d.device_sn)
     order by d.device_sn, d.id desc`,
    [sns],
  );
}

async function redeploy(
  deps: AppDeps,
  openLink: () => Promise<DeployLink>,
  aircraft: readonly Aircraft[],
): Promise<void> {
  const [first] = aircraft;
  if (!first) return;
  const seeded = await seedDefault(deps, first.workspace_id);
  const last = new Map(
    (
      await lastRun(
        deps.db,
        aircraft.map((a) => a.device_sn),
      )
    ).map((r) => [r.device_sn, r.version_id]),
  );
  // The default goes only to aircraft nobody has deployed anything to yet: a deploy someone made
  // while the fleet was still coming online is theirs and stays.
  const taken = new Set(
    seeded === null
      ? []
      : (
          await deps.db.query<{ device_sn: string }>(
            `select distinct device_sn from ai_model_deployments
             where device_sn = any($1::text[]) and created_by <> $2`,
            [aircraft.map((a) => a.device_sn), SYSTEM],
          )
        ).map((r) => r.device_sn),
  );
  const byVersion = new Map<number, Aircraft[]>();
  for (const a of aircraft) {
    const versionId = last.get(a.device_sn) ?? (taken.has(a.device_sn) ? null : seeded);
    if (versionId === null) continue;
    byVersion.set(versionId, [...(byVersion.get(versionId) ?? []), a]);
  }
  for (const [versionId, targets] of byVersion) {
    const batch = await deps.db.tx(async (tx) => {
      const v = await versionForDeploy(tx, versionId, [
        ...new Set(targets.map((t) => t.workspace_id)),
      ]);
      // Only aircraft still in the model's workspace get it again.
      const here = targets.filter((t) => t.workspace_id === v?.workspace_id);
      if (!v || here.length === 0) return [];
      const rows = await createDeployments(tx, v, here, SYSTEM);
      await tx.query(
        `insert into audit_logs (user_id, username, module, action, target, target_name, ip, result, detail)
         values (null, $1, 'model', $2, $3, $4, '', 'success', $5)`,
        [
          SYSTEM,
          MODEL_DEPLOY_METHOD,
          `v${String(v.id)}`,
          `${v.model_name} ${v.version}`,
          `simulated fleet start: to ${here.map((t) => t.device_sn).join(', ')}`.slice(0, 500),
        ],
      );
      return rows;
    });
    await sendDeployments(deps.db, deps.tokenSecret, openLink, batch);
  }
}

/** Starts watching for the simulated fleet to come online (nothing when there is no fleet). */
export function simFleetModels(
  app: ZodApp,
  deps: AppDeps,
  openLink: () => Promise<DeployLink>,
  sns: readonly string[],
): void {
  if (sns.length === 0) return;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  app.addHook('preClose', (done) => {
    stopped = true;
    clearTimeout(timer);
    done();
  });
  const check = async () => {
    const online = await deps.db.query<Aircraft>(
      `select device_sn, gateway_sn, workspace_id from devices
       where device_sn = any($1::text[]) and online and gateway_sn is not null order by device_sn`,
      [sns],
    );
    const waited = Date.now() - started;
    if (online.length === sns.length || (online.length > 0 && waited > WAIT_ALL_MS)) {
      await redeploy(deps, openLink, online);
      return true;
    }
    return waited > GIVE_UP_MS;
  };
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void check()
        .catch((error: unknown) => {
          if (!stopped) app.log.warn(`simulated fleet models: ${String(error)}`);
          return true;
        })
        .then((done) => {
          if (!done) next();
        });
    }, CHECK_EVERY_MS);
    timer.unref();
  };
  next();
}
