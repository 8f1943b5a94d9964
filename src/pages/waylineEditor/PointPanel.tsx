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
  /** Waypoints of the edited wayline. */
  count: number;
  /** Selects the waypoint at a position (stepping through them without aiming at the map). */
  onStep: (index: number) => void;
  onChange: (change: Partial<Omit<RoutePoint, 'id'>>) => void;
  onDelete: () => void;
}

/** Previous / next waypoint: on a phone a dot is a small target, and a list of thousands is long. */
function PointStepper({ index, count, onStep }: Pick<Props, 'index' | 'count' | 'onStep'>) {
  const { t } = useTranslation('waylineEditor');
  if (count === 0) return null;
  return (
    <div className="sd-editor-stepper">
      <Button
        icon="chevron-left"
        variant="minimal"
        aria-label={t('point.previous')}
        title={t('point.previous')}
        disabled={index <= 0}
        data-testid="editor-point-previous"
        onClick={() => onStep(index - 1)}
      />
      <span data-testid="editor-point-position">
        {index < 0 ? t('point.count', { count }) : t('point.position', { n: index + 1, count })}
      </span>
      <Button
        icon="chevron-right"
        variant="minimal"
        aria-label={t('point.next')}
        title={t('point.next')}
        disabled={index >= count - 1}
        data-testid="editor-point-next"
        onClick={() => onStep(index + 1)}
      />
    </div>
  );
}

/**
 * What the file held at this point that the editor does not edit: written back as it was read, so
 * the user sees it is there.
 */
function KeptActions({ point }: { point: RoutePoint }) {
  const { t } = useTranslation('waylineEditor');
  const name = (func: string) =>
    t(`actions.${func}` as 'actions.takePhoto', {
      defaultValue: t(`actionNames.${func}` as 'actionNames.focus', { defaultValue: func }),
    });
  const lines = [
    ...(point.kept ?? []).map((k) =>
      t('point.keptGroup', {
        trigger: t(`triggers.${k.group.trigger.type}` as 'triggers.reachPoint', {
          defaultValue: k.group.trigger.type,
        }),
        actions: k.group.actions.map((a) => name(a.func)).join(t('listSeparator')),
      }),
    ),
    ...(point.foreign ?? []).map((a) => t('point.keptAction', { action: name(a.func) })),
  ];
  if (lines.length === 0) return null;
  return (
    <ul className="bp6-text-muted sd-editor-kept" data-testid="editor-point-kept">
      {lines.map((line, i) => (
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}

/** The selected waypoint's settings and actions. */
export function PointPanel({ point, index, count, onStep, onChange, onDelete }: Props) {
  const { t } = useTranslation('waylineEditor');
  const stepper = <PointStepper index={point ? index : -1} count={count} onStep={onStep} />;
  if (!point)
    return (
      <>
        {stepper}
        <NonIdealState icon="map-marker" description={t('point.none')} />
      </>
    );
  const angled = point.headingMode === 'smoothTransition' || point.headingMode === 'fixed';
  return (
    <div className="sd-editor-panel" data-testid="editor-point-panel">
      {stepper}
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
        testId="editor-point-lng"
        onCommit={(lng) => onChange({ lng })}
      />
      <NumberField
        label={t('point.lat')}
        value={point.lat}
        min={-90}
        max={90}
        testId="editor-point-lat"
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
      <KeptActions point={point} />
      <H5>{t('point.actions')}</H5>
      <ActionList actions={point.actions} onChange={(actions) => onChange({ actions })} />
    </div>
  );
}
