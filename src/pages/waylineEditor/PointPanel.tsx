import { Button, H5, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  HEADING_MODES,
  HEIGHT_RANGE,
  SPEED_RANGE,
  TURN_MODES,
  type RoutePoint,
} from '../../lib/route/routeModel.ts';
import { ActionList } from './ActionList.tsx';
import { NumberField } from './NumberField.tsx';
import { SelectField } from './SelectField.tsx';

interface Props {
  point: RoutePoint | undefined;
  index: number;
  onChange: (change: Partial<Omit<RoutePoint, 'id'>>) => void;
  onDelete: () => void;
}

/** The selected waypoint's settings and actions. */
export function PointPanel({ point, index, onChange, onDelete }: Props) {
  const { t } = useTranslation('waylineEditor');
  if (!point) return <NonIdealState icon="map-marker" description={t('point.none')} />;
  const angled = point.headingMode === 'smoothTransition' || point.headingMode === 'fixed';
  return (
    <div className="sd-editor-panel" data-testid="editor-point-panel">
      <div className="sd-editor-panel__head">
        <H5>{t('point.title', { n: index + 1 })}</H5>
        <Button
          icon="trash"
          intent="danger"
          variant="minimal"
          text={t('point.delete')}
          data-testid="editor-delete-point"
          onClick={onDelete}
        />
      </div>
      <NumberField
        label={t('point.lng')}
        value={point.lng}
        min={-180}
        max={180}
        onCommit={(lng) => onChange({ lng })}
      />
      <NumberField
        label={t('point.lat')}
        value={point.lat}
        min={-90}
        max={90}
        onCommit={(lat) => onChange({ lat })}
      />
      <NumberField
        label={t('point.height')}
        value={point.height}
        {...HEIGHT_RANGE}
        testId="editor-point-height"
        onCommit={(height) => onChange({ height })}
      />
      <NumberField
        label={t('point.speed')}
        value={point.speed}
        {...SPEED_RANGE}
        onCommit={(speed) => onChange({ speed })}
      />
      <SelectField
        label={t('point.headingMode')}
        value={point.headingMode}
        options={HEADING_MODES.map((m) => ({ value: m, label: t(`headingModes.${m}`) }))}
        onChange={(headingMode) => onChange({ headingMode })}
      />
      {angled && (
        <NumberField
          label={t('point.headingAngle')}
          value={point.headingAngle}
          min={-180}
          max={180}
          onCommit={(headingAngle) => onChange({ headingAngle })}
        />
      )}
      <SelectField
        label={t('point.turnMode')}
        value={point.turnMode}
        options={TURN_MODES.map((m) => ({ value: m, label: t(`turnModes.${m}`) }))}
        onChange={(turnMode) => onChange({ turnMode })}
      />
      <NumberField
        label={t('point.gimbalPitch')}
        value={point.gimbalPitch}
        min={-90}
        max={35}
        onCommit={(gimbalPitch) => onChange({ gimbalPitch })}
      />
      {point.photoEvery !== undefined && (
        <p className="bp6-text-muted">{t('point.photoEvery', { m: point.photoEvery })}</p>
      )}
      <H5>{t('point.actions')}</H5>
      <ActionList actions={point.actions} onChange={(actions) => onChange({ actions })} />
    </div>
  );
}
