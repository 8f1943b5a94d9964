import { useState } from 'react';
import { Button, ButtonGroup, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AiModel } from '../../../protocol/models.ts';
import { editModel } from '../../api/models.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { Permission, usePermission } from '../../components/Permission/Permission.tsx';
import type { SearchTableController, TableColumn } from '../../components/SearchTable/index.ts';
import { formatTime } from '../../lib/time.ts';

export type ModelAction = 'detail' | 'version' | 'deploy' | 'delete';

/** The model table's columns; the row buttons report which action the user picked. */
export function useModelColumns(
  table: SearchTableController<AiModel>,
  onAction: (action: ModelAction, model: AiModel) => void,
  onChanged: () => void,
): TableColumn<AiModel>[] {
  const { t } = useTranslation('aiModels');
  return [
    {
      key: 'index',
      title: '#',
      width: 48,
      render: (_m, i) => (table.current - 1) * table.size + i + 1,
    },
    {
      key: 'name',
      title: t('col.name'),
      render: (m) => (
        <a
          role="button"
          tabIndex={0}
          data-testid="model-open"
          onClick={() => onAction('detail', m)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onAction('detail', m);
          }}
        >
          {m.name}
        </a>
      ),
    },
    { key: 'task_type', title: t('col.taskType'), render: (m) => t(`taskTypes.${m.task_type}`) },
    { key: 'latest', title: t('col.latest'), render: (m) => m.latest_version ?? '—' },
    {
      key: 'classes',
      title: t('col.classes'),
      render: (m) => <ClassTags classes={m.classes} />,
    },
    {
      key: 'enabled',
      title: t('col.enabled'),
      render: (m) => <EnabledSwitch model={m} onChanged={onChanged} />,
    },
    {
      key: 'deployed',
      title: t('col.deployed'),
      render: (m) => t('devices', { n: m.deployed_count }),
    },
    { key: 'updated_at', title: t('col.updated'), render: (m) => formatTime(m.updated_at) },
    {
      key: 'actions',
      title: t('col.actions'),
      render: (m) => <RowButtons model={m} onAction={onAction} />,
    },
  ];
}

/** A model's classes as small tags, the first few only. */
export function ClassTags({ classes, max = 4 }: { classes: readonly string[]; max?: number }) {
  const shown = classes.slice(0, max);
  return (
    <span className="sd-model-classes">
      {shown.map((c) => (
        <Tag key={c} minimal>
          {c}
        </Tag>
      ))}
      {classes.length > max && <Tag minimal>+{classes.length - max}</Tag>}
    </span>
  );
}

function EnabledSwitch({ model, onChanged }: { model: AiModel; onChanged: () => void }) {
  const { t } = useTranslation('aiModels');
  const canEdit = usePermission('model:edit');
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      checked={model.enabled}
      disabled={!canEdit || busy}
      aria-label={t('col.enabled')}
      className="sd-model-switch"
      onChange={() => {
        setBusy(true);
        void editModel(model.id, { enabled: !model.enabled })
          .then(() => {
            toastSuccess(t(model.enabled ? 'enabledOff' : 'enabledOn', { name: model.name }));
            onChanged();
          })
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    />
  );
}

function RowButtons({
  model,
  onAction,
}: {
  model: AiModel;
  onAction: (action: ModelAction, model: AiModel) => void;
}) {
  const { t } = useTranslation('aiModels');
  return (
    <ButtonGroup variant="minimal">
      <Button
        icon="info-sign"
        title={t('detail')}
        aria-label={t('detail')}
        onClick={() => onAction('detail', model)}
      />
      <Permission code="model:add">
        <Button
          icon="cloud-upload"
          title={t('newVersion')}
          aria-label={t('newVersion')}
          onClick={() => onAction('version', model)}
        />
      </Permission>
      <Permission code="model:edit">
        <Button
          icon="send-to-graph"
          title={t('deploy')}
          aria-label={t('deploy')}
          data-testid="model-deploy"
          disabled={!model.enabled || model.version_count === 0}
          onClick={() => onAction('deploy', model)}
        />
      </Permission>
      <Permission code="model:del">
        <Button
          icon="trash"
          intent="danger"
          title={t('del')}
          aria-label={t('del')}
          onClick={() => onAction('delete', model)}
        />
      </Permission>
    </ButtonGroup>
  );
}
