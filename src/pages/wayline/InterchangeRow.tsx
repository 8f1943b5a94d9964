import { Button, Callout, Classes, Icon, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { InterchangeCandidate } from '../../../protocol/waylineInterchange.ts';
import { formatLength } from './format.ts';
import { RouteThumbnail } from './RouteThumbnail.tsx';
import type { InterchangeItem } from './useInterchangeImports.ts';

/** Preview box size, px (as a KMZ's). */
const SIZE = { width: 120, height: 72 };

/** One route the file makes: its outline (a mapping route's closed area), facts and what to know. */
function Candidate({ c, height }: { c: InterchangeCandidate; height: number }) {
  const { t } = useTranslation('wayline');
  return (
    <div className="sd-kmz-preview" data-testid="interchange-candidate">
      <RouteThumbnail outline={c.area ? [...c.area, ...c.area.slice(0, 1)] : c.outline} {...SIZE} />
      <div>
        <div className="sd-import-item__name">{c.name}</div>
        <div className={Classes.TEXT_MUTED}>
          {t('interchange.facts', {
            type: t(`types.${c.template_type}`),
            count: c.waypoint_count,
            length: formatLength(t, c.length_m),
            heights:
              c.heights === 'file'
                ? t(
                    `interchange.heightsFile.${c.height_mode === 'WGS84' ? 'ellipsoid' : 'relative'}`,
                  )
                : t('interchange.heightsDefault', { height }),
          })}
        </div>
        {c.notes.map((n) => (
          <div key={n.code} className="sd-interchange-note">
            <Icon icon="info-sign" size={12} />{' '}
            {t(`interchange.notes.${n.code}`, 'count' in n ? { count: n.count } : {})}
          </div>
        ))}
      </div>
    </div>
  );
}

function status(t: ReturnType<typeof useTranslation<'wayline'>>['t'], item: InterchangeItem) {
  switch (item.state) {
    case 'choose':
      return t('interchange.needAircraft');
    case 'previewing':
      return t('interchange.previewing');
    case 'ready':
      return '';
    case 'importing':
      return t('interchange.importing');
    case 'done':
      return t('interchange.done', { count: item.created?.length ?? 0 });
    case 'failed':
      return item.problem ?? '';
  }
}

/** A file from another tool: what it would make, the button that makes it, or why it cannot. */
export function InterchangeRow({
  item,
  onCreate,
}: {
  item: InterchangeItem;
  onCreate: (item: InterchangeItem) => void;
}) {
  const { t } = useTranslation('wayline');
  const routes = item.preview?.routes ?? [];
  const failed = item.state === 'failed';
  const done = item.state === 'done';
  const busy = item.state === 'previewing' || item.state === 'importing';
  return (
    <li className="sd-import-item" data-state={item.state} data-testid="interchange-item">
      <div className="sd-import-item__head">
        <Icon
          icon={failed ? 'error' : done ? 'tick-circle' : 'map'}
          intent={failed ? 'danger' : done ? 'success' : 'primary'}
        />
        <span className="sd-import-item__name">{item.file.name}</span>
        {item.preview && (
          <span className={Classes.TEXT_MUTED}>
            {t(`interchange.formats.${item.preview.format}`)}
          </span>
        )}
      </div>
      {!failed &&
        routes.map((c, i) => <Candidate key={i} c={c} height={item.previewedWith?.height ?? 0} />)}
      {busy && <ProgressBar intent="primary" />}
      {failed && item.problem !== undefined ? (
        <Callout intent="danger" compact className="sd-import-item__status">
          {item.problem}
        </Callout>
      ) : (
        <div className="sd-import-item__status">{status(t, item)}</div>
      )}
      {item.state === 'ready' && (
        <Button
          intent="primary"
          icon="add"
          data-testid="interchange-create"
          text={t('interchange.create', { count: routes.length })}
          onClick={() => onCreate(item)}
        />
      )}
    </li>
  );
}
