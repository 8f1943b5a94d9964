import { Button, Checkbox, SegmentedControl, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MEDIA_MAX_IDS } from '../../../protocol/media.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import type { MediaPreset } from './mediaQuery.ts';
import type { Selection } from './useSelection.ts';

export const VIEWS = ['grid', 'list', 'map'] as const;
export type MediaView = (typeof VIEWS)[number];

interface Props {
  view: MediaView;
  onView: (view: MediaView) => void;
  selection: Selection;
  preset: MediaPreset;
  onDropPreset: (key: keyof MediaPreset) => void;
  onZip: () => void;
  onDelete: () => void;
  onRefresh: () => void;
}

/** View switch, the address's preset filters, and what can be done with the selected files. */
export function MediaToolbar(props: Props) {
  const { view, onView, selection, preset, onDropPreset } = props;
  const { t } = useTranslation('media');
  const table = useTranslation('table').t;
  const count = selection.ids.length;
  const tooMany = count > MEDIA_MAX_IDS;
  return (
    <div className="sd-table-toolbar sd-media-toolbar">
      <div className="sd-media-toolbar-left">
        <SegmentedControl
          size="small"
          aria-label={t('viewLabel')}
          value={view}
          onValueChange={(v) => onView(v as MediaView)}
          options={VIEWS.map((v) => ({ value: v, label: t(`views.${v}`) }))}
          data-testid="media-view"
        />
        {view === 'grid' && (
          <Checkbox
            className="sd-media-page-pick"
            label={t('selectAll')}
            checked={selection.all}
            indeterminate={selection.some}
            onChange={selection.togglePage}
          />
        )}
        {preset.flight_id !== undefined && (
          <Tag onRemove={() => onDropPreset('flight_id')} intent="primary" minimal>
            {t('presetFlight', { id: preset.flight_id })}
          </Tag>
        )}
        {preset.task_id !== undefined && (
          <Tag onRemove={() => onDropPreset('task_id')} intent="primary" minimal>
            {t('presetTask', { id: preset.task_id })}
          </Tag>
        )}
      </div>
      <div className="sd-media-toolbar-right">
        {count > 0 && (
          <Tag minimal round onRemove={selection.clear} data-testid="media-selected">
            {t('selected', { count })}
          </Tag>
        )}
        <Button
          icon="compressed"
          text={t('downloadZip')}
          disabled={count === 0 || tooMany}
          title={tooMany ? t('tooMany', { max: MEDIA_MAX_IDS }) : undefined}
          onClick={props.onZip}
          data-testid="media-zip-start"
        />
        <Permission code="media:del">
          <Button
            icon="trash"
            intent="danger"
            text={t('del')}
            disabled={count === 0 || tooMany}
            onClick={props.onDelete}
            data-testid="media-delete"
          />
        </Permission>
        <Button
          variant="minimal"
          icon="refresh"
          aria-label={table('refresh')}
          title={table('refresh')}
          onClick={props.onRefresh}
        />
      </div>
    </div>
  );
}
