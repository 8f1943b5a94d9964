/**
 * Every local-storage key the console writes (spec §3), in one place so that a test can assert the
 * store holds exactly these and nothing else.
 */
export const STORAGE_KEYS = {
  /** The stored authorization: `{ token, refresh_token, screenCode? }`. */
  token: 'token',
  /** Session marker whose `id` feeds the user-info call. */
  session: 'VEA-TOKEN',
  tags: 'tagList',
  collapse: 'collapse',
  /** Spec §1: the language lives under a key ending in `lang`. */
  language: 'lang',
  clientId: 'clientId',
  workspace: 'workspace',
  /** Dark is the default; only an explicit light choice is saved (brief: "saved light option"). */
  theme: 'theme',
  /** The workbench map's basemap preset (`src/map/basemapStore.ts`). */
  basemap: 'basemap',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Session-storage key of the wayline a later page is editing; a "file does not exist" error drops it. */
export const WAYLINE_ID_SESSION_KEY = 'wayline_id';

/** Reads a JSON value, returning `undefined` when it is absent or unreadable. */
export function readJson<T>(
  key: StorageKey,
  isValid: (value: unknown) => value is T,
): T | undefined {
  const raw = localStorage.getItem(key);
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a JSON value. */
export function writeJson(key: StorageKey, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}

/** Reads a plain string value. */
export function readText(key: StorageKey): string | null {
  return localStorage.getItem(key);
}

/** Writes a plain string value. */
export function writeText(key: StorageKey, value: string): void {
  localStorage.setItem(key, value);
}

/** Removes one key. */
export function removeKey(key: StorageKey): void {
  localStorage.removeItem(key);
}

/** Returns the 6-digit client id, creating it the first time it is asked for. */
export function clientId(): string {
  const existing = localStorage.getItem(STORAGE_KEYS.clientId);
  if (existing !== null && /^\d{6}$/.test(existing)) return existing;
  const created = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  localStorage.setItem(STORAGE_KEYS.clientId, created);
  return created;
}

/**
 * Logout clears local storage as a whole (spec §4), preferences included: a console shared by a
 * shift of operators must not hand the next person the previous one's language, theme or client id.
 */
export function clearLocalStorage(): void {
  localStorage.clear();
}

/** True for a non-null object (a narrowing helper for the readers above). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
