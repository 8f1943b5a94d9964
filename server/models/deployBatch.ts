/**
 * One deploy of a version to devices, shared by the deploy route and the simulated fleet's start:
 * the rows are written (pending) inside the caller's transaction, then the services go out and each
 * reply moves its row (deployStates.ts).
 */
import type { ModelDeployData } from '../../protocol/models.ts';
import { MODEL_DEPLOY_CODES, MODEL_DEPLOY_METHOD } from '../../protocol/models.ts';
import type { Db } from '../db/Db.ts';
import type { DeployLink } from './deployLink.ts';
import { applyReply } from './deployStates.ts';
import { signedModelUrl } from './modelFileLink.ts';

export interface Sending {
  id: number;
  versionId: number;
  gateway: string;
  data: Omit<ModelDeployData, 'url'>;
}

export interface VersionRow {
  id: number;
  model_id: number;
  version: string;
  classes: string[];
  threshold: number;
  sha256: string;
  size: string | number;
  input_width: number;
  input_height: number;
  model_name: string;
  workspace_id: number;
  enabled: boolean;
}

/** The version `id` with its model's name, workspace and enabled flag (locks the model). */
export async function versionForDeploy(
  tx: Db,
  id: number,
  scope: readonly number[],
): Promise<VersionRow | undefined> {
  const [v] = await tx.query<VersionRow>(
    `select v.id, v.model_id, v.version, v.classes, v.threshold, v.sha256, v.size, v.input_width,
       v.input_height, m.name as model_name, m.workspace_id, m.enabled
     from ai_model_versions v join ai_models m on m.id = v.model_id
     where v.id = $1 and m.workspace_id = any($2::int[]) for update of m`,
    [id, scope],
  );
  return v;
}

/** Inserts one pending row per device; answers what to send. */
export async function createDeployments(
  tx: Db,
  v: VersionRow,
  devices: readonly { device_sn: string; gateway_sn: string | null }[],
  username: string,
): Promise<Sending[]> {
  const out: Sending[] = [];
  for (const d of devices) {
    // An aircraft is reached through its dock; a gateway through itself.
    const gateway = d.gateway_sn ?? d.device_sn;
    const [row] = await tx.query<{ id: number }>(
      `insert into ai_model_deployments (model_id, version_id, workspace_id, device_sn, gateway_sn,
         created_by) values ($1, $2, $3, $4, $5, $6) returning id`,
      [v.model_id, v.id, v.workspace_id, d.device_sn, gateway, username],
    );
    if (!row) throw new Error('deployment not inserted');
    out.push({
      id: row.id,
      versionId: v.id,
      gateway,
      data: {
        deploy_id: row.id,
        sn: d.device_sn,
        model_id: v.model_id,
        model_name: v.model_name,
        version: v.version,
        sha256: v.sha256,
        size: Number(v.size),
        classes: v.classes,
        threshold: Number(v.threshold.toFixed(3)),
        input_size: [v.input_width, v.input_height],
      },
    });
  }
  return out;
}

/** Sends each service and records its reply; never rejects. */
export async function sendDeployments(
  db: Db,
  tokenSecret: string,
  openLink: () => Promise<DeployLink>,
  batch: readonly Sending[],
): Promise<void> {
  let open: DeployLink;
  try {
    open = await openLink();
  } catch {
    for (const s of batch) await applyReply(db, s.id, MODEL_DEPLOY_CODES.noReply);
    return;
  }
  await Promise.all(
    batch.map(async (s) => {
      const url = signedModelUrl(tokenSecret, open.httpBase, s.versionId, Date.now());
      const reply = await open.link.call(s.gateway, MODEL_DEPLOY_METHOD, { ...s.data, url });
      await applyReply(db, s.id, reply.result);
    }),
  );
}
