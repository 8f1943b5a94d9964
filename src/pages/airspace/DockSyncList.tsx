/**
 * Each dock of the project and whether it holds the project's current areas, in words:
 * synchronised, syncing, waiting, out of date, or failed with the documented reason; the nearest
 * no-fly area while its aircraft flies; and a retry (sending `flight_areas_update` again) for those
 * holding `airspace:edit`.
 */
import { Button, Icon, Intent, Tag } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AIRSPACE_ACCESS, FLIGHT_AREA_SYNC_REASONS } from '../../../protocol/airspace.ts';
import type { AirspaceDockSync, AirspaceSync } from '../../../protocol/airspace.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { resync } from './airspaceApi.ts';

type Tone = { intent: Intent; icon: IconName };

/** The dock's state in words, with the colour and icon it is shown in. */
export function syncWords(
  dock: AirspaceDockSync,
  t: TFunction<'airspace'>,
): { text: string } & Tone {
  const reasonKnown = (FLIGHT_AREA_SYNC_REASONS as readonly number[]).includes(dock.reason);
  const reason = reasonKnown
    ? t(`docks.reasons.${String(dock.reason)}` as 'docks.reasons.1')
    : dock.reason === 0
      ? t('docks.reasons.0')
      : t('docks.reasons.other', { code: dock.reason });
  switch (dock.status) {
    case null:
      // Never told anything: fine while the project has no areas either.
      return dock.current
        ? { text: t('docks.status.idle'), intent: Intent.NONE, icon: 'blank' }
        : { text: t('docks.status.none'), intent: Intent.NONE, icon: 'circle' };
    case 'synchronized':
      return dock.current
        ? { text: t('docks.status.synchronized'), intent: Intent.SUCCESS, icon: 'tick-circle' }
        : { text: t('docks.status.outdated'), intent: Intent.WARNING, icon: 'history' };
    case 'wait_sync':
      return { text: t('docks.status.wait_sync'), intent: Intent.PRIMARY, icon: 'time' };
    case 'synchronizing':
      return { text: t('docks.status.synchronizing'), intent: Intent.PRIMARY, icon: 'refresh' };
    case 'fail':
    case 'switch_fail':
      return {
        text: t(`docks.status.${dock.status}`, { reason }),
        intent: Intent.DANGER,
        icon: 'error',
      };
  }
}

interface Props {
  workspaceId: number;
  sync: AirspaceSync | null;
  onRetried: () => void;
}

/** The docks' list with the project's file above it. */
export function DockSyncList({ workspaceId, sync, onRetried }: Props) {
  const { t } = useTranslation('airspace');
  const retry = (dockSn?: string) => {
    resync({
      workspace_id: workspaceId,
      ...(dockSn === undefined ? {} : { dock_sn: dockSn }),
    }).then(
      ({ told }) => {
        toastSuccess(t('docks.told', { count: told }));
        onRetried();
      },
      () => undefined,
    );
  };
  if (!sync) return null;
  const file = sync.file;
  return (
    <div className="sd-airspace-docks" data-testid="airspace-docks">
      <p className="sd-airspace-muted" data-testid="airspace-file">
        {file
          ? t('docks.file', { name: file.name, count: file.area_count, size: file.size })
          : t('docks.noFile')}
      </p>
      {sync.docks.length === 0 && <p className="sd-airspace-muted">{t('docks.empty')}</p>}
      <ul className="sd-airspace-list">
        {sync.docks.map((dock) => {
          const words = syncWords(dock, t);
          const near = dock.nearest;
          return (
            <li
              key={dock.dock_sn}
              className="sd-airspace-item"
              data-testid="airspace-dock"
              data-sn={dock.dock_sn}
              data-status={dock.status ?? ''}
              data-current={String(dock.current)}
            >
              <span className="sd-airspace-item-main">
                <span className="sd-airspace-item-name">
                  <b>{dock.dock_name || dock.dock_sn}</b>
                  {!dock.online && <Tag minimal>{t('docks.offline')}</Tag>}
                </span>
                <span
                  className={`sd-airspace-status bp6-intent-${words.intent}`}
                  data-testid="airspace-dock-status"
                >
                  <Icon icon={words.icon} intent={words.intent} size={14} /> {words.text}
                </span>
                {near && (
                  <span className="sd-airspace-muted">
                    {near.inside
                      ? t('docks.nearestInside', { name: near.name })
                      : t('docks.nearest', {
                          name: near.name,
                          distance: Math.round(near.distance),
                        })}
                  </span>
                )}
              </span>
              <Permission code={AIRSPACE_ACCESS.edit}>
                <Button
                  size="small"
                  icon="refresh"
                  text={t('docks.retry')}
                  onClick={() => retry(dock.dock_sn)}
                  data-testid="airspace-retry"
                />
              </Permission>
            </li>
          );
        })}
      </ul>
      {sync.docks.length > 1 && (
        <Permission code={AIRSPACE_ACCESS.edit}>
          <Button
            size="small"
            variant="minimal"
            icon="refresh"
            text={t('docks.retryAll')}
            onClick={() => retry()}
          />
        </Permission>
      )}
    </div>
  );
}
