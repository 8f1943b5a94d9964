/**
 * The fleet as the GL drone layer draws it, without any GL: the roster (who, which colour), each
 * drone's glide (where), the clusters (which ones a bubble hides), and the packed vertex data. One
 * {@link DroneScene.update} per fleet frame reads the worker's position table and packs every drone
 * into one array; no GeoJSON is built per frame.
 */
import type { DeviceCell } from '../../../fleet/fleet.ts';
import type { ToDisplay } from '../../../map/displayCoords.ts';
import type { PositionTable } from '../../../fleet/table/fleetPositions.ts';
import { droneRoster, rosterFix } from './droneRoster.ts';
import type { DroneRoster, Fix } from './droneRoster.ts';
import { DroneClusters } from './gl/droneClusters.ts';
import type { Bubbles } from './gl/droneClusters.ts';
import { FLAG_HIDDEN, FLAG_SELECTED, packDroneInstances } from './gl/droneInstances.ts';
import type { DroneInstances } from './gl/droneInstances.ts';
import { DroneTracks } from './gl/droneTracks.ts';
import type { DrawnPlace } from './gl/droneTracks.ts';
import { pickDrone } from './gl/pickDrone.ts';

/**
 * Statuses are recomputed this often (ms) while fixes stream in: a colour change (alarm, return,
 * silence) shows within a quarter second, as with the 4 Hz GeoJSON pushes before, while position
 * updates stay a plain array walk.
 */
export const ROSTER_REFRESH_MS = 250;

/** What the scene reads each frame. */
export interface SceneInput {
  now: number;
  cells: Iterable<DeviceCell>;
  selected: string | null;
  toDisplay: ToDisplay;
  table: PositionTable | null;
  zoom: number;
  /** Whether drones glide to new fixes (see `DroneGlLayer.smoothMotion`); they jump without. */
  glide?: boolean;
}

/** What changed for the map: new vertex data always; new bubbles when clusters changed. */
export interface SceneFrame {
  instances: DroneInstances;
  /** Until when (epoch ms) some drone still glides: the layer repaints until then. */
  glideEnd: number;
  /** `null` when the bubbles did not change. */
  bubbles: Bubbles | null;
  /** Whether the selected drone is on the map (its halo pass is drawn). */
  hasSelected: boolean;
}

/** A screen point, as `map.project` answers it. */
export interface ScreenPoint {
  x: number;
  y: number;
}

export class DroneScene {
  private roster: DroneRoster | null = null;
  private rosterAt = -Infinity;
  private rosterSelected: string | null = null;
  private rosterToDisplay: ToDisplay | null = null;
  private readonly tracks = new DroneTracks();
  private readonly clusters = new DroneClusters();
  private flags = new Uint8Array(0);
  private packed: Float32Array = new Float32Array(0);
  private readonly fix: Fix = { lon: 0, lat: 0, heading: 0 };

  /** The cluster bubbles as last handed out. */
  get bubbles(): Bubbles {
    return this.clusters.bubbles;
  }

  /** How many drones the map holds (bubbles included). */
  get count(): number {
    return this.tracks.count;
  }

  /** Takes the latest fleet state: positions every call, the roster when due. */
  update(input: SceneInput): SceneFrame {
    const { now, table, toDisplay } = input;
    if (this.rosterDue(input)) this.rebuildRoster(input);
    const roster = this.roster;
    const tracks = this.tracks;
    let moved = false;
    if (roster !== null) {
      const fix = this.fix;
      for (let slot = 0; slot < tracks.count; slot += 1) {
        if (!rosterFix(roster, slot, table, fix)) continue;
        const [lon, lat] = toDisplay(fix.lon, fix.lat);
        if (tracks.toLon[slot] !== lon || tracks.toLat[slot] !== lat) moved = true;
        tracks.setFix(slot, lon, lat, fix.heading, now, input.glide ?? true);
      }
    }
    if (moved) this.clusters.noteMoved();
    return this.frame(now, input.zoom);
  }

  /** The frame for a new zoom level, or `null` when the clusters stay as they are. */
  zoomed(now: number, zoom: number): SceneFrame | null {
    if (!this.clusters.update(now, zoom, this.tracks.toLon, this.tracks.toLat, this.count))
      return null;
    return this.pack(now, this.clusters.bubbles);
  }

  /**
   * The serial number of the drone drawn at screen point (`x`, `y`) at `now`, projecting each shown
   * drone with `project`; `null` when there is none.
   */
  pick(now: number, x: number, y: number, project: (lon: number, lat: number) => ScreenPoint) {
    const roster = this.roster;
    if (roster === null) return null;
    const xs = new Float64Array(this.count);
    const ys = new Float64Array(this.count);
    const place: DrawnPlace = { lon: 0, lat: 0, heading: 0 };
    const hidden = this.clusters.hidden;
    for (let slot = 0; slot < this.count; slot += 1) {
      if ((hidden[slot] ?? 0) !== 0) continue;
      this.tracks.placeAt(slot, now, place);
      const point = project(place.lon, place.lat);
      xs[slot] = point.x;
      ys[slot] = point.y;
    }
    const slot = pickDrone(xs, ys, hidden, this.count, x, y);
    return slot < 0 ? null : (roster.sns[slot] ?? null);
  }

  private rosterDue({ now, selected, toDisplay, table }: SceneInput): boolean {
    const roster = this.roster;
    return (
      roster === null ||
      now - this.rosterAt >= ROSTER_REFRESH_MS ||
      selected !== this.rosterSelected ||
      toDisplay !== this.rosterToDisplay ||
      (table?.rows ?? null) !== roster.table
    );
  }

  private rebuildRoster({ now, cells, selected, toDisplay, table }: SceneInput): void {
    const previous = this.roster;
    const next = droneRoster(cells, selected, now, table);
    if (!sameSerials(previous?.sns ?? [], next.sns)) {
      this.tracks.reorder(previous?.sns ?? [], next.sns);
      this.clusters.noteMembership();
    }
    // A new basemap datum moves every drone at once: jump there rather than glide across the map.
    if (toDisplay !== this.rosterToDisplay) this.tracks.reorder([], next.sns);
    this.roster = next;
    this.rosterAt = now;
    this.rosterSelected = selected;
    this.rosterToDisplay = toDisplay;
  }

  private frame(now: number, zoom: number): SceneFrame {
    const changed = this.clusters.update(
      now,
      zoom,
      this.tracks.toLon,
      this.tracks.toLat,
      this.count,
    );
    return this.pack(now, changed ? this.clusters.bubbles : null);
  }

  private pack(now: number, bubbles: Bubbles | null): SceneFrame {
    const roster = this.roster;
    const count = this.count;
    if (this.flags.length !== count) this.flags = new Uint8Array(count);
    const hidden = this.clusters.hidden;
    for (let slot = 0; slot < count; slot += 1)
      this.flags[slot] =
        (slot === roster?.selected ? FLAG_SELECTED : 0) |
        ((hidden[slot] ?? 0) !== 0 ? FLAG_HIDDEN : 0);
    const instances = packDroneInstances(
      this.tracks,
      roster?.status ?? new Uint8Array(0),
      this.flags,
      now,
      this.packed,
    );
    this.packed = instances.data;
    return {
      instances,
      glideEnd: this.tracks.glideEnd,
      bubbles,
      hasSelected: (roster?.selected ?? -1) >= 0,
    };
  }
}

function sameSerials(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((sn, i) => sn === b[i]);
}
