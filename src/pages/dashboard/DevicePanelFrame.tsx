/** The frame of a device side panel: the aside, its header, and a readout that jumps to a linked device. */
import type { ReactNode } from 'react';
import { Button } from '@blueprintjs/core';
import { deviceCell } from '../../fleet/fleet.ts';
import { PanelHeader } from './PanelHeader.tsx';
import { Readout } from './Readout.tsx';
import type { PanelDevice } from './usePanelDevice.ts';

interface FrameProps {
  device: PanelDevice;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}

/** The panel's aside with the device's header above `children`. */
export function DevicePanelFrame({ device, testId, onClose, children }: FrameProps) {
  const { sn, info, status, live, now } = device;
  return (
    <aside className="wb-panel" data-testid={testId} data-sn={sn}>
      <PanelHeader
        sn={sn}
        name={info?.name ?? sn}
        status={status}
        live={live}
        now={now}
        onClose={onClose}
      />
      {children}
    </aside>
  );
}

interface LinkProps {
  label: string;
  sn: string;
  testId: string;
  onSelect: (sn: string) => void;
}

/** A readout naming a linked device (a dock's aircraft, an aircraft's dock); a click selects it. */
export function LinkedDevice({ label, sn, testId, onSelect }: LinkProps) {
  return (
    <Readout
      label={label}
      value={
        <Button variant="minimal" size="small" onClick={() => onSelect(sn)}>
          {deviceCell(sn).info?.name ?? sn}
        </Button>
      }
      testId={testId}
    />
  );
}
