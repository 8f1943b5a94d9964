import { Icon } from '@blueprintjs/core';
import type { MediaFile } from '../../../protocol/media.ts';

/** A file's server-made thumbnail, fetched only when it scrolls near the viewport. */
export function MediaThumb({ file, className }: { file: MediaFile; className: string }) {
  return (
    <span className={`sd-media-thumb ${className}`}>
      <img src={file.thumb_url} alt={file.name} loading="lazy" decoding="async" />
      {file.kind === 'video' && <Icon icon="video" className="sd-media-thumb-badge" />}
    </span>
  );
}
