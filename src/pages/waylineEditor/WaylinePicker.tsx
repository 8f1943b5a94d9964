import { Button, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { EditorRoute } from '../../lib/route/routeModel.ts';

interface Props {
  route: EditorRoute;
  onSelect: (index: number) => void;
  onAdd: () => void;
  onRemove: () => void;
}

/**
 * Which wayline of the file the map edits: each is its own `Folder` with its own id, flown one
 * after the other. A mapping route is one generated wayline, so it offers no more.
 */
export function WaylinePicker({ route, onSelect, onAdd, onRemove }: Props) {
  const { t } = useTranslation('waylineEditor');
  const many = route.waylines.length > 1;
  return (
    <div className="sd-editor-waylines" data-testid="editor-waylines">
      <HTMLSelect
        value={String(route.active)}
        aria-label={t('waylines.pick')}
        data-testid="editor-wayline-pick"
        disabled={!many}
        fill
        options={route.waylines.map((w, i) => ({
          value: String(i),
          label: t('waylines.option', { n: i + 1, count: w.points.length }),
        }))}
        onChange={(e) => onSelect(Number(e.currentTarget.value))}
      />
      {!route.mapping && (
        <Button
          icon="add"
          variant="minimal"
          title={t('waylines.add')}
          aria-label={t('waylines.add')}
          data-testid="editor-wayline-add"
          onClick={onAdd}
        />
      )}
      {many && (
        <Button
          icon="trash"
          variant="minimal"
          intent="danger"
          title={t('waylines.remove')}
          aria-label={t('waylines.remove')}
          data-testid="editor-wayline-remove"
          onClick={onRemove}
        />
      )}
    </div>
  );
}
