/**
 * The chosen basemap and the server's map settings, as a small external store: the switcher writes
 * it, the map, its layers and the coordinate conversion read it. The choice persists in local
 * storage.
 */
import { useSyncExternalStore } from 'react';
import { EMPTY_MAP_CONFIG, isBasemapId } from '../../protocol/map.ts';
import type { BasemapId, MapConfig } from '../../protocol/map.ts';
import { readText, STORAGE_KEYS, writeText } from '../lib/storage.ts';
import { effectiveBasemap } from './presets.ts';

interface BasemapState {
  config: MapConfig;
  /** False until `GET /api/map/config` answered; until then only the offline map is known. */
  configLoaded: boolean;
  /** The user's stored choice, which may name a preset this server has not configured. */
  chosen: BasemapId | null;
  /** What is shown: the choice when available, else the default. */
  active: BasemapId;
}

function storedChoice(): BasemapId | null {
  const raw = readText(STORAGE_KEYS.basemap);
  return isBasemapId(raw) ? raw : null;
}

let state: BasemapState = initialState();
const listeners = new Set<() => void>();

function initialState(): BasemapState {
  const chosen = storedChoice();
  return { config: EMPTY_MAP_CONFIG, configLoaded: false, chosen, active: 'offline' };
}

function update(next: Partial<BasemapState>): void {
  const merged = { ...state, ...next };
  state = { ...merged, active: effectiveBasemap(merged.config, merged.chosen) };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current basemap state, outside React. */
export function basemapState(): BasemapState {
  return state;
}

/** The current basemap state for components; re-renders on every change. */
export function useBasemapState(): BasemapState {
  return useSyncExternalStore(subscribe, basemapState);
}

/**
 * Takes the server's settings; a stored choice this server cannot show falls back to the default.
 */
export function setMapConfig(config: MapConfig): void {
  update({ config, configLoaded: true, chosen: storedChoice() });
}

/** Shows `id` and remembers it across reloads. */
export function chooseBasemap(id: BasemapId): void {
  writeText(STORAGE_KEYS.basemap, id);
  update({ chosen: id });
}
