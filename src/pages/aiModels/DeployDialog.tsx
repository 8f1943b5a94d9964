import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H6,
  HTMLSelect,
  Spinner,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DeploymentTable } from './DeploymentTable.tsx';
import { DeployTargets } from './DeployTargets.tsx';
import { useDeployController } from './useDeployController.ts';

/**
 * Deploys a version to chosen aircraft and docks of the model's project, then shows each chosen
 * device's progress as the devices report it (polled) until the user closes the dialog.
 */
export function DeployDialog({
  modelId,
  versionId,
  onClose,
}: {
  modelId: number;
  versionId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('aiModels');
  const { model, targets, chosen, toggle, version, setPicked, sent, busy, send, progress } =
    useDeployController(modelId, versionId);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('deployDialog.title', { name: model?.name ?? '' })}
      icon="send-to-graph"
      className="sd-model-deploy"
    >
      <DialogBody>
        {!model || !targets ? (
          <Spinner />
        ) : sent ? (
          <div data-testid="model-deploy-progress">
            <Callout intent="primary" icon="info-sign">
              {t('deployDialog.sent')}
            </Callout>
            <H6 className="sd-model-deploy__title">{t('deployDialog.progress')}</H6>
            <DeploymentTable rows={progress} />
          </div>
        ) : (
          <>
            <FormGroup label={t('deployDialog.version')} labelFor="deploy-version">
              <HTMLSelect
                id="deploy-version"
                value={version ?? ''}
                onChange={(e) => setPicked(Number(e.currentTarget.value))}
                options={model.versions.map((v) => ({
                  value: v.id,
                  label: `v${v.version} · ${v.classes.join(', ')}`,
                }))}
              />
            </FormGroup>
            <H6>{t('deployDialog.devices')}</H6>
            <DeployTargets targets={targets} chosen={chosen} onToggle={toggle} />
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('deployDialog.close')} onClick={onClose} />
            {!sent && (
              <Button
                intent="primary"
                icon="send-to-graph"
                text={t('deployDialog.send', { n: chosen.size })}
                disabled={chosen.size === 0 || version === null}
                loading={busy}
                onClick={send}
                data-testid="model-deploy-send"
              />
            )}
          </>
        }
      />
    </Dialog>
  );
}
