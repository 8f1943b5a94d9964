import { Alert } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { SaveLoss } from '../../lib/route/routeLosses.ts';

interface Props {
  losses: readonly SaveLoss[];
  onConfirm: () => void;
  onCancel: () => void;
}

/** Before a save that would drop something of the file: says what, and saves only when told to. */
export function SaveLossAlert({ losses, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('waylineEditor');
  // Newer aircraft's actions this console has no name for show as the file names them.
  const actionName = (func: string): string =>
    t(`actions.${func}` as 'actions.takePhoto', {
      defaultValue: t(`actionNames.${func}` as 'actionNames.focus', { defaultValue: func }),
    });
  const line = (loss: SaveLoss): string => {
    switch (loss.kind) {
      case 'template':
        return t('losses.template', { type: t(`templateTypes.${loss.type}`) });
      case 'heading':
        return t('losses.heading', {
          w: loss.wayline,
          n: loss.point,
          mode: t(`headingModes.${loss.mode}` as 'headingModes.towardPOI', {
            defaultValue: loss.mode,
          }),
        });
      case 'turn':
        // Every turn mode WPML documents is the editor's own: this one is newer than the doc.
        return t('losses.turn', { w: loss.wayline, n: loss.point, mode: loss.mode });
      case 'group':
        return t('losses.group', {
          w: loss.wayline,
          n: loss.point,
          trigger: t(`triggers.${loss.trigger}` as 'triggers.reachPoint', {
            defaultValue: loss.trigger,
          }),
          actions: loss.actions.map(actionName).join(t('listSeparator')),
        });
      case 'photoEvery':
        return t('losses.photoEvery', { w: loss.wayline, n: loss.point });
      case 'emptyWayline':
        return t('losses.emptyWayline', { w: loss.wayline });
    }
  };
  return (
    <Alert
      isOpen={losses.length > 0}
      intent="warning"
      icon="warning-sign"
      confirmButtonText={t('losses.confirm')}
      cancelButtonText={t('losses.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <div data-testid="editor-save-losses">
        <p>{t('losses.title')}</p>
        <ul className="sd-editor-losses">
          {losses.slice(0, MAX_SHOWN).map((loss, i) => (
            <li key={i}>{line(loss)}</li>
          ))}
        </ul>
        {losses.length > MAX_SHOWN && (
          <p>{t('losses.more', { count: losses.length - MAX_SHOWN })}</p>
        )}
      </div>
    </Alert>
  );
}

/** Lines listed at most; a file with thousands of them says how many more. */
const MAX_SHOWN = 12;
