import { Button, ButtonGroup, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Wayline } from '../../../protocol/waylines.ts';
import { Permission, usePermission } from '../../components/Permission/Permission.tsx';
import type { SearchTableController, TableColumn } from '../../components/SearchTable/index.ts';
import { formatTime } from '../../lib/time.ts';
import { COLUMN_PX, fitColumns, type WaylineColumnKey } from './columnFit.ts';
import { formatDuration, formatLength, modelName } from './format.ts';
import { RouteThumbnail } from './RouteThumbnail.tsx';

export type RowAction =
  'detail' | 'download' | 'exportKml' | 'edit' | 'rename' | 'duplicate' | 'delete' | 'favorite';

/** A text cell cut with an ellipsis when its column is too narrow; the whole text shows on hover. */
function Clipped({ text }: { text: string }) {
  return (
    <span className="sd-cell-clip" title={text}>
      {text}
    </span>
  );
}

/**
 * The wayline table's columns that fit `widthPx` (see {@link fitColumns}); the row buttons report
 * which action the user picked.
 */
export function useWaylineColumns(
  table: SearchTableController<Wayline>,
  onAction: (action: RowAction, wayline: Wayline) => void,
  widthPx: number,
): TableColumn<Wayline>[] {
  const { t } = useTranslation('wayline');
  const all: Record<WaylineColumnKey, Omit<TableColumn<Wayline>, 'key' | 'width'>> = {
    index: { title: '#', render: (_w, i) => (table.current - 1) * table.size + i + 1 },
    outline: { title: t('route'), render: (w) => <RouteThumbnail outline={w.outline} /> },
    name: { title: t('name'), render: (w) => <Clipped text={w.name} /> },
    model: { title: t('model'), render: (w) => <Clipped text={modelName(w.drone_model_key)} /> },
    type: { title: t('type'), render: (w) => <Clipped text={t(`types.${w.template_type}`)} /> },
    favorite: {
      title: t('favorite'),
      render: (w) => <FavoriteStar wayline={w} onToggle={() => onAction('favorite', w)} />,
    },
    waypoint_count: { title: t('waypoints') },
    length: { title: t('length'), render: (w) => formatLength(t, w.length_m) },
    duration: { title: t('duration'), render: (w) => formatDuration(t, w.duration_s) },
    creator_name: { title: t('creator'), render: (w) => <Clipped text={w.creator_name} /> },
    created_at: { title: t('createdAt'), render: (w) => formatTime(w.created_at) },
    actions: { title: t('actions'), render: (w) => <RowButtons wayline={w} onAction={onAction} /> },
  };
  return fitColumns(widthPx).map((key) => ({
    key,
    ...all[key],
    ...(key === 'name' ? {} : { width: COLUMN_PX[key] }),
  }));
}

/** A star: a button for those who may edit, a plain mark for everyone else. */
function FavoriteStar({ wayline, onToggle }: { wayline: Wayline; onToggle: () => void }) {
  const { t } = useTranslation('wayline');
  const canEdit = usePermission('wayline:edit');
  const icon = wayline.favorite ? 'star' : 'star-empty';
  const label = wayline.favorite ? t('unstar') : t('star');
  if (!canEdit)
    return wayline.favorite ? <Icon icon="star" intent="warning" title={t('favorite')} /> : null;
  return (
    <Button
      variant="minimal"
      icon={<Icon icon={icon} intent={wayline.favorite ? 'warning' : 'none'} />}
      aria-label={label}
      aria-pressed={wayline.favorite}
      title={label}
      onClick={onToggle}
    />
  );
}

function RowButtons({
  wayline,
  onAction,
}: {
  wayline: Wayline;
  onAction: (action: RowAction, wayline: Wayline) => void;
}) {
  const { t } = useTranslation('wayline');
  // Icons only, named for screen readers and on hover: the row already carries up to eleven columns.
  const button = (
    action: RowAction,
    icon: 'info-sign' | 'download' | 'globe' | 'map-create' | 'edit' | 'duplicate' | 'trash',
    label: string,
  ) => (
    <Button
      icon={icon}
      aria-label={label}
      title={label}
      intent={
        action === 'delete'
          ? 'danger'
          : action === 'download' || action === 'exportKml' || action === 'detail'
            ? 'none'
            : 'primary'
      }
      onClick={() => onAction(action, wayline)}
    />
  );
  return (
    <ButtonGroup variant="minimal">
      {button('detail', 'info-sign', t('detail'))}
      {button('download', 'download', t('download'))}
      {button('exportKml', 'globe', t('exportKml'))}
      <Permission code="wayline:edit">{button('edit', 'map-create', t('editRoute'))}</Permission>
      <Permission code="wayline:edit">{button('rename', 'edit', t('rename'))}</Permission>
      <Permission code="wayline:add">{button('duplicate', 'duplicate', t('duplicate'))}</Permission>
      <Permission code="wayline:del">{button('delete', 'trash', t('del'))}</Permission>
    </ButtonGroup>
  );
}
