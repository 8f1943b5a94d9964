import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AiModel } from '../../../protocol/models.ts';
import { deleteModel, listModels } from '../../api/models.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { Permission } from '../../components/Permission/Permission.tsx';
import { SearchTable, useSearchTable } from '../../components/SearchTable/index.ts';
import type { TableQuery } from '../../components/SearchTable/types.ts';
import { DeployDialog } from './DeployDialog.tsx';
import { ModelDrawer } from './ModelDrawer.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { useModelColumns, type ModelAction } from './useModelColumns.tsx';
import { useModelFields } from './useModelFields.ts';
import './model.css';

/** What is open over the table. */
type Overlay =
  | { kind: 'new' }
  | { kind: 'version'; model: { id: number; name: string } }
  | { kind: 'deploy'; modelId: number; versionId?: number }
  | { kind: 'delete'; model: AiModel }
  | null;

function plain(q: TableQuery) {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(q))
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

/**
 * The AI-model registry: the detection models the devices run, their versions with what the server
 * read from each ONNX file, uploads with progress, enable/disable, and deployment to devices.
 */
export default function ModelPage() {
  const { t } = useTranslation('aiModels');
  const fields = useModelFields();
  const table = useSearchTable<AiModel>({ fields, request: (q) => listModels(plain(q)) });
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  /** Bumped after a change so an open drawer reloads. */
  const [version, setVersion] = useState(0);
  const close = () => setOverlay(null);
  const changed = () => {
    table.refresh();
    setVersion((v) => v + 1);
  };
  const act = (action: ModelAction, model: AiModel) => {
    if (action === 'detail') setOpenId(model.id);
    else if (action === 'version') setOverlay({ kind: 'version', model });
    else if (action === 'deploy') setOverlay({ kind: 'deploy', modelId: model.id });
    else setOverlay({ kind: 'delete', model });
  };
  const columns = useModelColumns(table, act, changed);
  const toolbar = (
    <Permission code="model:add">
      <Button
        intent="primary"
        icon="cloud-upload"
        text={t('newModel')}
        data-testid="model-new"
        onClick={() => setOverlay({ kind: 'new' })}
      />
    </Permission>
  );
  return (
    <div className="sd-model-page">
      <SearchTable
        table={table}
        fields={fields}
        columns={columns}
        rowKey={(m) => m.id}
        toolbar={toolbar}
      />
      <ModelDrawer
        id={openId}
        reload={version}
        onClose={() => setOpenId(null)}
        onUpload={(model) => setOverlay({ kind: 'version', model })}
        onDeploy={(modelId, versionId) => setOverlay({ kind: 'deploy', modelId, versionId })}
      />
      {(overlay?.kind === 'new' || overlay?.kind === 'version') && (
        <UploadDialog
          model={overlay.kind === 'version' ? overlay.model : null}
          onClose={close}
          onUploaded={changed}
        />
      )}
      {overlay?.kind === 'deploy' && (
        <DeployDialog
          modelId={overlay.modelId}
          versionId={overlay.versionId}
          onClose={() => {
            close();
            changed();
          }}
        />
      )}
      <ConfirmDelete
        message={
          overlay?.kind === 'delete'
            ? t('confirmDelete', { name: overlay.model.name, n: overlay.model.version_count })
            : null
        }
        confirmText={t('del')}
        onClose={close}
        onConfirm={async () => {
          if (overlay?.kind !== 'delete') return;
          await deleteModel(overlay.model.id);
          toastSuccess(t('deleted', { name: overlay.model.name }));
          if (openId === overlay.model.id) setOpenId(null);
          changed();
        }}
      />
    </div>
  );
}
