/**
 * Texts of HMS codes from the operator's table (`HMS_TEXT_FILE` on the server), fetched once per code
 * as alarms with new codes appear, and kept for the tab's life: a table does not change while the
 * console runs. Codes the table lacks are remembered too, so they are not asked for again.
 */
import { useCallback } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';
import type { HmsCodeTexts } from '../../protocol/alarms.ts';
import { normaliseHmsCode } from '../../protocol/alarms.ts';
import { fetchHmsTexts } from '../api/alarms.ts';
import { clock } from '../lib/clock.ts';

/** New codes are gathered this long so that a burst of alarms costs one request (ms). */
const BATCH_MS = 200;
/** Codes per request, as the server allows. */
const BATCH_CODES = 200;

const known = new Map<string, HmsCodeTexts | null>();
const pending = new Set<string>();
/** The answered texts, replaced whole on every answer so readers re-render. */
const answered = proxy({ texts: ref(new Map<string, HmsCodeTexts>()) });
let scheduled = false;

async function flush(): Promise<void> {
  scheduled = false;
  const codes = [...pending].slice(0, BATCH_CODES);
  for (const code of codes) pending.delete(code);
  if (pending.size > 0) schedule();
  try {
    const texts = await fetchHmsTexts(codes);
    for (const code of codes) known.set(code, texts[code] ?? null);
  } catch {
    // Without the table the console shows its own wording; asking again would only repeat the error.
    return;
  }
  const next = new Map(answered.texts);
  for (const code of codes) {
    const texts = known.get(code);
    if (texts) next.set(code, texts);
  }
  answered.texts = ref(next);
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  clock.setTimeout(() => void flush(), BATCH_MS);
}

/** Asks for the texts of `codes` not asked for yet. */
export function requestHmsTexts(codes: Iterable<string>): void {
  for (const raw of codes) {
    const code = normaliseHmsCode(raw);
    if (code === null || known.has(code) || pending.has(code)) continue;
    known.set(code, null);
    pending.add(code);
  }
  if (pending.size > 0) schedule();
}

/** A lookup of the operator table's texts by code; re-renders the caller when texts arrive. */
export function useHmsTextLookup(): (code: string) => HmsCodeTexts | undefined {
  const texts = useSnapshot(answered).texts as ReadonlyMap<string, HmsCodeTexts>;
  return useCallback(
    (code: string) => {
      const normalised = normaliseHmsCode(code);
      return normalised === null ? undefined : texts.get(normalised);
    },
    [texts],
  );
}
