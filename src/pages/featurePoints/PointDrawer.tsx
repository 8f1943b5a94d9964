import { useCallback, useEffect, useState } from 'react';
import { Button, Drawer, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FeatureNearby, FeaturePointDetail } from '../../../protocol/featurePoints.ts';
import { fetchFeatureNearby, fetchFeaturePoint } from '../../api/featurePoints.ts';
import { FactsTable, type Fact } from '../../components/FactsTable/FactsTable.tsx';
import { Permission } from '../../components/Permission/Permission.tsx';
import { formatTime } from '../../lib/time.ts';
import { PointHistory } from './PointHistory.tsx';
import { ReferencePhotos } from './ReferencePhotos.tsx';

function useFacts(p: FeaturePointDetail): Fact[] {
  const { t } = useTranslation('featurePoints');
  const none = t('none');
  return [
    ['category', t('col.category'), p.category || none],
    ['position', t('col.position'), `${p.longitude.toFixed(7)}, ${p.latitude.toFixed(7)}`],
    ['height', t('col.height'), `${String(p.height)} m`],
    ['gimbal', t('col.gimbal'), `${String(p.gimbal_pitch)}° / ${String(p.gimbal_yaw)}°`],
    ['zoom', t('col.zoom'), `${String(p.zoom)}×`],
    ['radius', t('drawer.radius'), `${String(p.radius)} m`],
    [
      'classes',
      t('col.classes'),
      p.classes.length === 0
        ? none
        : p.classes.map((c) => (
            <Tag key={c} minimal className="fp-class">
              {c}
            </Tag>
          )),
    ],
    ['notes', t('drawer.notes'), p.notes || none],
    ['creator', t('drawer.creator'), `${p.creator_name || none} · ${formatTime(p.created_at)}`],
  ];
}

function Body({
  point,
  nearby,
  picked,
  onPick,
  onEdit,
  onPhotos,
}: {
  point: FeaturePointDetail;
  nearby: FeatureNearby | null;
  picked: boolean;
  onPick: () => void;
  onEdit: () => void;
  onPhotos: (p: FeaturePointDetail['photos']) => void;
}) {
  const { t } = useTranslation('featurePoints');
  const facts = useFacts(point);
  return (
    <div className="fp-drawer-body">
      <div className="fp-drawer-actions">
        <Button
          icon={picked ? 'remove' : 'add'}
          text={t(picked ? 'pickToggle.off' : 'pickToggle.on')}
          onClick={onPick}
        />
        <Permission code="feature:edit">
          <Button icon="edit" text={t('edit')} onClick={onEdit} data-testid="fp-drawer-edit" />
        </Permission>
      </div>
      <div className="fp-compare">
        <section>
          <h4>{t('drawer.reference')}</h4>
          <ReferencePhotos pointId={point.id} photos={point.photos} onChanged={onPhotos} />
        </section>
        <section>
          <h4>{t('drawer.history')}</h4>
          {nearby === null ? (
            <Spinner size={20} />
          ) : (
            <>
              <p className="fp-muted" hidden={nearby.photos.length + nearby.alarms.length === 0}>
                {t('drawer.nearby', {
                  radius: nearby.radius,
                  photos: nearby.photos.length,
                  alarms: nearby.alarms.length,
                })}
              </p>
              <PointHistory nearby={nearby} />
            </>
          )}
        </section>
      </div>
      <h4>{t('drawer.facts')}</h4>
      <FactsTable facts={facts} className="fp-facts" />
    </div>
  );
}

/** One point: its reference photo beside what was seen near it over time, and its settings. */
export function PointDrawer({
  id,
  version,
  picked,
  onPick,
  onEdit,
  onClose,
  onChanged,
}: {
  id: number | null;
  /** Changes when the page saved the point, so the drawer reads it again. */
  version: number;
  picked: boolean;
  onPick: () => void;
  onEdit: (point: FeaturePointDetail) => void;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('featurePoints');
  const [point, setPoint] = useState<FeaturePointDetail | null>(null);
  const [nearby, setNearby] = useState<{ id: number; data: FeatureNearby } | null>(null);
  const load = useCallback(() => {
    if (id === null) return;
    void fetchFeaturePoint(id).then(setPoint, () => undefined);
    void fetchFeatureNearby(id).then(
      (data) => setNearby({ id, data }),
      () => undefined,
    );
  }, [id]);
  useEffect(load, [load, version]);
  const ready = point !== null && point.id === id;
  return (
    <Drawer
      isOpen={id !== null}
      onClose={onClose}
      size="min(760px, 100vw)"
      title={ready ? t('drawer.title', { name: point.name }) : t('loading')}
      className="fp-drawer"
    >
      {!ready ? (
        <Spinner />
      ) : (
        <Body
          point={point}
          nearby={nearby?.id === id ? nearby.data : null}
          picked={picked}
          onPick={onPick}
          onEdit={() => onEdit(point)}
          onPhotos={(photos) => {
            setPoint({ ...point, photos, photo_count: photos.length });
            onChanged();
          }}
        />
      )}
    </Drawer>
  );
}
