import { Card, Checkbox } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MediaFile } from '../../../protocol/media.ts';
import { formatTime } from '../../lib/time.ts';
import { MediaThumb } from './MediaThumb.tsx';
import type { Selection } from './useSelection.ts';

/**
 * The page's files as thumbnail cards. A page holds at most 100 files (the table's largest size)
 * and images load lazily, so the grid is drawn whole rather than virtualised.
 */
export function MediaGrid({
  rows,
  selection,
  onOpen,
}: {
  rows: readonly MediaFile[];
  selection: Selection;
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation('media');
  return (
    <ul className="sd-media-grid" data-testid="media-grid">
      {rows.map((file, index) => (
        <li key={file.id}>
          <Card
            className={`sd-media-card${selection.isPicked(file.id) ? ' sd-media-card--picked' : ''}`}
            data-testid="media-card"
          >
            <button
              type="button"
              className="sd-media-open"
              aria-label={`${t('preview')} ${file.name}`}
              onClick={() => onOpen(index)}
            >
              <MediaThumb file={file} className="sd-media-thumb--card" />
            </button>
            <div className="sd-media-caption">
              <Checkbox
                className="sd-media-pick"
                checked={selection.isPicked(file.id)}
                aria-label={t('selectOne', { name: file.name })}
                onChange={() => selection.toggle(file)}
              />
              <span className="sd-media-name" title={file.name}>
                {file.name}
              </span>
            </div>
            <div className="sd-media-meta">
              {formatTime(file.shot_at)} · {file.device_name || file.device_sn}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
