import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { PreviewResult } from '../../lib/route/kmzPreview.ts';
import { MODELS } from '../../../protocol/mqtt/models.ts';
import { formatLength, modelName } from './format.ts';
import { RouteThumbnail } from './RouteThumbnail.tsx';

/** Preview box size, px. */
const SIZE = { width: 120, height: 72 };

/** What the browser read from a chosen KMZ before sending it: its route and facts, or why not. */
export function KmzPreview({ result }: { result: PreviewResult }) {
  const { t } = useTranslation('wayline');
  if (!result.ok) return <KmzRefusal result={result} />;
  const p = result.preview;
  const known = ['waypoint', 'mapping2d', 'mapping3d', 'mappingStrip'] as const;
  const type = known.find((k) => k === p.templateType);
  return (
    <div className="sd-kmz-preview" data-testid="kmz-preview">
      <RouteThumbnail outline={p.points} {...SIZE} />
      <div>
        <div className={Classes.TEXT_MUTED}>{t('preview.title')}</div>
        <div>
          {t('preview.facts', {
            model:
              MODELS[p.droneKey] === undefined
                ? t('preview.unknownModel', { key: p.droneKey })
                : modelName(p.droneKey),
            type: type ? t(`types.${type}`) : p.templateType,
            count: p.points.length,
            length: formatLength(t, p.lengthM),
            finish: p.finishAction,
          })}
        </div>
      </div>
    </div>
  );
}

/**
 * Why the browser will not send a file, as an import row's status line (the same words the server
 * would answer, so a refusal reads the same whichever side finds it).
 */
export function KmzRefusal({ result }: { result: PreviewResult & { ok: false } }) {
  const { t } = useTranslation('wayline');
  return (
    <div
      className="sd-import-item__status"
      data-testid="kmz-preview-refused"
      title={t('preview.refused', { reason: '' })}
    >
      {t(`preview.${result.problem}`, result.params)}
    </div>
  );
}
