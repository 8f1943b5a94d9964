import { isRecord, readJson, removeKey, STORAGE_KEYS, writeJson } from '../lib/storage.ts';

/** The stored authorization (spec §3). A present `screenCode` means the screen is locked. */
export interface Authorization {
  token: string;
  refresh_token: string;
  screenCode?: string;
}

function isAuthorization(value: unknown): value is Authorization {
  return (
    isRecord(value) && typeof value.token === 'string' && typeof value.refresh_token === 'string'
  );
}

/** Reads the stored authorization, if any. */
export function loadAuthorization(): Authorization | null {
  return readJson(STORAGE_KEYS.token, isAuthorization) ?? null;
}

/** Persists (or, with `null`, removes) the authorization. */
export function saveAuthorization(auth: Authorization | null): void {
  if (auth === null) removeKey(STORAGE_KEYS.token);
  else writeJson(STORAGE_KEYS.token, auth);
}

/** The VEA-TOKEN session marker; its `id` is the signed-in user's id. */
export interface SessionMarker {
  id: number;
}

function isSessionMarker(value: unknown): value is SessionMarker {
  return isRecord(value) && typeof value.id === 'number';
}

/** Reads the VEA-TOKEN marker. */
export function loadSessionMarker(): SessionMarker | null {
  return readJson(STORAGE_KEYS.session, isSessionMarker) ?? null;
}

/** Writes the VEA-TOKEN marker. */
export function saveSessionMarker(marker: SessionMarker): void {
  writeJson(STORAGE_KEYS.session, marker);
}
