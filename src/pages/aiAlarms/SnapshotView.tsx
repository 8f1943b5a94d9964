import { useTranslation } from 'react-i18next';
import type { AiAlarm } from '../../../protocol/aiAlarms.ts';

/**
 * The snapshot with the detection's box drawn over it. The box is positioned in percent of the
 * picture, so it stays on the object at any size the picture is shown.
 */
export function SnapshotView({ alarm, label }: { alarm: AiAlarm; label: string }) {
  const { t } = useTranslation('aiAlarms');
  if (alarm.snapshot_url === null)
    return <div className="aralm-snapshot aralm-snapshot--empty">{t('noSnapshot')}</div>;
  const box = alarm.box;
  return (
    <figure className="aralm-snapshot" data-testid="alarm-snapshot">
      <img src={alarm.snapshot_url} alt={label} />
      {box && (
        <div
          className="aralm-box"
          data-testid="alarm-box"
          style={{
            left: `${String(box.x * 100)}%`,
            top: `${String(box.y * 100)}%`,
            width: `${String(box.w * 100)}%`,
            height: `${String(box.h * 100)}%`,
          }}
        >
          <span>{`${label} ${String(Math.round(alarm.confidence * 100))}%`}</span>
        </div>
      )}
    </figure>
  );
}
