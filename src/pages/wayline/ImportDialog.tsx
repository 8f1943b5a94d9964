import { useRef, useState, type DragEvent } from 'react';
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  Icon,
  ProgressBar,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Wayline } from '../../../protocol/waylines.ts';
import { useAccountState } from '../../state/account.ts';
import type { PreviewResult } from '../../lib/route/kmzPreview.ts';
import { KmzPreview, KmzRefusal } from './KmzPreview.tsx';
import { InterchangeChoices } from './InterchangeChoices.tsx';
import { InterchangeRow } from './InterchangeRow.tsx';
import { MAX_UPLOAD_MB, useImportQueue, type ImportItem } from './useImportQueue.ts';
import { useInterchangeImports } from './useInterchangeImports.ts';
import { useKmzPreviews } from './useKmzPreviews.ts';

/** Files of other tools, read as routes by the server whatever their name; a KMZ may be either. */
const OTHER_TOOLS = /\.(kml|geojson|json)$/i;

/**
 * Import of route files by drag and drop or the file picker, each file with its outcome: DJI KMZs
 * are uploaded as they are; KML, KMZ and GeoJSON areas and lines of other tools are previewed as
 * the routes they make, with the aircraft and height the user picks, and created on the user's word.
 */
export function ImportDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: (w: Wayline) => void;
}) {
  const { t } = useTranslation('wayline');
  const { workspace } = useAccountState();
  const queue = useImportQueue(workspace?.id ?? null, onImported);
  const picker = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const other = useInterchangeImports(workspace?.id ?? null, onImported);
  const { previews, refused, choose } = useKmzPreviews(queue.add, other.add);
  const chooseFiles = (files: File[]) => {
    other.add(files.filter((f) => OTHER_TOOLS.test(f.name)));
    choose(files.filter((f) => !OTHER_TOOLS.test(f.name)));
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    chooseFiles([...e.dataTransfer.files]);
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('importDialog.title')}
      icon="import"
      className="sd-wayline-import"
    >
      <DialogBody>
        {workspace ? (
          <p>{t('importDialog.project', { name: workspace.name })}</p>
        ) : (
          <Callout intent="warning">{t('importDialog.noProject')}</Callout>
        )}
        <div
          className={`sd-dropzone${over ? ' sd-dropzone--over' : ''}`}
          data-testid="wayline-dropzone"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
        >
          <Icon icon="cloud-upload" size={32} />
          <p>
            {t('importDialog.drop')}{' '}
            <Button
              variant="minimal"
              intent="primary"
              text={t('importDialog.pick')}
              onClick={() => picker.current?.click()}
            />
          </p>
          <p className={Classes.TEXT_MUTED}>{t('importDialog.hint', { mb: MAX_UPLOAD_MB })}</p>
          <input
            ref={picker}
            type="file"
            accept=".kmz,.kml,.geojson,.json"
            multiple
            hidden
            data-testid="wayline-file-input"
            onChange={(e) => {
              chooseFiles([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
        </div>
        {other.items.length > 0 && (
          <InterchangeChoices choices={other.choices} onChange={other.setChoices} />
        )}
        <ul className="sd-import-list">
          {refused.map(({ file, result }, i) => (
            <li key={`refused-${i}`} className="sd-import-item" data-state="failed">
              <div className="sd-import-item__head">
                <Icon icon="error" intent="danger" />
                <span className="sd-import-item__name">{file.name}</span>
              </div>
              <KmzRefusal result={result} />
            </li>
          ))}
          {queue.items.map((item) => (
            <ImportRow key={item.id} item={item} preview={previews.get(item.file)} />
          ))}
          {other.items.map((item) => (
            <InterchangeRow key={`other-${item.id}`} item={item} onCreate={other.create} />
          ))}
        </ul>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t('importDialog.clear')}
              onClick={() => {
                queue.clearFinished();
                other.clearFinished();
              }}
              disabled={queue.items.length === 0 && other.items.length === 0}
            />
            <Button intent="primary" text={t('importDialog.close')} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}

function ImportRow({ item, preview }: { item: ImportItem; preview: PreviewResult | undefined }) {
  const { t } = useTranslation('wayline');
  const status = (() => {
    switch (item.state) {
      case 'waiting':
        return t('importDialog.waiting');
      case 'uploading':
        return t('importDialog.uploading', { percent: Math.round(item.progress * 100) });
      case 'checking':
        return t('importDialog.checking');
      case 'done':
        return t('importDialog.done', { count: item.wayline?.waypoint_count ?? 0 });
      case 'failed':
        if (!item.problem) return '';
        return 'local' in item.problem
          ? t(`importDialog.${item.problem.local}`, { mb: MAX_UPLOAD_MB })
          : item.problem.server;
    }
  })();
  const intent = item.state === 'failed' ? 'danger' : item.state === 'done' ? 'success' : 'primary';
  // Kept, but crossing the project's airspace: the server names the waypoints and legs.
  const airspace = item.wayline?.warnings.filter((w) => w.code.startsWith('airspace_')) ?? [];
  return (
    <li className="sd-import-item" data-state={item.state}>
      <div className="sd-import-item__head">
        <Icon
          icon={
            item.state === 'failed' ? 'error' : item.state === 'done' ? 'tick-circle' : 'document'
          }
          intent={intent}
        />
        <span className="sd-import-item__name">{item.file.name}</span>
      </div>
      {preview && <KmzPreview result={preview} />}
      <ProgressBar
        value={item.state === 'failed' ? 1 : item.progress}
        intent={intent}
        animate={item.state === 'uploading' || item.state === 'checking'}
        stripes={item.state === 'uploading' || item.state === 'checking'}
      />
      <div className="sd-import-item__status">{status}</div>
      {airspace.length > 0 && (
        <Callout compact intent="warning" icon="warning-sign" data-testid="import-airspace">
          {airspace.slice(0, 4).map((w, i) => (
            <div key={i}>{w.message}</div>
          ))}
        </Callout>
      )}
    </li>
  );
}
