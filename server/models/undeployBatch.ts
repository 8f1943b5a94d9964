/**
 * Taking a model off devices, shared by the undeploy route and by disabling a model: the rows of the
 * devices that run (or are getting) the model move to `removing` inside the caller's transaction,
 * then each device hears our own `ai_model_undeploy` service; its reply moves the row to `removed`
 * (it dropped the model and detects nothing more), or back to what it was with the code.
 */
import type { ModelUndeployData } from '../../protocol/models.ts';
import { MODEL_DEPLOY_CODES, MODEL_UNDEPLOY_METHOD } from '../../protocol/models.ts';
import type { Db } from '../db/Db.ts';
import type { DeployLink } from './deployLink.ts';

export interface Removing {
  id: number;
  gateway: string;
  /** The state to return to when the device refuses or does not answer. */
  was: string;
  data: ModelUndeployData;
}

/** Marks the model's live rows on `sns` (all its devices when null) as removing; what to send. */
export async function markRemoving(
  tx: Db,
  modelId: number,
  sns: readonly string[] | null,
): Promise<Removing[]> {
  const rows = await tx.query<{ id: number; device_sn: string; gateway_sn: string; state: string }>(
    `select id, device_sn, gateway_sn, state from ai_model_deployments
     where model_id = $1 and state in ('pending', 'downloading', 'deployed', 'removing')
       and ($2::text[] is null or device_sn = any($2::text[]))
     order by id for update`,
    [modelId, sns],
  );
  if (rows.length === 0) return [];
  await tx.query(
    `update ai_model_deployments set state = 'removing', updated_at = now() where id = any($1::int[])`,
    [rows.map((r) => r.id)],
  );
  return rows.map((r) => ({
    id: r.id,
    gateway: r.gateway_sn,
    // A repeated undeploy of a row already removing returns it to deployed on a refusal.
    was: r.state === 'removing' ? 'deployed' : r.state,
    data: { deploy_id: r.id, sn: r.device_sn, model_id: modelId },
  }));
}

/** The device's answer: removed, or back to its state with the code (-1: no reply). */
async function applyUndeployReply(db: Db, r: Removing, result: number): Promise<void> {
  if (result === 0) {
    await db.query(
      `update ai_model_deployments set state = 'removed', updated_at = now()
       where id = $1 and state = 'removing'`,
      [r.id],
    );
    return;
  }
  await db.query(
    `update ai_model_deployments set state = $2, result = $3, reason = $4, updated_at = now()
     where id = $1 and state = 'removing'`,
    [
      r.id,
      r.was,
      result,
      result === MODEL_DEPLOY_CODES.noReply ? 'undeploy_no_reply' : 'undeploy_refused',
    ],
  );
}

/** Sends each undeploy and records its reply; never rejects. */
export async function sendUndeploys(
  db: Db,
  openLink: () => Promise<DeployLink>,
  batch: readonly Removing[],
): Promise<void> {
  if (batch.length === 0) return;
  let open: DeployLink;
  try {
    open = await openLink();
  } catch {
    for (const r of batch) await applyUndeployReply(db, r, MODEL_DEPLOY_CODES.noReply);
    return;
  }
  await Promise.all(
    batch.map(async (r) => {
      const reply = await open.link.call(r.gateway, MODEL_UNDEPLOY_METHOD, { ...r.data });
      await applyUndeployReply(db, r, reply.result);
    }),
  );
}
