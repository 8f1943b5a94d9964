import { Button, ButtonGroup, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  mappingSpacing,
  PAYLOAD_FOV_DEG,
  type MappingSettings,
} from '../../lib/route/mappingRoute.ts';
import { HoleList } from './HoleList.tsx';
import { NumberField } from './NumberField.tsx';

interface Props {
  settings: MappingSettings;
  payloadKey: string;
  area: [number, number][] | null;
  /** The route was generated from this area with the settings shown (or opened as such). */
  generated: boolean;
  drawing: boolean;
  /** Holes of the area shown: the generated one's, or those drawn in a new one since. */
  holes: readonly (readonly [number, number][])[];
  drawingHole: boolean;
  onSettings: (s: MappingSettings) => void;
  onDraw: () => void;
  onGenerate: () => void;
  onAddHole: () => void;
  onRemoveHole: (index: number) => void;
}

/** Area, overlaps and camera of a mapping route, and the button that generates it. */
export function MappingPanel(props: Props) {
  const { settings: s, payloadKey, area, generated, drawing, ...on } = props;
  const { t } = useTranslation('waylineEditor');
  const set = (change: Partial<MappingSettings>) => on.onSettings({ ...s, ...change });
  const { lineSpacing, photoSpacing } = mappingSpacing(s);
  const preset = PAYLOAD_FOV_DEG[payloadKey];
  const field = (key: keyof MappingSettings, min: number, max: number, label: string) => (
    <NumberField
      label={label}
      value={s[key]}
      min={min}
      max={max}
      testId={`mapping-${key}`}
      onCommit={(v) => set({ [key]: v })}
    />
  );
  return (
    <div className="sd-editor-panel" data-testid="editor-mapping">
      <p className="bp6-text-muted">{t('mapping.intro')}</p>
      <ButtonGroup>
        <Button
          icon="polygon-filter"
          active={drawing}
          text={area ? t('mapping.redraw') : t('mapping.draw')}
          data-testid="mapping-draw"
          onClick={on.onDraw}
        />
      </ButtonGroup>
      <p data-testid="mapping-area">
        {area ? t('mapping.area', { n: area.length }) : t('mapping.noArea')}
      </p>
      {generated && (
        <Callout compact intent="primary" data-testid="mapping-saved">
          {t('mapping.saved')}
        </Callout>
      )}
      {area && (
        <HoleList
          holes={props.holes}
          drawing={props.drawingHole}
          onAdd={on.onAddHole}
          onRemove={on.onRemoveHole}
        />
      )}
      {field('height', 2, 1500, t('mapping.height'))}
      {field('frontOverlap', 0, 95, t('mapping.frontOverlap'))}
      {field('sideOverlap', 0, 95, t('mapping.sideOverlap'))}
      <div className="sd-editor-row">
        {field('fovDeg', 1, 170, t('mapping.fov'))}
        {preset !== undefined && (
          <Button
            variant="minimal"
            icon="camera"
            title={t('mapping.fovPreset')}
            aria-label={t('mapping.fovPreset')}
            onClick={() => set({ fovDeg: preset })}
          />
        )}
      </div>
      {field('direction', -360, 360, t('mapping.direction'))}
      {field('margin', -500, 500, t('mapping.margin'))}
      {field('speed', 1, 15, t('mapping.speed'))}
      <Callout compact>
        {t('mapping.spacing', { line: lineSpacing.toFixed(1), photo: photoSpacing.toFixed(1) })}
      </Callout>
      <Button
        intent="primary"
        icon="layout-grid"
        text={generated ? t('mapping.regenerate') : t('mapping.generate')}
        disabled={!area}
        data-testid="mapping-generate"
        onClick={on.onGenerate}
      />
    </div>
  );
}
