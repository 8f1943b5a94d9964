/**
 * The project's areas: kind, shape, who changed it last; switched on and off, renamed, reshaped on
 * the map and deleted (after a confirmation) by those holding the page's buttons. Clicking an area shows it on the map.
 */
import { useState } from 'react';
import { Button, Switch, Tag } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AirspaceArea } from '../../../protocol/airspace.ts';
import { AIRSPACE_ACCESS } from '../../../protocol/airspace.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { usePermission } from '../../components/Permission/Permission.tsx';
import { AreaDialog } from './AreaDialog.tsx';
import { deleteArea, editArea } from './airspaceApi.ts';

interface Props {
  areas: readonly AirspaceArea[];
  selected: number | null;
  onSelect: (id: number) => void;
  onChanged: () => void;
  /** Starts editing an area's shape on the map. */
  onReshape: (area: AirspaceArea) => void;
}

function ShapeText({ area }: { area: AirspaceArea }) {
  const { t } = useTranslation('airspace');
  const detail =
    area.shape.type === 'circle'
      ? t('list.radius', { radius: area.shape.radius })
      : t('list.vertices', { count: area.shape.coordinates.length - 1 });
  return (
    <span className="sd-airspace-muted">
      {t(`shapes.${area.shape.type}`)} · {detail}
    </span>
  );
}

/** A row's small icon button, named for screen readers and on hover. */
function RowAction(props: { icon: IconName; label: string; onClick: () => void; testId?: string }) {
  return (
    <Button
      size="small"
      variant="minimal"
      icon={props.icon}
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      data-testid={props.testId}
    />
  );
}

/** The list of areas. */
export function AreaList({ areas, selected, onSelect, onChanged, onReshape }: Props) {
  const { t } = useTranslation('airspace');
  const canEdit = usePermission(AIRSPACE_ACCESS.edit);
  const canDelete = usePermission(AIRSPACE_ACCESS.del);
  const [renaming, setRenaming] = useState<AirspaceArea | null>(null);
  const [deleting, setDeleting] = useState<AirspaceArea | null>(null);
  const toggle = (area: AirspaceArea) => {
    editArea({ id: area.id, enabled: !area.enabled }).then(onChanged, () => undefined);
  };
  if (areas.length === 0) return <p className="sd-airspace-muted">{t('list.empty')}</p>;
  return (
    <>
      <ul className="sd-airspace-list" data-testid="airspace-list">
        {areas.map((area) => (
          <li
            key={area.id}
            className={area.id === selected ? 'sd-airspace-item is-picked' : 'sd-airspace-item'}
            data-testid="airspace-area"
            data-name={area.name}
            data-enabled={String(area.enabled)}
          >
            <button
              type="button"
              className="sd-airspace-item-main"
              onClick={() => onSelect(area.id)}
            >
              <span className="sd-airspace-item-name">
                <Tag minimal intent={area.kind === 'no_fly' ? 'danger' : 'success'}>
                  {t(`kinds.${area.kind}`)}
                </Tag>
                <b>{area.name}</b>
              </span>
              <ShapeText area={area} />
            </button>
            <span className="sd-airspace-item-actions">
              <Switch
                checked={area.enabled}
                disabled={!canEdit}
                label={t('list.enabled')}
                onChange={() => toggle(area)}
                data-testid="airspace-enabled"
              />
              {canEdit && (
                <>
                  <RowAction
                    icon="edit"
                    label={t('list.rename')}
                    onClick={() => setRenaming(area)}
                  />
                  <RowAction
                    icon="polygon-filter"
                    label={t('list.reshape')}
                    onClick={() => onReshape(area)}
                    testId="airspace-reshape"
                  />
                </>
              )}
              {canDelete && (
                <Button
                  size="small"
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  aria-label={t('list.del')}
                  title={t('list.del')}
                  onClick={() => setDeleting(area)}
                  data-testid="airspace-delete"
                />
              )}
            </span>
          </li>
        ))}
      </ul>
      {renaming && (
        <AreaDialog
          mode="rename"
          initial={{ name: renaming.name, kind: renaming.kind }}
          onClose={() => setRenaming(null)}
          onSave={async ({ name }) => {
            await editArea({ id: renaming.id, name });
            toastSuccess(t('saved'));
            onChanged();
          }}
        />
      )}
      <ConfirmDelete
        message={deleting ? t('list.delConfirm', { name: deleting.name }) : null}
        confirmText={t('list.del')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteArea(deleting.id);
          toastSuccess(t('deleted'));
          onChanged();
        }}
      />
    </>
  );
}
