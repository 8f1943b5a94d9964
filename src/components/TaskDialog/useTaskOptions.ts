import { useEffect, useState } from 'react';
import type { Device } from '../../../protocol/http.ts';
import type { Wayline } from '../../../protocol/waylines.ts';
import { listAccountDevices } from '../../api/devices.ts';
import { listWaylines } from '../../api/waylines.ts';

/** Model triple domain of a dock. */
const DOCK_DOMAIN = 3;

/** The routes and docks of a project, for the create dialog's pickers. */
export function useTaskOptions(workspaceId: number | null): {
  waylines: Wayline[];
  docks: Device[];
} {
  const [options, setOptions] = useState<{ waylines: Wayline[]; docks: Device[] }>({
    waylines: [],
    docks: [],
  });
  useEffect(() => {
    if (workspaceId === null) return;
    let current = true;
    Promise.all([
      listWaylines({ workspace_id: workspaceId, current: 1, size: 500 }),
      listAccountDevices(workspaceId),
    ])
      .then(([waylines, devices]) => {
        if (!current) return;
        const docks = devices.rows.filter((d) => d.domain === DOCK_DOMAIN);
        setOptions({ waylines: waylines.data, docks });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [workspaceId]);
  return options;
}
