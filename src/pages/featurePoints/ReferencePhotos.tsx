import { useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FeaturePhoto } from '../../../protocol/featurePoints.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { addFeaturePhoto, deleteFeaturePhoto } from '../../api/featurePoints.ts';
import { usePermission } from '../../components/Permission/Permission.tsx';

/** The file's bytes as base64, the way the JSON upload carries them. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk)
    text += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(text);
}

/** The point's reference photos: the chosen one large, the others as thumbnails; upload and remove. */
export function ReferencePhotos({
  pointId,
  photos,
  onChanged,
}: {
  pointId: number;
  photos: readonly FeaturePhoto[];
  onChanged: (photos: FeaturePhoto[]) => void;
}) {
  const { t } = useTranslation('featurePoints');
  const canEdit = usePermission('feature:edit');
  const [shown, setShown] = useState(0);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const current = photos[Math.min(shown, photos.length - 1)];
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const next = await addFeaturePhoto(pointId, file.name, await base64Of(file));
      toastSuccess(t('drawer.photoAdded'));
      setShown(next.length - 1);
      onChanged(next);
    } catch {
      // The client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="fp-reference">
      {current ? (
        <a href={current.url} target="_blank" rel="noreferrer">
          <img className="fp-reference-main" src={current.url} alt={current.name} />
        </a>
      ) : (
        <div className="fp-reference-empty">{t('drawer.noReference')}</div>
      )}
      {photos.length > 1 && (
        <div className="fp-reference-thumbs">
          {photos.map((p, i) => (
            <button key={p.id} type="button" onClick={() => setShown(i)} aria-label={p.name}>
              <img src={p.thumb_url} alt={p.name} />
            </button>
          ))}
        </div>
      )}
      {canEdit && (
        <div className="fp-reference-actions">
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            data-testid="fp-photo-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
          <Button
            icon="upload"
            text={t('drawer.uploadPhoto')}
            loading={busy}
            onClick={() => input.current?.click()}
          />
          {current && (
            <Button
              icon="trash"
              variant="minimal"
              intent="danger"
              text={t('drawer.removePhoto')}
              onClick={() =>
                void deleteFeaturePhoto(current.id).then(
                  (next) => {
                    setShown(0);
                    onChanged(next);
                  },
                  () => undefined,
                )
              }
            />
          )}
        </div>
      )}
    </div>
  );
}
