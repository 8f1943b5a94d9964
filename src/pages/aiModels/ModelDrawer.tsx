import { Button, Drawer, H5, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { undeployModel } from '../../api/models.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { DeploymentTable } from './DeploymentTable.tsx';
import { useModelDetail } from './useModelDetail.ts';
import { VersionCard } from './VersionCard.tsx';

/** One model in detail: where it is deployed (live while devices fetch it) and every version. */
export function ModelDrawer({
  id,
  reload,
  onClose,
  onUpload,
  onDeploy,
}: {
  id: number | null;
  reload: number;
  onClose: () => void;
  onUpload: (model: { id: number; name: string }) => void;
  onDeploy: (modelId: number, versionId: number) => void;
}) {
  const { t } = useTranslation('aiModels');
  // Undeploys read the model again here; the page's counter covers its own changes.
  const [changed, setChanged] = useState(0);
  const m = useModelDetail(id, reload + changed);
  return (
    <Drawer
      isOpen={id !== null}
      onClose={onClose}
      size="min(560px, 100vw)"
      icon="cube"
      title={m?.name ?? ''}
      className="sd-model-drawer"
    >
      <div className="sd-model-drawer__body" data-testid="model-drawer">
        {!m ? (
          <Spinner />
        ) : (
          <>
            <div className="sd-model-drawer__head">
              <Tag minimal>{t(`taskTypes.${m.task_type}`)}</Tag>
              <Tag minimal intent={m.enabled ? 'success' : 'none'}>
                {m.enabled ? t('col.enabled') : '—'}
              </Tag>
              <span className="sd-model-drawer__spacer" />
              <Permission code="model:add">
                <Button
                  size="small"
                  icon="cloud-upload"
                  text={t('newVersion')}
                  onClick={() => onUpload(m)}
                />
              </Permission>
            </div>
            <H5>{t('drawer.deployments')}</H5>
            <DeploymentTable
              rows={m.deployments}
              onUndeploy={(d) => {
                void undeployModel(m.id, [d.device_sn])
                  .then(() => {
                    toastSuccess(t('undeploySent', { device: d.device_name || d.device_sn }));
                    setChanged((n) => n + 1);
                  })
                  .catch(() => undefined);
              }}
            />
            <H5>{t('drawer.versions')}</H5>
            {m.versions.map((v, i) => (
              <VersionCard
                key={v.id}
                version={v}
                latest={i === 0}
                canDeploy={m.enabled}
                onDeploy={() => onDeploy(m.id, v.id)}
              />
            ))}
          </>
        )}
      </div>
    </Drawer>
  );
}
