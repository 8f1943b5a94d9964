/** The gateway → aircraft link around one device, read from its project's device list. */
import { useEffect, useState } from 'react';
import type { Device } from '../../../protocol/http.ts';
import { listDevices } from '../../api/devices.ts';

/** The server's largest page: one call covers a project's devices. */
const PROJECT_PAGE_SIZE = 1_000;

export interface Topology {
  /** The gateway (dock or remote controller) the device hangs under, when it has one. */
  gateway: Device | null;
  /** The devices hanging under this device when it is a gateway. */
  children: Device[];
}

/** Loads the device's project once per device; `null` while loading or when the call failed. */
export function useTopology(device: Device): Topology | null {
  const [answer, setAnswer] = useState<{ sn: string; topology: Topology } | null>(null);
  const { device_sn: sn, gateway_sn: gatewaySn, workspace_id: workspaceId } = device;
  useEffect(() => {
    let current = true;
    listDevices({ workspace_id: workspaceId, current: 1, size: PROJECT_PAGE_SIZE }).then(
      (page) => {
        const gateway = page.data.find((d) => d.device_sn === gatewaySn) ?? null;
        const children = page.data.filter((d) => d.gateway_sn === sn);
        if (current) setAnswer({ sn, topology: { gateway, children } });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [sn, gatewaySn, workspaceId]);
  return answer?.sn === sn ? answer.topology : null;
}
