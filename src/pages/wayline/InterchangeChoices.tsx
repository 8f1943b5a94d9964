import { useState } from 'react';
import { FormGroup, HTMLSelect, NumericInput, SegmentedControl } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  ALTITUDE_READINGS,
  INTERCHANGE_HEIGHT_RANGE,
  type AltitudeReading,
} from '../../../protocol/waylineInterchange.ts';
import { ROUTE_AIRCRAFT } from '../../../protocol/mqtt/models.ts';
import { modelName } from './format.ts';
import type { DraftChoices } from './useInterchangeImports.ts';

const clampHeight = (v: number) =>
  Math.min(INTERCHANGE_HEIGHT_RANGE.max, Math.max(INTERCHANGE_HEIGHT_RANGE.min, v));

/**
 * The aircraft, flight height and reading of heights that the routes of other tools' files are
 * made with. The height is taken when the field is left or Enter is pressed, not at every keystroke:
 * each change asks the server for a new preview.
 */
export function InterchangeChoices({
  choices,
  onChange,
}: {
  choices: DraftChoices;
  onChange: (c: DraftChoices) => void;
}) {
  const { t } = useTranslation('wayline');
  const [height, setHeight] = useState(choices.height);
  const commit = () => {
    const value = Number.isFinite(height) ? clampHeight(height) : choices.height;
    setHeight(value);
    if (value !== choices.height) onChange({ ...choices, height: value });
  };
  return (
    <div className="sd-interchange-choices" data-testid="interchange-choices">
      <FormGroup label={t('interchange.aircraft')} labelFor="interchange-drone">
        <HTMLSelect
          id="interchange-drone"
          fill
          value={choices.drone ?? ''}
          onChange={(e) => onChange({ ...choices, drone: e.currentTarget.value || null })}
          options={[
            { value: '', label: t('interchange.chooseAircraft') },
            ...Object.keys(ROUTE_AIRCRAFT).map((key) => ({
              value: key,
              label: modelName(key),
            })),
          ]}
        />
      </FormGroup>
      <FormGroup label={t('interchange.height')} labelFor="interchange-height">
        <NumericInput
          id="interchange-height"
          fill
          min={INTERCHANGE_HEIGHT_RANGE.min}
          max={INTERCHANGE_HEIGHT_RANGE.max}
          value={height}
          onValueChange={(v) => setHeight(v)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
          onButtonClick={(v) => {
            setHeight(v);
            onChange({ ...choices, height: clampHeight(v) });
          }}
        />
      </FormGroup>
      <FormGroup label={t('interchange.altitude')}>
        <SegmentedControl
          fill
          size="small"
          value={choices.altitude}
          options={ALTITUDE_READINGS.map((a) => ({
            value: a,
            label: t(`interchange.altitudes.${a}`),
          }))}
          onValueChange={(v) => onChange({ ...choices, altitude: v as AltitudeReading })}
        />
      </FormGroup>
    </div>
  );
}
