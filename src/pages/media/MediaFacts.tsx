import { useTranslation } from 'react-i18next';
import type { MediaFile } from '../../../protocol/media.ts';
import { FactsTable, type Fact } from '../../components/FactsTable/FactsTable.tsx';
import { formatTime } from '../../lib/time.ts';
import { formatBytes, formatDegrees, formatMetres, formatPosition } from './format.ts';

/** Everything the library knows about one file, as labelled rows. */
export function MediaFacts({ file }: { file: MediaFile }) {
  const { t } = useTranslation('media');
  const resolution =
    file.width !== null && file.height !== null
      ? t('units.pixels', { w: file.width, h: file.height })
      : '—';
  const facts: Fact[] = [
    ['name', t('name'), file.name],
    ['shotAt', t('shotAt'), formatTime(file.shot_at)],
    ['device', t('device'), `${file.device_name} (${file.device_sn})`],
    ['payload', t('payload'), file.payload],
    ['task', t('task'), file.task_name ?? '—'],
    ['flight', t('flight'), file.flight_id ?? '—'],
    ['position', t('position'), formatPosition(file.lat, file.lon)],
    ['absolute', t('absoluteAltitude'), formatMetres(t, file.absolute_altitude)],
    ['relative', t('relativeAltitude'), formatMetres(t, file.relative_altitude)],
    ['yaw', t('gimbalYaw'), formatDegrees(t, file.gimbal_yaw)],
    ['size', t('size'), formatBytes(file.size)],
    ['resolution', t('resolution'), resolution],
    ['md5', t('md5'), <code key="md5">{file.md5}</code>],
  ];
  return <FactsTable facts={facts} className="sd-media-facts" />;
}
