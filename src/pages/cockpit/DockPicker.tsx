/**
 * What a bare /drone_ctl (no `sn`) offers: the project's docks, those that can be flown now first,
 * each opening the cockpit for it (`/drone_ctl?sn=<dock>`). Docks that cannot be flown are shown
 * greyed with the reason.
 */
import { Button, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../app/shellApi.ts';
import { useNow } from '../../lib/useNow.ts';
import { fleetEntries, useFleetSerials } from '../../fleet/fleet.ts';
import type { FleetLoad } from '../../fleet/load/useFleetDevices.ts';
import { dockChoices, type DockChoice } from './dockChoices.ts';
import './dockPicker.css';

/** Readiness is judged from the data's age: re-judged this often (ms). */
const RECHECK_MS = 2_000;
const COCKPIT_PATH = '/drone_ctl';

function DockRow({ choice }: { choice: DockChoice }) {
  const { t } = useTranslation('cockpit');
  const ready = choice.readiness === 'ready';
  return (
    <li>
      <button
        type="button"
        className="dc-pick"
        data-testid="dock-pick"
        data-sn={choice.dockSn}
        data-readiness={choice.readiness}
        disabled={!ready}
        onClick={() => navigateTo(`${COCKPIT_PATH}?sn=${encodeURIComponent(choice.dockSn)}`)}
      >
        <span className="dc-pick-main">
          <span className="dc-pick-name">{choice.dockName}</span>
          <span className="dc-pick-sub">
            {choice.aircraftSn === null
              ? choice.dockSn
              : t('picker.carries', { dock: choice.dockSn, aircraft: choice.aircraftName })}
          </span>
        </span>
        <Tag minimal={!ready} intent={ready ? 'success' : 'none'}>
          {t(`picker.readiness.${choice.readiness}`)}
        </Tag>
      </button>
    </li>
  );
}

/** The dock list of the cockpit's landing; `load` is the project device list's loading state. */
export function DockPicker({ load, onRetry }: { load: FleetLoad; onRetry: () => void }) {
  const { t } = useTranslation('cockpit');
  useFleetSerials();
  const now = useNow(RECHECK_MS);
  const choices = dockChoices(fleetEntries(), now);
  const toWorkbench = (
    <Button
      icon="dashboard"
      text={t('picker.toWorkbench')}
      onClick={() => navigateTo('/dashboard')}
    />
  );
  let body;
  if (choices.length > 0)
    body = (
      <ul className="dc-picks">
        {choices.map((choice) => (
          <DockRow key={choice.dockSn} choice={choice} />
        ))}
      </ul>
    );
  else if (load.status === 'loading')
    body = <NonIdealState icon={<Spinner />} title={t('loadingDevices')} />;
  else if (load.status === 'error')
    body = (
      <NonIdealState
        icon="error"
        title={t('devicesFailed')}
        description={load.message}
        action={<Button text={t('retry')} onClick={onRetry} />}
      />
    );
  else body = <NonIdealState icon="airplane" title={t('picker.empty')} action={toWorkbench} />;
  const ready = choices.filter((c) => c.readiness === 'ready').length;
  return (
    <div className="dc-picker bp6-dark" data-testid="dock-picker">
      <div className="dc-picker-panel">
        <h2 className="dc-picker-title">{t('picker.title')}</h2>
        <p className="dc-picker-hint">
          {choices.length > 0 && ready === 0 ? t('picker.noneReady') : t('picker.hint')}
        </p>
        {body}
      </div>
    </div>
  );
}
