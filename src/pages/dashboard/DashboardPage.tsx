/**
 * The workbench (`/dashboard`): the live fleet on a map with counters and a legend, a device list,
 * the selected aircraft's or dock's panel, and the active alarms. Data comes from the telemetry
 * bridge; this page only loads the project's device list and keeps the selection. On a phone the
 * columns stack: the map on top, the list below it, and the panel as a sheet over the bottom.
 */
import { useCallback, useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { exportPdf } from '../../lib/exportPdf.ts';
import { useAccountState } from '../../state/account.ts';
import { useFleetDevices } from '../../fleet/load/useFleetDevices.ts';
import { useTelemetryBridge } from '../../telemetry/useTelemetryBridge.ts';
import { AlarmFeed } from './AlarmFeed.tsx';
import { FleetCounters } from './FleetCounters.tsx';
import { FleetSidebar } from './FleetSidebar.tsx';
import { MapLegend } from './map/MapLegend.tsx';
import { WorkbenchMap } from './map/WorkbenchMap.tsx';
import { SelectedPanel } from './SelectedPanel.tsx';
import './dashboard.css';
// After the desktop rules, which it overrides on narrow screens.
import './phone.css';

/** The workbench page (default export: the router lazy-loads it). */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useTelemetryBridge();
  const { load, retry } = useFleetDevices();
  // The selection belongs to the workspace it was made in: after a switch nothing is selected.
  const workspaceId = useAccountState().workspace?.id ?? null;
  const [selection, setSelection] = useState<{ workspace: number | null; sn: string | null }>({
    workspace: workspaceId,
    sn: null,
  });
  const selected = selection.workspace === workspaceId ? selection.sn : null;
  const [follow, setFollow] = useState(false);
  const page = useRef<HTMLDivElement>(null);
  const stopFollow = useCallback(() => setFollow(false), []);
  const select = useCallback(
    (sn: string | null) => {
      setSelection({ workspace: workspaceId, sn });
      if (sn === null) setFollow(false);
    },
    [workspaceId],
  );
  const report = (): void => {
    // Spec §8: a failed export is dropped silently.
    if (page.current !== null) exportPdf(page.current).catch(() => undefined);
  };
  return (
    <div
      className={`wb-workbench${selected === null ? '' : ' wb-has-selection'}`}
      ref={page}
      data-testid="workbench"
    >
      <div className="wb-toolbar">
        <FleetCounters />
        <Button
          icon="document"
          text={t('exportReport')}
          onClick={report}
          data-testid="export-report"
        />
      </div>
      <div className="wb-body">
        <FleetSidebar load={load} retry={retry} selected={selected} onSelect={select} />
        {/* The report shows the map as drawn on screen, so its box keeps its on-screen height. */}
        <div className="wb-map" data-testid="workbench-map" data-report="keep-height">
          <WorkbenchMap
            selected={selected}
            follow={follow}
            onSelect={select}
            onStopFollow={stopFollow}
          />
          <MapLegend />
        </div>
        <div className="wb-side">
          <SelectedPanel
            selected={selected}
            follow={follow}
            onFollow={setFollow}
            onSelect={select}
          />
          <AlarmFeed onSelect={select} />
        </div>
      </div>
    </div>
  );
}
