/**
 * Registers the simulated fleet's devices in a project on first start, so they appear in the device
 * list and their online state is real. Devices already registered are left as they are.
 */
import type { Db } from '../db/Db.ts';
import { hashDeviceSecret } from '../mqtt/brokerAuth.ts';
import type { SimDeviceDef, SimUnitDef } from './fleet.ts';
import { simSecret } from './fleet.ts';

function row(d: SimDeviceDef, workspaceId: number, gatewaySn: string | null, secretHash: string) {
  return [
    d.sn,
    d.name,
    d.domain,
    d.type,
    d.subType,
    d.modelName,
    workspaceId,
    gatewaySn,
    d.firmware,
    secretHash,
  ];
}

/** Inserts the docks and aircraft of `fleet` into workspace `workspaceId`; returns how many were new. */
export async function registerSimFleet(
  db: Db,
  workspaceId: number,
  fleet: SimUnitDef[],
  secretKey: string,
): Promise<number> {
  const rows = fleet.flatMap((u) => [
    row(u.dock, workspaceId, null, hashDeviceSecret(simSecret(u.dock.sn, secretKey))),
    // Aircraft connect through their dock and never sign in themselves: no secret.
    row(u.aircraft, workspaceId, u.dock.sn, ''),
  ]);
  const column = (i: number) => rows.map((r) => r[i]);
  const inserted = await db.query<{ device_sn: string }>(
    `insert into devices (device_sn, name, domain, type, sub_type, model_name, workspace_id, gateway_sn,
       firmware_version, secret_hash, bound_at)
     select sn, name, domain, type, sub_type, model_name, workspace_id, gateway_sn, firmware, secret_hash, now()
     from unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::int[],
       $8::text[], $9::text[], $10::text[])
       as t(sn, name, domain, type, sub_type, model_name, workspace_id, gateway_sn, firmware, secret_hash)
     on conflict (device_sn) do nothing
     returning device_sn`,
    Array.from({ length: 10 }, (_, i) => column(i)),
  );
  return inserted.length;
}
