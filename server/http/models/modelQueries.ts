/** Reads of the model registry, always within a set of workspaces. */
import type {
  AiModel,
  DeployState,
  AiModelVersion,
  ModelDeployment,
  ModelTarget,
} from '../../../protocol/models.ts';
import type { Db } from '../../db/Db.ts';
import { Where, like } from '../where.ts';
import type { ListQuery } from './modelSchemas.ts';

const MODEL_COLUMNS = `m.id, m.workspace_id, w.name as workspace_name, m.name, m.task_type, m.enabled,
  m.created_by, m.created_at, m.updated_at,
  lv.version as latest_version, coalesce(lv.classes, '[]'::jsonb) as classes,
  (select count(*)::int from ai_model_versions v where v.model_id = m.id) as version_count,
  (select count(*)::int from ai_model_deployments d where d.model_id = m.id and d.state = 'deployed')
    as deployed_count`;
const MODEL_FROM = `ai_models m join workspaces w on w.id = m.workspace_id
  left join lateral (select version, classes from ai_model_versions v where v.model_id = m.id
                     order by v.id desc limit 1) lv on true`;

type Row = Omit<AiModel, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };
const asModel = (r: Row): AiModel => ({
  ...r,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** One page of models, newest change first. */
export async function listModels(db: Db, scope: readonly number[], q: ListQuery) {
  const where = new Where([scope])
    .raw('m.workspace_id = any($1::int[])')
    .add('m.workspace_id = ?', q.workspace_id)
    .add('m.name ilike ?', like(q.name))
    .add('m.task_type = ?', q.task_type);
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from ai_models m ${where.toString()}`,
    where.params,
  );
  const limit = where.next(q.size);
  const skip = where.next((q.current - 1) * q.size);
  const rows = await db.query<Row>(
    `select ${MODEL_COLUMNS} from ${MODEL_FROM} ${where.toString()}
     order by m.updated_at desc, m.id desc limit ${limit} offset ${skip}`,
    where.params,
  );
  return { list: rows.map(asModel), total: count?.n ?? 0 };
}

/** A model within `scope`, or undefined. */
export async function modelById(
  db: Db,
  scope: readonly number[],
  id: number,
): Promise<AiModel | undefined> {
  const [row] = await db.query<Row>(
    `select ${MODEL_COLUMNS} from ${MODEL_FROM} where m.id = $1 and m.workspace_id = any($2::int[])`,
    [id, scope],
  );
  return row ? asModel(row) : undefined;
}

type VersionRow = Omit<AiModelVersion, 'created_at' | 'size'> & {
  created_at: Date;
  size: string | number;
};

export async function versionsOf(db: Db, modelId: number): Promise<AiModelVersion[]> {
  const rows = await db.query<VersionRow>(
    `select id, model_id, version, framework, input_width, input_height, classes, threshold, notes,
       size, sha256, onnx, created_by, created_at
     from ai_model_versions where model_id = $1 order by id desc`,
    [modelId],
  );
  return rows.map((r) => ({
    ...r,
    threshold: Number(r.threshold.toFixed(3)),
    size: Number(r.size),
    created_at: r.created_at.toISOString(),
  }));
}

type DeploymentRow = Omit<ModelDeployment, 'updated_at'> & { updated_at: Date };

/** The newest deployment of each device for the model (what each device runs or is getting). */
export async function deploymentsOf(db: Db, modelId: number): Promise<ModelDeployment[]> {
  const rows = await db.query<DeploymentRow>(
    `select distinct on (d.device_sn) d.id, d.version_id, v.version, d.device_sn,
       coalesce(dev.name, '') as device_name, d.gateway_sn, d.state, d.progress, d.result, d.reason,
       d.created_by, d.updated_at
     from ai_model_deployments d
     join ai_model_versions v on v.id = d.version_id
     left join devices dev on dev.device_sn = d.device_sn
     where d.model_id = $1
     order by d.device_sn, d.id desc`,
    [modelId],
  );
  return rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
}

/** Deployments by id (the answer of a deploy). */
export async function deploymentsById(db: Db, ids: readonly number[]): Promise<ModelDeployment[]> {
  const rows = await db.query<DeploymentRow>(
    `select d.id, d.version_id, v.version, d.device_sn, coalesce(dev.name, '') as device_name,
       d.gateway_sn, d.state, d.progress, d.result, d.reason, d.created_by, d.updated_at
     from ai_model_deployments d
     join ai_model_versions v on v.id = d.version_id
     left join devices dev on dev.device_sn = d.device_sn
     where d.id = any($1::int[]) order by d.id`,
    [ids],
  );
  return rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
}

/** Aircraft and docks of `workspaceId`, with the model each runs or is getting now. */
export async function targetsOf(db: Db, workspaceId: number): Promise<ModelTarget[]> {
  const rows = await db.query<{
    device_sn: string;
    name: string;
    domain: number;
    gateway_sn: string | null;
    online: boolean;
    model: string | null;
    version: string | null;
    state: DeployState;
  }>(
    `select dev.device_sn, dev.name, dev.domain, dev.gateway_sn, dev.online,
       cur.model, cur.version, cur.state
     from devices dev
     left join lateral (
       select m.name as model, v.version, d.state from ai_model_deployments d
       join ai_model_versions v on v.id = d.version_id join ai_models m on m.id = d.model_id
       where d.device_sn = dev.device_sn and d.state not in ('replaced', 'removed')
       order by d.id desc limit 1) cur on true
     where dev.workspace_id = $1 and dev.domain in (0, 3)
     order by dev.domain, dev.device_sn`,
    [workspaceId],
  );
  return rows.map((r) => ({
    device_sn: r.device_sn,
    name: r.name,
    domain: r.domain,
    gateway_sn: r.gateway_sn ?? r.device_sn,
    online: r.online,
    current:
      r.model !== null && r.version !== null
        ? { model: r.model, version: r.version, state: r.state }
        : null,
  }));
}
