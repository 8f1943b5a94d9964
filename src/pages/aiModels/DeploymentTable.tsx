import { Button, Classes, HTMLTable, Icon, ProgressBar, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ModelDeployment } from '../../../protocol/models.ts';
import { usePermission } from '../../components/Permission/Permission.tsx';
import { formatTime } from '../../lib/time.ts';
import { isRunning, useDeployWords } from './useDeployWords.ts';

/**
 * Each device's newest deployment of the model: version, state (with a bar while downloading), and
 * for a device that runs it or is getting it, an undeploy button (with `model:edit`).
 */
export function DeploymentTable({
  rows,
  onUndeploy,
}: {
  rows: readonly ModelDeployment[];
  /** Without it (the deploy dialog's progress) the table only shows. */
  onUndeploy?: (d: ModelDeployment) => void;
}) {
  const { t } = useTranslation('aiModels');
  const words = useDeployWords();
  const undeploy = usePermission('model:edit') ? onUndeploy : undefined;
  if (rows.length === 0)
    return (
      <p className={`sd-model-empty ${Classes.TEXT_MUTED}`}>
        <Icon icon="send-to-graph" /> {t('drawer.noDeployments')}
      </p>
    );
  return (
    // Scrolls sideways inside a phone-wide drawer rather than cutting off its last column.
    <div className="sd-model-deployments-scroll">
      <HTMLTable compact className="sd-model-deployments" data-testid="model-deployments">
        <thead>
          <tr>
            <th>{t('drawer.device')}</th>
            <th>{t('drawer.version')}</th>
            <th>{t('drawer.state')}</th>
            <th>{t('drawer.updated')}</th>
            {undeploy && <th>{t('drawer.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.id} data-sn={d.device_sn} data-state={d.state}>
              <td>
                <div>{d.device_name || d.device_sn}</div>
                <code className="sd-model-sn">{d.device_sn}</code>
              </td>
              <td>{d.version}</td>
              <td>
                <Tag intent={words.intent(d)} minimal={d.state !== 'deployed'}>
                  {words.state(d)}
                </Tag>
                {d.state === 'downloading' && (
                  <ProgressBar value={d.progress / 100} intent="primary" className="sd-model-bar" />
                )}
                {words.reason(d) !== '' && <div className="sd-model-reason">{words.reason(d)}</div>}
              </td>
              <td>{formatTime(d.updated_at)}</td>
              {undeploy && (
                <td>
                  {isRunning(d) && (
                    <Button
                      size="small"
                      variant="minimal"
                      intent="danger"
                      icon="remove"
                      text={t('drawer.undeploy')}
                      data-testid="model-undeploy"
                      onClick={() => undeploy(d)}
                    />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
