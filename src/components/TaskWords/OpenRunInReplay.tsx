/**
 * "Open in replay" for one run: the fleet replay at that flight, a minute either side, the aircraft
 * selected and the cursor at take-off. Shared by the task's run list and the run's own page; shown
 * only to roles whose menu holds the replay (the page and its API refuse the others), and only for a
 * run that took off.
 */
import { AnchorButton } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskExecution } from '../../../protocol/tasks.ts';
import { navigateTo, permittedRoutes } from '../../app/shellApi.ts';
import { clock } from '../../lib/clock.ts';
import { useAccountState } from '../../state/account.ts';
import { REPLAY_PATH, runReplayAddress } from './runReplay.ts';

/** Aircraft domain of the device list (protocol §1.1). */
const AIRCRAFT_DOMAIN = 0;

interface Props {
  run: Pick<TaskExecution, 'dock_sn' | 'started_at' | 'ended_at'>;
  /** The run's aircraft when the caller knows it; else the project's aircraft of the run's dock. */
  aircraftSn?: string | null;
  /** Icon only, its words in the tooltip (a narrow table cell). */
  compact?: boolean;
}

export function OpenRunInReplay({ run, aircraftSn, compact = false }: Props) {
  const { t } = useTranslation('taskWords');
  const { menus, devices } = useAccountState();
  if (!permittedRoutes(menus).some((route) => route.path === REPLAY_PATH)) return null;
  const aircraft =
    aircraftSn ??
    devices.find((d) => d.gateway_sn === run.dock_sn && d.domain === AIRCRAFT_DOMAIN)?.device_sn ??
    null;
  // A run in the air is replayed up to the moment the link is followed.
  const address = runReplayAddress(run, aircraft, clock.now());
  if (address === null) return null;
  const open = (e: MouseEvent) => {
    // A plain click stays in the console's tabs; a modified one opens the address as the browser does.
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigateTo(runReplayAddress(run, aircraft, clock.now()) ?? address);
  };
  return (
    <AnchorButton
      variant="minimal"
      icon="play"
      href={address}
      text={compact ? undefined : t('replay.open')}
      aria-label={t('replay.open')}
      title={t('replay.title')}
      data-testid="run-replay"
      onClick={open}
    />
  );
}
