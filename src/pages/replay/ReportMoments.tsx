/**
 * The moments chosen for the PDF report: the button that adds the cursor's moment (a copy of the map
 * as drawn), and each moment chosen, removable.
 */
import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/time.ts';
import type { ReportMoment } from './replayReport.ts';

interface Props {
  moments: readonly ReportMoment[];
  onAdd: () => void;
  onRemove: (t: number) => void;
  /** The map is there and nothing is being copied. */
  ready: boolean;
  max: number;
}

export function ReportMoments({ moments, onAdd, onRemove, ready, max }: Props) {
  const { t } = useTranslation('replay');
  return (
    <span className="replay-moments" data-testid="replay-moments">
      <Button
        icon="camera"
        text={t('toolbar.moment')}
        title={t('toolbar.momentTitle')}
        disabled={!ready || moments.length >= max}
        onClick={onAdd}
        data-testid="replay-moment"
      />
      {moments.map((m) => {
        const time = formatTime(m.t);
        return (
          // A button of our own rather than the tag's, whose label Blueprint has only in English.
          <Tag key={m.t} minimal round data-testid="replay-moment-tag">
            {time.slice(11)}
            <Button
              variant="minimal"
              size="small"
              icon="small-cross"
              aria-label={t('toolbar.removeMoment', { time })}
              onClick={() => onRemove(m.t)}
            />
          </Tag>
        );
      })}
    </span>
  );
}
