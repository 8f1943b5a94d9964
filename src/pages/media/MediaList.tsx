import { AnchorButton, Button, ButtonGroup, Checkbox, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MediaFile } from '../../../protocol/media.ts';
import { downloadUrl } from '../../api/media.ts';
import { formatTime } from '../../lib/time.ts';
import { formatBytes } from './format.ts';
import { MediaThumb } from './MediaThumb.tsx';
import type { Selection } from './useSelection.ts';

/** The page's files as table rows with a tick box, a small thumbnail and the main facts. */
export function MediaList({
  rows,
  selection,
  onOpen,
}: {
  rows: readonly MediaFile[];
  selection: Selection;
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation('media');
  return (
    <HTMLTable
      striped
      interactive
      compact
      className="sd-table sd-media-list"
      data-testid="media-list"
    >
      <thead>
        <tr>
          <th style={{ width: 40 }}>
            <Checkbox
              checked={selection.all}
              indeterminate={selection.some}
              aria-label={t('selectAll')}
              onChange={selection.togglePage}
            />
          </th>
          <th>{t('thumbnail')}</th>
          <th>{t('name')}</th>
          <th>{t('kind')}</th>
          <th>{t('task')}</th>
          <th>{t('device')}</th>
          <th>{t('shotAt')}</th>
          <th>{t('size')}</th>
          <th>{t('actions')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((file, index) => (
          <tr key={file.id}>
            <td>
              <Checkbox
                checked={selection.isPicked(file.id)}
                aria-label={t('selectOne', { name: file.name })}
                onChange={() => selection.toggle(file)}
              />
            </td>
            <td>
              <button type="button" className="sd-media-open" onClick={() => onOpen(index)}>
                <MediaThumb file={file} className="sd-media-thumb--row" />
              </button>
            </td>
            <td className="sd-media-name-cell">{file.name}</td>
            <td>{t(`kinds.${file.kind}`)}</td>
            <td>{file.task_name ?? ''}</td>
            <td>{file.device_name || file.device_sn}</td>
            <td>{formatTime(file.shot_at)}</td>
            <td>{formatBytes(file.size)}</td>
            <td>
              <ButtonGroup variant="minimal">
                <Button
                  icon="eye-open"
                  aria-label={t('preview')}
                  title={t('preview')}
                  onClick={() => onOpen(index)}
                />
                <AnchorButton
                  icon="download"
                  aria-label={t('download')}
                  title={t('download')}
                  href={downloadUrl(file.file_url)}
                  download={file.name}
                />
              </ButtonGroup>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
