/**
 * The life of one deployment row: pending (sent) → downloading (the device accepted) → deployed,
 * or failed with the device's result code. Only the gateway a row was sent to can move it, and a
 * row never moves back from a final state, so late or repeated messages change nothing.
 */
import type { Db } from '../db/Db.ts';
import type { Fields } from '../mqtt/decode.ts';
import { MODEL_DEPLOY_CODES } from '../../protocol/models.ts';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The device's answer to the service: accepted, refused with a code, or none (-1). */
export async function applyReply(db: Db, deployId: number, result: number): Promise<void> {
  if (result === 0) {
    await db.query(
      `update ai_model_deployments set state = 'downloading', updated_at = now()
       where id = $1 and state = 'pending'`,
      [deployId],
    );
    return;
  }
  const reason = result === MODEL_DEPLOY_CODES.noReply ? 'no_reply' : 'refused';
  await db.query(
    `update ai_model_deployments set state = 'failed', result = $2, reason = $3, updated_at = now()
     where id = $1 and state in ('pending', 'downloading')`,
    [deployId, result, reason],
  );
}

/** One `ai_model_deploy_progress` event from `gatewaySn`. */
export async function applyProgress(db: Db, gatewaySn: string, data: Fields): Promise<void> {
  const deployId = num(data.deploy_id);
  const status = data.status;
  const progress = Math.max(0, Math.min(100, Math.round(num(data.progress) ?? 0)));
  const result = num(data.result) ?? 0;
  if (deployId === null) return;
  await db.tx(async (tx) => {
    const [row] = await tx.query<{ device_sn: string }>(
      `select device_sn from ai_model_deployments
       where id = $1 and gateway_sn = $2 and state in ('pending', 'downloading') for update`,
      [deployId, gatewaySn],
    );
    if (!row) return;
    if (status === 'downloading')
      await tx.query(
        `update ai_model_deployments set state = 'downloading', progress = $2, updated_at = now()
         where id = $1`,
        [deployId, progress],
      );
    else if (status === 'failed')
      await tx.query(
        `update ai_model_deployments set state = 'failed', result = $2, reason = 'device',
           updated_at = now() where id = $1`,
        [deployId, result],
      );
    else if (status === 'deployed') {
      // A device runs one model: whatever it ran before is replaced.
      await tx.query(
        `update ai_model_deployments set state = 'replaced', updated_at = now()
         where device_sn = $1 and state = 'deployed' and id <> $2`,
        [row.device_sn, deployId],
      );
      await tx.query(
        `update ai_model_deployments set state = 'deployed', progress = 100, result = 0,
           updated_at = now() where id = $1`,
        [deployId],
      );
    }
  });
}
