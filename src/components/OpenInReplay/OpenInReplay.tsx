/**
 * "Open in replay" for a row or a page elsewhere in the console: an AI alarm, an audit-log entry, a
 * device, a flight run (see replayLink.ts). Shown only to roles whose menu holds the replay. A plain
 * click opens the replay among the console's tabs; a modified one as the browser does.
 */
import { AnchorButton } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskExecution } from '../../../protocol/tasks.ts';
import { navigateTo } from '../../app/shellApi.ts';
import { clock } from '../../lib/clock.ts';
import { useAccountState } from '../../state/account.ts';
import { canOpenReplay, recentTarget, replayLink, runTarget } from './replayLink.ts';
import type { ReplayTarget } from './replayLink.ts';

/** Aircraft domain of the device list (protocol §1.1). */
const AIRCRAFT_DOMAIN = 0;

interface Props {
  /** Where to open, read again at the click: targets such as "the last hour" move with the clock. */
  target: () => ReplayTarget | null;
  /** Icon only, its words in the tooltip (a narrow table cell). */
  compact?: boolean;
  /** What the tooltip says the link shows. */
  hint?: 'moment' | 'recent' | 'run';
  testId?: string;
}

export function OpenInReplay({ target, compact = false, hint = 'moment', testId }: Props) {
  const { t } = useTranslation('openInReplay');
  const { menus } = useAccountState();
  const linkNow = () => {
    const at = target();
    return at === null ? null : replayLink(at);
  };
  const address = canOpenReplay(menus) ? linkNow() : null;
  if (address === null) return null;
  const open = (e: MouseEvent) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigateTo(linkNow() ?? address);
  };
  return (
    <AnchorButton
      variant="minimal"
      icon="play"
      href={address}
      text={compact ? undefined : t('label')}
      aria-label={t('label')}
      title={t(hint)}
      data-testid={testId ?? 'open-in-replay'}
      onClick={open}
    />
  );
}

/** The link of an audit-log row: its moment, and the device it names if it is one of the project's. */
export function OpenLogInReplay({
  entry,
}: {
  entry: { created_at: string; target: string; target_name: string };
}) {
  const { devices } = useAccountState();
  // DRC entries name the aircraft (target name) and its dock (target); device entries the device.
  const named = [entry.target_name, entry.target];
  const sn = named.find((s) => s !== '' && devices.some((d) => d.device_sn === s)) ?? null;
  return <OpenInReplay compact target={() => ({ at: entry.created_at, sn })} />;
}

/**
 * The link of a device row: its last hour up to now, that device (and its dock or aircraft) alone.
 * Only for the current project's devices: the replay shows one project, and refuses a device of
 * another by name.
 */
export function OpenDeviceInReplay({ sn }: { sn: string }) {
  const { devices } = useAccountState();
  if (!devices.some((d) => d.device_sn === sn)) return null;
  return <OpenInReplay hint="recent" target={() => recentTarget(sn, clock.now())} />;
}

/**
 * The link of a flight run (the task's run list, the run's own page); nothing for a run that never
 * took off. Without a known aircraft it names the project's aircraft of the run's dock.
 */
export function OpenRunInReplay({
  run,
  aircraftSn,
  compact = false,
}: {
  run: Pick<TaskExecution, 'dock_sn' | 'started_at' | 'ended_at'>;
  aircraftSn?: string | null;
  compact?: boolean;
}) {
  const { devices } = useAccountState();
  const aircraft =
    aircraftSn ??
    devices.find((d) => d.gateway_sn === run.dock_sn && d.domain === AIRCRAFT_DOMAIN)?.device_sn ??
    null;
  return (
    <OpenInReplay
      compact={compact}
      hint="run"
      testId="run-replay"
      target={() => runTarget(run, aircraft, clock.now())}
    />
  );
}
