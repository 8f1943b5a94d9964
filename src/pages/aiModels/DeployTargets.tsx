import { Checkbox, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ModelTarget } from '../../../protocol/models.ts';

/**
 * The aircraft and docks a version may be deployed to, each with a box to choose it, whether it is
 * online and which version it runs now.
 */
export function DeployTargets({
  targets,
  chosen,
  onToggle,
}: {
  targets: readonly ModelTarget[];
  chosen: ReadonlySet<string>;
  onToggle: (sn: string) => void;
}) {
  const { t } = useTranslation('aiModels');
  if (targets.length === 0)
    return <NonIdealState icon="airplane" description={t('deployDialog.noDevices')} />;
  return (
    <div className="sd-model-targets" data-testid="model-targets">
      {targets.map((d) => (
        <Checkbox
          key={d.device_sn}
          checked={chosen.has(d.device_sn)}
          onChange={() => onToggle(d.device_sn)}
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
  );
}
