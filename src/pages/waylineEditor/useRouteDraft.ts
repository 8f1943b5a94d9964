import { useCallback, useEffect, useRef, useState } from 'react';
import { clock, type Cancel } from '../../lib/clock.ts';
import {
  clearDraft,
  draftKey,
  readDraft,
  sameRoute,
  withFreshIds,
  writeDraft,
  type DraftOwner,
  type DraftStorage,
  type RouteDraft,
} from '../../lib/route/routeDraft.ts';
import { markPageDirty } from '../../state/dirtyPages.ts';
import { useLatest } from '../../lib/useLatest.ts';

/** How long the editor waits after an edit before writing the draft, ms (a burst of drags is one). */
export const DRAFT_DELAY_MS = 500;

interface Options {
  /** Whose draft of which route; `null` keeps no draft (no user or project known yet). */
  owner: DraftOwner | null;
  /** The stored route (or the blank one of a new route) is in the editor. */
  ready: boolean;
  /** What the server holds, to tell a draft worth restoring from a stale one. */
  saved: RouteDraft | null;
  /** The route and name on screen. */
  current: RouteDraft;
  /** The route on screen differs from the saved one. */
  unsaved: boolean;
  /** Puts a draft into the editor. */
  restore: (draft: RouteDraft) => void;
  /** The page's path, under which the tag bar asks before closing it (see `dirtyPages.ts`). */
  path: string;
}

/** Local storage, or nothing where the browser will not give it (then no drafts are kept). */
function storage(): DraftStorage | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

/** The draft under `key` worth offering: one that differs from what the server holds. */
function restorable(key: string, saved: RouteDraft | null): RouteDraft | undefined {
  const store = storage();
  const draft = store ? readDraft(store, key) : undefined;
  if (!draft) return undefined;
  if (saved && draft.name === saved.name && sameRoute(draft.route, saved.route)) return undefined;
  return { route: withFreshIds(draft.route), name: draft.name };
}

/**
 * Keeps unsaved edits safe: writes them as a draft (debounced through the app's clock) while the
 * route is unsaved, offers a draft back when the route is opened again, and asks the browser to
 * confirm before the page is closed or reloaded with edits on screen.
 */
export function useRouteDraft({ owner, ready, saved, current, unsaved, restore, path }: Options) {
  const key = owner ? draftKey(owner) : null;
  /**
   * The draft was looked at once the route opened; nothing is written before that. Once only: a key
   * that changes later (a new route saved, another project picked) takes the draft along instead.
   */
  const [consulted, setConsulted] = useState(false);
  const [restored, setRestored] = useState(false);
  const pending = useRef<{ key: string; draft: RouteDraft } | null>(null);
  const timer = useRef<Cancel | null>(null);
  const keyRef = useLatest(key);

  // Looked at while rendering the opened route (React's "adjust state while rendering"), so the map
  // never draws the stored route first and the draft a frame later. A draft equal to the stored
  // route is not offered; the writer below removes it, as the route holds no edits.
  if (ready && key !== null && !consulted) {
    setConsulted(true);
    const draft = restorable(key, saved);
    if (draft) {
      setRestored(true);
      restore(draft);
    }
  }

  /** Writes the waiting draft now. */
  const flush = useCallback(() => {
    timer.current?.();
    timer.current = null;
    const waiting = pending.current;
    pending.current = null;
    const store = storage();
    if (waiting && store) writeDraft(store, waiting.key, waiting.draft);
  }, []);

  /** Forgets the draft under `key` and anything waiting to be written. */
  const forget = useCallback((key: string | null) => {
    timer.current?.();
    timer.current = null;
    pending.current = null;
    const store = storage();
    if (key !== null && store) clearDraft(store, key);
  }, []);

  /** Forgets the draft after a save, or when it is discarded, and takes the notice away. */
  const clear = useCallback(() => {
    forget(keyRef.current);
    setRestored(false);
  }, [forget, keyRef]);

  const { route, name } = current;
  /** The key the last draft went under, to move the draft when the key changes. */
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    if (!consulted || key === null) return;
    const store = storage();
    if (lastKey.current !== null && lastKey.current !== key && store)
      clearDraft(store, lastKey.current);
    lastKey.current = key;
    if (!unsaved) {
      // Undone back to the saved route, or saved: nothing is left to restore.
      forget(key);
      return;
    }
    pending.current = { key, draft: { route, name } };
    timer.current?.();
    timer.current = clock.setTimeout(flush, DRAFT_DELAY_MS);
  }, [consulted, key, unsaved, route, name, flush, forget]);

  // Hidden behind another tag, or closed: what is waiting is written at once, and so it is when the
  // browser tab goes away.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  useEffect(() => {
    if (!unsaved) return;
    const ask = (e: BeforeUnloadEvent) => {
      flush();
      // Asks for the browser's own "leave site?" prompt, which words the question itself.
      e.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved, flush]);

  // Not withdrawn when the effects end: a page hidden behind another tag keeps its edits, and its
  // tag must still ask before closing it. The tag bar forgets a closed path.
  useEffect(() => markPageDirty(path, unsaved), [path, unsaved]);

  return { restored: restored && unsaved, clear };
}
