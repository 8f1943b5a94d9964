import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODELS } from '../../../protocol/mqtt/models.ts';
import { PAYLOAD_NAMES } from '../../../protocol/waylines.ts';
import {
  EXIT_ON_RC_LOST,
  FINISH_ACTIONS,
  HEIGHT_RANGE,
  RC_LOST_ACTIONS,
  ROUTE_AIRCRAFT,
  SPEED_RANGE,
  type RouteGlobals,
} from '../../lib/route/routeModel.ts';
import { NumberField } from './NumberField.tsx';
import { SelectField } from './SelectField.tsx';

interface Props {
  globals: RouteGlobals;
  onChange: (change: Partial<RouteGlobals>, applyToPoints?: boolean) => void;
}

/** Settings of the whole route: aircraft, speeds, heights, and what to do at the end or on signal loss. */
export function GlobalsPanel({ globals: g, onChange }: Props) {
  const { t } = useTranslation('waylineEditor');
  const { t: tWpml } = useTranslation('wpml');
  const aircraft = Object.keys(ROUTE_AIRCRAFT).map((key) => ({
    value: key,
    label: MODELS[key] ?? key,
  }));
  if (!(g.aircraftKey in ROUTE_AIRCRAFT))
    aircraft.push({ value: g.aircraftKey, label: MODELS[g.aircraftKey] ?? g.aircraftKey });
  const payloads = [
    { value: '', label: t('globals.noPayload') },
    ...Object.entries(PAYLOAD_NAMES).map(([value, label]) => ({ value, label })),
  ];
  if (!payloads.some((p) => p.value === g.payloadKey))
    payloads.push({ value: g.payloadKey, label: g.payloadKey });
  return (
    <div className="sd-editor-panel" data-testid="editor-globals">
      <SelectField
        label={t('globals.aircraft')}
        value={g.aircraftKey}
        options={aircraft}
        onChange={(aircraftKey) =>
          onChange({ aircraftKey, payloadKey: ROUTE_AIRCRAFT[aircraftKey] ?? g.payloadKey })
        }
      />
      <SelectField
        label={t('globals.payload')}
        value={g.payloadKey}
        options={payloads}
        onChange={(payloadKey) => onChange({ payloadKey })}
      />
      <div className="sd-editor-row">
        <NumberField
          label={t('globals.speed')}
          value={g.autoFlightSpeed}
          {...SPEED_RANGE}
          onCommit={(autoFlightSpeed) => onChange({ autoFlightSpeed })}
        />
        <Button
          variant="minimal"
          icon="duplicate"
          title={t('globals.applySpeed')}
          aria-label={t('globals.applySpeed')}
          onClick={() => onChange({ autoFlightSpeed: g.autoFlightSpeed }, true)}
        />
      </div>
      <div className="sd-editor-row">
        <NumberField
          label={t('globals.height')}
          value={g.globalHeight}
          {...HEIGHT_RANGE}
          onCommit={(globalHeight) => onChange({ globalHeight })}
        />
        <Button
          variant="minimal"
          icon="duplicate"
          title={t('globals.applyHeight')}
          aria-label={t('globals.applyHeight')}
          onClick={() => onChange({ globalHeight: g.globalHeight }, true)}
        />
      </div>
      <NumberField
        label={t('globals.takeOffSecurityHeight')}
        value={g.takeOffSecurityHeight}
        min={1.2}
        max={1500}
        onCommit={(takeOffSecurityHeight) => onChange({ takeOffSecurityHeight })}
      />
      <NumberField
        label={t('globals.transitionalSpeed')}
        value={g.transitionalSpeed}
        {...SPEED_RANGE}
        onCommit={(transitionalSpeed) => onChange({ transitionalSpeed })}
      />
      <SelectField
        label={t('globals.finishAction')}
        value={g.finishAction}
        testId="editor-finish-action"
        options={FINISH_ACTIONS.map((a) => ({ value: a, label: tWpml(`finishActions.${a}`) }))}
        onChange={(finishAction) => onChange({ finishAction })}
      />
      <SelectField
        label={t('globals.exitOnRCLost')}
        value={g.exitOnRCLost}
        options={EXIT_ON_RC_LOST.map((a) => ({ value: a, label: t(`exitOnRCLost.${a}`) }))}
        onChange={(exitOnRCLost) => onChange({ exitOnRCLost })}
      />
      <SelectField
        label={t('globals.rcLostAction')}
        value={g.rcLostAction}
        disabled={g.exitOnRCLost === 'goContinue'}
        options={RC_LOST_ACTIONS.map((a) => ({ value: a, label: t(`rcLostActions.${a}`) }))}
        onChange={(rcLostAction) => onChange({ rcLostAction })}
      />
      <p className="bp6-text-muted">
        {t('globals.heightMode', {
          // A mode this table does not know is shown as the file names it.
          mode: tWpml(`heightModes.${g.heightMode}`, { defaultValue: g.heightMode }),
        })}
      </p>
    </div>
  );
}
