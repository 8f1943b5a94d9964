import { Drawer, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PAYLOAD_NAMES, type Wayline } from '../../../protocol/waylines.ts';
import { FactsTable, type Fact } from '../../components/FactsTable/FactsTable.tsx';
import { formatTime } from '../../lib/time.ts';
import { formatDuration, formatLength, modelName } from './format.ts';
import { RouteThumbnail } from './RouteThumbnail.tsx';

/** Wide enough for an MD5 fingerprint on one line. */
const DRAWER_WIDTH = '480px';
/** The route drawn large enough to recognise its shape. */
const PREVIEW = { width: 440, height: 220 };

/** One wayline in detail: every fact read from its file when it was imported. */
export function WaylineDrawer({ wayline: w, onClose }: { wayline: Wayline; onClose: () => void }) {
  const { t } = useTranslation('wayline');
  const { t: tWpml } = useTranslation('wpml');
  // Values this console has no words for (newer WPML revisions) show as written in the file.
  const known = (group: 'heightModes' | 'finishActions', key: string) =>
    tWpml(`${group}.${key}`, { defaultValue: key });
  const facts: Fact[] = [
    ['name', t('name'), w.name],
    ['model', t('model'), modelName(w.drone_model_key)],
    ['modelKey', t('facts.modelKey'), <code key="key">{w.drone_model_key}</code>],
    [
      'payload',
      t('payload'),
      PAYLOAD_NAMES[w.payload_model_key] ?? (w.payload_model_key || t('facts.none')),
    ],
    ['type', t('type'), t(`types.${w.template_type}`)],
    ['waypoints', t('waypoints'), w.waypoint_count],
    ['length', t('length'), formatLength(t, w.length_m)],
    ['duration', t('duration'), formatDuration(t, w.duration_s)],
    ['heightMode', t('facts.heightMode'), known('heightModes', w.height_mode)],
    ['finishAction', t('facts.finishAction'), known('finishActions', w.finish_action)],
    ['version', t('facts.version'), w.wpmz_version],
    ['md5', t('facts.md5'), <code key="md5">{w.md5}</code>],
    ['size', t('facts.size'), t('facts.kb', { value: (w.size_bytes / 1024).toFixed(1) })],
    ['creator', t('creator'), w.creator_name],
    ['createdAt', t('createdAt'), formatTime(w.created_at)],
    ['updatedAt', t('facts.updatedAt'), formatTime(w.updated_at)],
  ];
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DRAWER_WIDTH}
      icon="route"
      title={w.name}
      className="sd-wayline-drawer"
    >
      <div className="sd-wayline-drawer__body" data-testid="wayline-drawer">
        <RouteThumbnail outline={w.outline} {...PREVIEW} />
        <H5>{t('facts.title')}</H5>
        <FactsTable facts={facts} className="sd-wayline-facts" />
      </div>
    </Drawer>
  );
}
