/**
 * The operator's HMS text table (`HMS_TEXT_FILE`): the vendor publishes one as JSON, keyed
 * `dock_tip_<code>`, `fpv_tip_<code>` and `fpv_tip_<code>_in_the_sky`, each with `zh` and `en` texts.
 * The loader is tolerant: bare `<code>` keys, an array of `{ code | key, zh, en }` rows, language keys
 * spelled `zh-CN`/`zh_CN`/`cn`/`en-US`, and plain-string values are all read; anything else is skipped
 * and counted, so one odd entry never hides the rest of the table.
 */
import { readFileSync } from 'node:fs';
import type { HmsCodeTexts, HmsText } from '../../protocol/alarms.ts';
import { normaliseHmsCode } from '../../protocol/alarms.ts';
import { StartupError } from '../startupError.ts';

/** Texts by normalised code, and how many entries of the file could not be read. */
export interface HmsTextTable {
  texts: ReadonlyMap<string, HmsCodeTexts>;
  skipped: number;
}

export const EMPTY_HMS_TABLE: HmsTextTable = { texts: new Map(), skipped: 0 };

const ZH_KEYS = ['zh', 'zh-CN', 'zh_CN', 'zh-cn', 'cn'];
const EN_KEYS = ['en', 'en-US', 'en_US', 'en-us'];
/** Longest text kept: a table is documentation, not a place for megabytes per entry. */
const MAX_TEXT = 2_000;

type Slot = keyof HmsCodeTexts;

function textOf(value: unknown): HmsText | null {
  if (typeof value === 'string') return value.trim() === '' ? null : { zh: value, en: value };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const first = (keys: string[]): string | undefined =>
    keys.map((k) => record[k]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const zh = first(ZH_KEYS)?.slice(0, MAX_TEXT);
  const en = first(EN_KEYS)?.slice(0, MAX_TEXT);
  if (zh === undefined && en === undefined) return null;
  return { ...(zh === undefined ? {} : { zh }), ...(en === undefined ? {} : { en }) };
}

/** Which slots a key fills, and for which code; `null` for a key that names no code. */
function slotsOf(key: string): { code: string; slots: Slot[] } | null {
  const match = /^(dock_tip_|fpv_tip_)?(?:0x)?([0-9a-f]{1,8})(_in_the_sky)?$/i.exec(key.trim());
  const code = match?.[2] === undefined ? null : normaliseHmsCode(match[2]);
  if (match === null || code === null) return null;
  const prefix = match[1]?.toLowerCase();
  if (prefix === 'dock_tip_') return match[3] === undefined ? { code, slots: ['dock'] } : null;
  if (prefix === 'fpv_tip_')
    return { code, slots: [match[3] === undefined ? 'aircraft' : 'aircraftInSky'] };
  // A bare code says nothing about the device: it describes the alarm on either.
  return { code, slots: ['dock', 'aircraft'] };
}

function entriesOf(json: unknown): [string, unknown][] | null {
  if (Array.isArray(json)) {
    return json.map((row): [string, unknown] => {
      const r = (row ?? {}) as Record<string, unknown>;
      const key = typeof r.key === 'string' ? r.key : typeof r.code === 'string' ? r.code : '';
      return [key, row];
    });
  }
  if (json !== null && typeof json === 'object') return Object.entries(json);
  return null;
}

/** Reads a parsed table; malformed entries are skipped and counted. */
export function parseHmsTextTable(json: unknown): HmsTextTable | null {
  const entries = entriesOf(json);
  if (entries === null) return null;
  const texts = new Map<string, HmsCodeTexts>();
  let skipped = 0;
  for (const [key, value] of entries) {
    const target = slotsOf(key);
    const text = textOf(value);
    if (target === null || text === null) {
      skipped += 1;
      continue;
    }
    const current = texts.get(target.code) ?? {};
    // A prefixed key is more specific than a bare code: it wins whatever the order in the file.
    for (const slot of target.slots)
      if (current[slot] === undefined || target.slots.length === 1) current[slot] = text;
    texts.set(target.code, current);
  }
  return { texts, skipped };
}

/** Loads `HMS_TEXT_FILE`; an unreadable file or one that is not a JSON table stops the start. */
export function loadHmsTextTable(path: string | undefined): HmsTextTable {
  if (path === undefined) return EMPTY_HMS_TABLE;
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError('HMS_TEXT_FILE', `cannot read the HMS text table ${path}: ${reason}`);
  }
  let table: HmsTextTable | null;
  try {
    table = parseHmsTextTable(JSON.parse(raw));
  } catch {
    table = null;
  }
  if (table === null)
    throw new StartupError('HMS_TEXT_FILE', `${path} is not a JSON object or array of HMS texts`);
  return table;
}
