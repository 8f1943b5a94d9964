import { useMemo, useState } from 'react';
import { Button, ButtonGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useFleetDevices } from '../../fleet/load/useFleetDevices.ts';
import { StreamTree } from './StreamTree.tsx';
import { VideoTile } from './VideoTile.tsx';
import { useWall } from './useWall.ts';
import { WALL_SIZES, clear, columnsOf, place, resize } from './wallLayout.ts';
import type { WallSize } from './wallLayout.ts';
import './videoSquare.css';

/** The video wall: 1/4/9/16 tiles of the workspace's cameras, picked from its device tree. */
export default function VideoSquarePage() {
  const { t } = useTranslation('videoWall');
  useFleetDevices();
  const { streams, failed, layout, change, reload } = useWall();
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const byId = useMemo(() => new Map((streams ?? []).map((s) => [s.video_id, s])), [streams]);
  const playing = useMemo(() => new Set(layout?.tiles.filter((x) => x !== null)), [layout]);

  if (!layout || (!streams && !failed)) return <Spinner className="sd-video-square-wait" />;
  const size: WallSize = layout.size;
  const shown =
    enlarged === null
      ? layout.tiles.map((id, i) => [id, i] as const)
      : [[layout.tiles[enlarged] ?? null, enlarged] as const];
  const columns = enlarged === null ? columnsOf(size) : 1;
  return (
    <div className="sd-video-square" data-testid="video-square">
      <aside className="sd-video-square-side">
        <h4>{t('devices')}</h4>
        {failed && <NonIdealState icon="error" description={t('loadFailed')} />}
        {streams?.length === 0 && <NonIdealState icon="video" description={t('noStreams')} />}
        <StreamTree
          streams={streams ?? []}
          playing={playing}
          onPick={(id) => change(place(layout, id, enlarged))}
        />
      </aside>
      <section className="sd-video-square-main">
        <div className="sd-video-square-toolbar">
          <span>{t('layout')}</span>
          <ButtonGroup>
            {WALL_SIZES.map((n) => (
              <Button
                key={n}
                text={t('tiles', { count: n, side: columnsOf(n) })}
                active={n === size}
                data-testid={`video-layout-${String(n)}`}
                onClick={() => {
                  setEnlarged(null);
                  change(resize(layout, n));
                }}
              />
            ))}
          </ButtonGroup>
          {enlarged !== null && (
            <Button icon="grid-view" text={t('back')} onClick={() => setEnlarged(null)} />
          )}
        </div>
        <div
          className="sd-video-grid"
          style={{ gridTemplateColumns: `repeat(${String(columns)}, minmax(0, 1fr))` }}
        >
          {shown.map(([id, i]) => (
            <VideoTile
              key={`${String(i)}-${id ?? ''}`}
              index={i}
              stream={id === null ? undefined : byId.get(id)}
              big={enlarged !== null || size === 1}
              onClose={() => {
                if (enlarged !== null) setEnlarged(null);
                change(clear(layout, i));
              }}
              onToggleBig={() => setEnlarged(enlarged === null ? i : null)}
              onEnded={reload}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
