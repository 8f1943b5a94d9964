import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ringArea } from '../../lib/route/mappingHoles.ts';

interface Props {
  holes: readonly (readonly [number, number][])[];
  drawing: boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/**
 * The holes of a mapping area, numbered as the map numbers them, each with its button to remove it
 * (undo brings it back, so there is no question first unless the lines were edited by hand), and
 * the button that draws another. A new area takes holes before its lines are generated.
 */
export function HoleList({ holes, drawing, onAdd, onRemove }: Props) {
  const { t } = useTranslation('waylineEditor');
  return (
    <div className="sd-editor-holes" data-testid="mapping-holes">
      <p data-testid="mapping-holes-summary">
        {holes.length > 0 ? t('mapping.holes', { count: holes.length }) : t('mapping.noHoles')}
      </p>
      {holes.length > 0 && (
        <ul className="sd-editor-holes__list">
          {holes.map((hole, i) => (
            <li key={i} className="sd-editor-holes__item" data-testid="mapping-hole">
              <span>
                {t('mapping.hole', {
                  n: i + 1,
                  corners: hole.length,
                  area: Math.round(ringArea(hole)),
                })}
              </span>
              <Button
                variant="minimal"
                size="small"
                icon="trash"
                aria-label={t('mapping.removeHole', { n: i + 1 })}
                title={t('mapping.removeHole', { n: i + 1 })}
                data-testid="mapping-hole-remove"
                onClick={() => onRemove(i)}
              />
            </li>
          ))}
        </ul>
      )}
      <Button
        icon="circle"
        text={t('mapping.addHole')}
        active={drawing}
        data-testid="mapping-add-hole"
        onClick={onAdd}
      />
    </div>
  );
}
