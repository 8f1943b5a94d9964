import { Button, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTION_KINDS,
  newAction,
  type PointAction,
  type PointActionKind,
} from '../../lib/route/routeModel.ts';
import { NumberField } from './NumberField.tsx';

/** Range of each action's value, in its unit. */
const VALUE_RANGE = {
  hover: { min: 0.1, max: 900 },
  rotateYaw: { min: -180, max: 180 },
  gimbalRotate: { min: -90, max: 35 },
  zoom: { min: 1, max: 200 },
} as const;

function valueOf(a: PointAction): number | undefined {
  switch (a.kind) {
    case 'hover':
      return a.seconds;
    case 'rotateYaw':
      return a.heading;
    case 'gimbalRotate':
      return a.pitch;
    case 'zoom':
      return a.factor;
    case 'takePhoto':
    case 'startRecord':
    case 'stopRecord':
      return undefined;
  }
}

function withValue(a: PointAction, v: number): PointAction {
  switch (a.kind) {
    case 'hover':
      return { ...a, seconds: v };
    case 'rotateYaw':
      return { ...a, heading: v };
    case 'gimbalRotate':
      return { ...a, pitch: v };
    case 'zoom':
      return { ...a, factor: v };
    case 'takePhoto':
    case 'startRecord':
    case 'stopRecord':
      return a;
  }
}

/** A waypoint's actions, in the order the aircraft runs them at the point. */
export function ActionList({
  actions,
  onChange,
}: {
  actions: readonly PointAction[];
  onChange: (actions: PointAction[]) => void;
}) {
  const { t } = useTranslation('waylineEditor');
  const [kind, setKind] = useState<PointActionKind>('takePhoto');
  return (
    <div className="sd-editor-actions" data-testid="editor-actions">
      {actions.length === 0 && <p className="bp6-text-muted">{t('point.noActions')}</p>}
      <ol>
        {actions.map((a, i) => {
          const value = valueOf(a);
          return (
            <li key={`${a.kind}-${i}`}>
              <span className="sd-editor-actions__name">{t(`actions.${a.kind}`)}</span>
              {value !== undefined && (
                <NumberField
                  label={t(`actionValue.${a.kind as keyof typeof VALUE_RANGE}`)}
                  value={value}
                  {...VALUE_RANGE[a.kind as keyof typeof VALUE_RANGE]}
                  onCommit={(v) => onChange(actions.map((b, j) => (j === i ? withValue(b, v) : b)))}
                />
              )}
              <Button
                icon="cross"
                variant="minimal"
                aria-label={t('point.removeAction')}
                title={t('point.removeAction')}
                onClick={() => onChange(actions.filter((_, j) => j !== i))}
              />
            </li>
          );
        })}
      </ol>
      <div className="sd-editor-actions__add">
        <HTMLSelect
          value={kind}
          aria-label={t('point.addAction')}
          options={ACTION_KINDS.map((k) => ({ value: k, label: t(`actions.${k}`) }))}
          onChange={(e) => {
            const k = ACTION_KINDS.find((x) => x === e.currentTarget.value);
            if (k) setKind(k);
          }}
        />
        <Button
          icon="add"
          text={t('point.addAction')}
          onClick={() => onChange([...actions, newAction(kind)])}
        />
      </div>
    </div>
  );
}
