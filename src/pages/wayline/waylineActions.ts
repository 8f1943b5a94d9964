import type { TFunction } from 'i18next';
import type { Wayline } from '../../../protocol/waylines.ts';
import { downloadWayline, duplicateWayline, favoriteWayline } from '../../api/waylines.ts';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { saveBlob } from '../../lib/saveBlob.ts';
import { exportKml } from './interchangeApi.ts';

/** Downloads the stored KMZ exactly as it was imported. */
export async function downloadKmz(t: TFunction<'wayline'>, w: Wayline): Promise<void> {
  const result = await downloadWayline(w.id);
  if (!result.ok) {
    toastError(result.message);
    return;
  }
  saveBlob(result.value, `${w.name}.kmz`);
  toastSuccess(t('downloaded', { name: w.name }));
}

/** Saves the route as a KML file for Google Earth. */
export async function downloadKml(t: TFunction<'wayline'>, w: Wayline): Promise<void> {
  const result = await exportKml(w.id);
  if (!result.ok) {
    toastError(result.message);
    return;
  }
  saveBlob(result.value, `${w.name}.kml`);
  toastSuccess(t('exportedKml', { name: w.name }));
}

/** Copies a wayline; failures were already shown by the client. */
export async function duplicate(t: TFunction<'wayline'>, w: Wayline): Promise<boolean> {
  try {
    const copy = await duplicateWayline(w.id);
    toastSuccess(t('duplicated', { name: copy.name }));
    return true;
  } catch {
    return false;
  }
}

/** Flips the favourite mark; failures were already shown by the client. */
export async function toggleFavorite(w: Wayline): Promise<boolean> {
  try {
    await favoriteWayline(w.id, !w.favorite);
    return true;
  } catch {
    return false;
  }
}
