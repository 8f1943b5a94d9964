/**
 * The workbench (`/dashboard`): the live fleet on a map with counters, a device list, the selected
 * drone's panel and charts, and the alarm feed. Data comes from the telemetry bridge; this page only
 * loads the project's device list and keeps the selection.
 */
import { useCallback, useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { exportPdf } from '../../lib/exportPdf.ts';
import { useFleetDevices } from '../../telemetry/useFleetDevices.ts';
import { useTelemetryBridge } from '../../telemetry/useTelemetryBridge.ts';
import { AlarmFeed } from './AlarmFeed.tsx';
import { DronePanel } from './DronePanel.tsx';
import { FleetCounters } from './FleetCounters.tsx';
import { FleetSidebar } from './FleetSidebar.tsx';
import { WorkbenchMap } from './map/WorkbenchMap.tsx';
import './dashboard.css';

/** The workbench page (default export: the router lazy-loads it). */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useTelemetryBridge();
  const { load, retry } = useFleetDevices();
  const [selected, setSelected] = useState<string | null>(null);
  const [follow, setFollow] = useState(false);
  const page = useRef<HTMLDivElement>(null);
  const stopFollow = useCallback(() => setFollow(false), []);
  const report = (): void => {
    // Spec §8: a failed export is dropped silently.
    if (page.current !== null) exportPdf(page.current).catch(() => undefined);
  };
  return (
    <div className="wb-workbench" ref={page} data-testid="workbench">
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
        <FleetSidebar load={load} retry={retry} selected={selected} onSelect={setSelected} />
        <div className="wb-map" data-testid="workbench-map">
          <WorkbenchMap
            selected={selected}
            follow={follow}
            onSelect={setSelected}
            onStopFollow={stopFollow}
          />
        </div>
        <div className="wb-side">
          {selected === null ? (
            <div className="wb-panel wb-muted">{t('panel.noSelection')}</div>
          ) : (
            <DronePanel
              sn={selected}
              follow={follow}
              onFollow={setFollow}
              onClose={() => setSelected(null)}
            />
          )}
          <AlarmFeed onSelect={setSelected} />
        </div>
      </div>
    </div>
  );
}
