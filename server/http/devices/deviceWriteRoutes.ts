import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Device, DeviceAdded } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { SN_PATTERN } from '../../../protocol/mqtt/topics.ts';
import { sha256 } from '../../auth/refreshTokens.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError, notFound } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { id } from '../schemas.ts';
import { requireInScope, scopedWorkspaceOf } from '../scope.ts';
import { findDevice } from './deviceQueries.ts';
import { rememberDeviceSecret } from '../../mqtt/deviceSecrets.ts';

const sn = z
  .string()
  .trim()
  .min(1)
  .max(64)
  // The serial number is the device's MQTT identity: it must fit the protocol's topic pattern.
  .regex(SN_PATTERN, 'letters and digits only');
const small = z.number().int().min(0).max(1000);
const addBody = z.object({
  device_sn: sn,
  name: z.string().trim().max(64).optional(),
  domain: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  type: small,
  sub_type: small,
  model_name: z.string().trim().max(64).optional(),
  workspace_id: id,
  gateway_sn: sn.nullable().optional(),
  firmware_version: z.string().trim().max(64).optional(),
});
const editBody = z.object({
  device_sn: sn,
  name: z.string().trim().max(64).optional(),
  workspace_id: id.optional(),
});
// Spec §7: the console sends `workspace_id` plus the device's fields; the serial number decides.
const delBody = z.object({ device_sn: sn, workspace_id: id.optional() });

async function nameOf(db: Db, deviceSn: string): Promise<string> {
  const row = await queryOne<{ name: string }>(
    db,
    'select name from devices where device_sn = $1',
    [deviceSn],
  );
  return row?.name ?? deviceSn;
}

/** Device add (with its one-time secret), edit and delete. */
export function registerDeviceWriteRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const reply = async (deviceSn: string): Promise<Device> => {
    const device = await findDevice(db, deviceSn);
    if (!device) throw notFound('device');
    return device;
  };

  app.post(
    API.deviceAdd,
    { config: { access: 'device:add' }, schema: { body: addBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'device', action: 'add', target: b.device_sn };
      const secret = randomBytes(32).toString('base64url');
      await runChange(deps, request, label, async (tx, caller) => {
        await requireInScope(caller, b.workspace_id, 'workspace');
        // Serial numbers are unique everywhere; the answer does not say in which workspace it is.
        if (await queryOne(tx, 'select 1 from devices where device_sn = $1', [b.device_sn]))
          throw new ApiError(409, 'conflict.device_sn', { value: b.device_sn });
        await tx.query(
          `insert into devices (device_sn, name, domain, type, sub_type, model_name, workspace_id, gateway_sn,
           firmware_version, secret_hash, bound_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())`,
          [
            b.device_sn,
            b.name ?? b.device_sn,
            b.domain,
            b.type,
            b.sub_type,
            b.model_name ?? '',
            b.workspace_id,
            b.gateway_sn ?? null,
            b.firmware_version ?? '',
            sha256(secret),
          ],
        );
        // Kept sealed for an external broker that checks device passwords itself (Mosquitto).
        await rememberDeviceSecret(tx, deps.tokenSecret, b.device_sn, secret);
        await audit(tx, request, { ...label, targetName: b.name ?? b.device_sn });
      });
      deps.events.changed({ kind: 'device', sn: b.device_sn });
      return ok<DeviceAdded>(request, { ...(await reply(b.device_sn)), device_secret: secret });
    },
  );

  app.post(
    API.deviceEdit,
    { config: { access: 'device:edit' }, schema: { body: editBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'device', action: 'edit', target: b.device_sn };
      await runChange(deps, request, label, async (tx, caller) => {
        await scopedWorkspaceOf(tx, caller, 'devices', { column: 'device_sn', value: b.device_sn });
        if (b.workspace_id !== undefined) await requireInScope(caller, b.workspace_id, 'workspace');
        const before = await nameOf(tx, b.device_sn);
        await tx.query(
          'update devices set name = coalesce($2, name), workspace_id = coalesce($3, workspace_id), updated_at = now() where device_sn = $1',
          [b.device_sn, b.name ?? null, b.workspace_id ?? null],
        );
        await audit(tx, request, { ...label, targetName: before, detail: JSON.stringify(b) });
      });
      if (b.workspace_id !== undefined) deps.events.changed({ kind: 'device', sn: b.device_sn });
      return ok<Device>(request, await reply(b.device_sn));
    },
  );

  app.post(
    API.deviceDel,
    { config: { access: 'device:del' }, schema: { body: delBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'device', action: 'del', target: b.device_sn };
      await runChange(deps, request, label, async (tx, caller) => {
        await scopedWorkspaceOf(tx, caller, 'devices', { column: 'device_sn', value: b.device_sn });
        const before = await nameOf(tx, b.device_sn);
        await tx.query('delete from devices where device_sn = $1', [b.device_sn]);
        await audit(tx, request, { ...label, targetName: before });
      });
      deps.events.changed({ kind: 'device', sn: b.device_sn });
      return ok(request, null);
    },
  );
}
