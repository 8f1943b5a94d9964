import { AnchorButton, Button, ButtonGroup, Dialog, DialogBody } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaFile } from '../../../protocol/media.ts';
import { downloadUrl } from '../../api/media.ts';
import { MediaFacts } from './MediaFacts.tsx';
import { useZoomPan } from './useZoomPan.ts';

interface Props {
  rows: readonly MediaFile[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** One file large, zoomable and draggable, with its facts; arrow keys step through the page. */
export function PreviewDialog({ rows, index, onIndex, onClose }: Props) {
  const { t } = useTranslation('media');
  const file = rows[index];
  const { view, bindFrame, handlers, zoomIn, zoomOut, reset } = useZoomPan(file?.id);
  const count = rows.length;
  const step = (delta: number) => onIndex((index + delta + count) % count);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (count < 2) return;
      if (e.key === 'ArrowLeft') onIndex((index - 1 + count) % count);
      if (e.key === 'ArrowRight') onIndex((index + 1) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, index, onIndex]);

  if (file === undefined) return null;
  const { scale, x, y } = view;
  return (
    <Dialog
      isOpen
      title={t('viewer.title', { name: file.name })}
      className="sd-media-preview"
      onClose={onClose}
      data-testid="media-preview"
    >
      <DialogBody className="sd-media-preview-body">
        <div className="sd-media-stage">
          <div
            className="sd-media-frame"
            ref={bindFrame}
            // A video keeps its own controls: dragging would steal their pointer.
            {...(file.kind === 'photo' ? handlers : {})}
          >
            {file.kind === 'video' ? (
              <video src={file.file_url} controls className="sd-media-full" />
            ) : (
              <img
                src={file.file_url}
                alt={file.name}
                draggable={false}
                className="sd-media-full"
                style={{ transform: `translate(${x}px, ${y}px) scale(${scale})` }}
              />
            )}
          </div>
          <div className="sd-media-stage-bar">
            <ButtonGroup>
              <Button
                icon="chevron-left"
                aria-label={t('viewer.prev')}
                title={t('viewer.prev')}
                disabled={count < 2}
                onClick={() => step(-1)}
              />
              <Button
                icon="chevron-right"
                aria-label={t('viewer.next')}
                title={t('viewer.next')}
                disabled={count < 2}
                onClick={() => step(1)}
              />
            </ButtonGroup>
            <span data-testid="media-counter">
              {t('viewer.counter', { index: index + 1, count })}
            </span>
            {file.kind === 'photo' && (
              <>
                <ButtonGroup>
                  <Button
                    icon="zoom-out"
                    aria-label={t('viewer.zoomOut')}
                    title={t('viewer.zoomOut')}
                    onClick={zoomOut}
                  />
                  <Button
                    icon="zoom-to-fit"
                    aria-label={t('viewer.zoomReset')}
                    title={t('viewer.zoomReset')}
                    onClick={reset}
                  />
                  <Button
                    icon="zoom-in"
                    aria-label={t('viewer.zoomIn')}
                    title={t('viewer.zoomIn')}
                    onClick={zoomIn}
                  />
                </ButtonGroup>
                <span className="sd-media-zoom" data-testid="media-zoom">
                  {Math.round(scale * 100)}%
                </span>
              </>
            )}
            <AnchorButton
              icon="download"
              text={t('download')}
              href={downloadUrl(file.file_url)}
              download={file.name}
              data-testid="media-download"
            />
          </div>
          <p className="sd-media-hint">{t('viewer.hint')}</p>
        </div>
        <MediaFacts file={file} />
      </DialogBody>
    </Dialog>
  );
}
