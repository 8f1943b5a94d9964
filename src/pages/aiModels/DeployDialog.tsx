import { useEffect, useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H6,
  HTMLSelect,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ModelTarget } from '../../../protocol/models.ts';
import { deployModel, fetchModelTargets } from '../../api/models.ts';
import { DeploymentTable } from './DeploymentTable.tsx';
import { useModelDetail } from './useModelDetail.ts';

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
  const [reload, setReload] = useState(0);
  const model = useModelDetail(modelId, reload);
  const [targets, setTargets] = useState<ModelTarget[] | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [picked, setPicked] = useState<number | null>(versionId ?? null);
  const [sent, setSent] = useState<readonly string[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void fetchModelTargets(modelId)
      .then(setTargets)
      .catch(() => setTargets([]));
  }, [modelId]);
  const version = picked ?? model?.versions[0]?.id ?? null;
  const toggle = (sn: string) =>
    setChosen((all) => {
      const next = new Set(all);
      if (next.has(sn)) next.delete(sn);
      else next.add(sn);
      return next;
    });
  const send = () => {
    if (version === null || chosen.size === 0) return;
    setBusy(true);
    const sns = [...chosen];
    void deployModel(version, sns)
      .then(() => {
        setSent(sns);
        setReload((n) => n + 1);
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const progress = sent && model ? model.deployments.filter((d) => sent.includes(d.device_sn)) : [];
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
            {targets.length === 0 ? (
              <NonIdealState icon="airplane" description={t('deployDialog.noDevices')} />
            ) : (
              <div className="sd-model-targets" data-testid="model-targets">
                {targets.map((d) => (
                  <Checkbox
                    key={d.device_sn}
                    checked={chosen.has(d.device_sn)}
                    onChange={() => toggle(d.device_sn)}
                    data-sn={d.device_sn}
                    labelElement={
                      <span className="sd-model-target">
                        <Tag minimal>
                          {d.domain === 3 ? t('deployDialog.dock') : t('deployDialog.aircraft')}
                        </Tag>
                        <span>{d.name || d.device_sn}</span>
                        <code className="sd-model-sn">{d.device_sn}</code>
                        <Tag minimal intent={d.online ? 'success' : 'none'}>
                          {d.online ? t('deployDialog.online') : t('deployDialog.offline')}
                        </Tag>
                        {d.current && (
                          <span className="sd-model-target__current">
                            {t('deployDialog.current', d.current)}
                          </span>
                        )}
                      </span>
                    }
                  />
                ))}
              </div>
            )}
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
