import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaFile } from '../../../protocol/media.ts';
import { formatTime } from '../../lib/time.ts';
import { fetchFlightMedia } from '../../api/subtasks.ts';

/** The photos of the flight as thumbnails, with a link to them in the media library. */
export function SubtaskMedia({ workspaceId, flightId }: { workspaceId: number; flightId: string }) {
  const { t } = useTranslation('subtasksInfo');
  const [files, setFiles] = useState<{ key: string; rows: MediaFile[] } | null>(null);
  const key = `${String(workspaceId)}:${flightId}`;
  useEffect(() => {
    let alive = true;
    fetchFlightMedia(workspaceId, flightId)
      .then((rows) => alive && setFiles({ key, rows }))
      .catch(() => alive && setFiles({ key, rows: [] }));
    return () => {
      alive = false;
    };
  }, [workspaceId, flightId, key]);
  const rows = files?.key === key ? files.rows : [];
  return (
    <div className="sd-subtask-media" data-testid="subtask-media">
      <AnchorButton
        variant="minimal"
        icon="media"
        text={t('openMedia')}
        href={`/resources?flight_id=${encodeURIComponent(flightId)}`}
      />
      {rows.length === 0 ? (
        <NonIdealState icon="media" title={t('noMedia')} />
      ) : (
        <div className="sd-subtask-photos">
          {rows.map((f) => (
            <figure key={f.id}>
              <img src={f.thumb_url} alt={f.name} loading="eager" />
              <figcaption>{`${f.name} · ${formatTime(f.shot_at)}`}</figcaption>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
}
