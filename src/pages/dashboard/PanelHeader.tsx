/** The head of a side panel: status dot, name, serial number, status, data age and close. */
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { dataAgeMs, QUIET_AFTER_MS } from '../../fleet/derive/deviceStatus.ts';
import type { DeviceTelemetry } from '../../../protocol/telemetry.ts';
import type { RowStatus } from '../../fleet/derive/deviceState.ts';
import { useAge } from './useFormat.ts';

interface Props {
  sn: string;
  name: string;
  status: RowStatus;
  live: DeviceTelemetry | null;
  now: number;
  onClose: () => void;
}

/** Name and state of the panel's device. */
export function PanelHeader({ sn, name, status, live, now, onClose }: Props) {
  const { t } = useTranslation('dashboard');
  const age = useAge();
  const ageMs = live === null ? null : dataAgeMs(live, now);
  return (
    <>
      <header className="wb-panel-head">
        <span className={`wb-dot wb-status-${status}`} />
        <span className="wb-panel-title">{name}</span>
        <Button
          icon="cross"
          variant="minimal"
          size="small"
          aria-label={t('panel.close')}
          onClick={onClose}
        />
      </header>
      <div className="wb-panel-sub">
        {sn} · {t(`status.${status}`)}
        {ageMs !== null && ageMs > QUIET_AFTER_MS && (
          <span className="wb-row-age"> · {t('age', { age: age(ageMs) })}</span>
        )}
      </div>
    </>
  );
}
