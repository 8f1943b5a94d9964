import { Button, Checkbox, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FeaturePoint } from '../../../protocol/featurePoints.ts';
import type { TableColumn } from '../../components/SearchTable/index.ts';
import { usePermission } from '../../components/Permission/Permission.tsx';
import type { IdSelection } from '../../lib/useIdSelection.ts';

/** The point table's columns: a pick box for the wayline and deletion, the reference thumbnail, the settings. */
export function usePointColumns(
  selection: IdSelection,
  onOpen: (p: FeaturePoint) => void,
  onEdit: (p: FeaturePoint) => void,
): TableColumn<FeaturePoint>[] {
  const { t } = useTranslation('featurePoints');
  const canEdit = usePermission('feature:edit');
  const none = t('none');
  return [
    {
      key: 'pick',
      title: '',
      width: 36,
      render: (p) => (
        <Checkbox
          className="fp-pick"
          aria-label={t('select')}
          checked={selection.has(p.id)}
          onChange={() => selection.toggle(p.id)}
        />
      ),
    },
    {
      key: 'photo',
      title: t('col.photo'),
      width: 84,
      render: (p) =>
        p.cover_url === null ? none : <img className="fp-thumb" src={p.cover_url} alt={p.name} />,
    },
    { key: 'name', title: t('col.name'), render: (p) => p.name },
    { key: 'category', title: t('col.category'), render: (p) => p.category || none },
    {
      key: 'position',
      title: t('col.position'),
      render: (p) => `${p.longitude.toFixed(6)}, ${p.latitude.toFixed(6)}`,
    },
    { key: 'height', title: t('col.height'), render: (p) => `${String(p.height)} m` },
    {
      key: 'gimbal',
      title: t('col.gimbal'),
      render: (p) => `${String(p.gimbal_pitch)}° / ${String(p.gimbal_yaw)}°`,
    },
    { key: 'zoom', title: t('col.zoom'), render: (p) => `${String(p.zoom)}×` },
    {
      key: 'classes',
      title: t('col.classes'),
      render: (p) =>
        p.classes.length === 0
          ? none
          : p.classes.map((c) => (
              <Tag key={c} minimal className="fp-class">
                {c}
              </Tag>
            )),
    },
    { key: 'photos', title: t('col.photos'), render: (p) => String(p.photo_count) },
    {
      key: 'actions',
      title: t('col.actions'),
      render: (p) => (
        <>
          <Button
            variant="minimal"
            icon="info-sign"
            aria-label={t('detail')}
            title={t('detail')}
            data-testid="fp-open"
            onClick={() => onOpen(p)}
          />
          {canEdit && (
            <Button
              variant="minimal"
              icon="edit"
              aria-label={t('edit')}
              title={t('edit')}
              onClick={() => onEdit(p)}
            />
          )}
        </>
      ),
    },
  ];
}
