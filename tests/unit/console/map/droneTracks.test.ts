/** Drones glide from where they are drawn to each new fix, turning the short way round. */
import { describe, expect, it } from 'vitest';
import {
  DroneTracks,
  MAX_GLIDE_MS,
  MIN_GLIDE_MS,
} from '../../../../src/pages/dashboard/map/gl/droneTracks.ts';
import type { DrawnPlace } from '../../../../src/pages/dashboard/map/gl/droneTracks.ts';

const T = 1_000_000;
const place = (): DrawnPlace => ({ lon: 0, lat: 0, heading: 0 });

function oneDrone(): DroneTracks {
  const tracks = new DroneTracks();
  tracks.reorder([], ['UAV1']);
  return tracks;
}

describe('drone tracks', () => {
  it('shows a first fix where it is, without a glide', () => {
    const tracks = oneDrone();
    tracks.setFix(0, 114, 22.5, 90, T);
    expect(tracks.placeAt(0, T, place())).toEqual({ lon: 114, lat: 22.5, heading: 90 });
    expect(tracks.glideEnd).toBe(-Infinity);
  });

  it('glides to the next fix over the time since the previous one', () => {
    const tracks = oneDrone();
    tracks.setFix(0, 114, 22.5, 0, T);
    tracks.setFix(0, 114.002, 22.5, 0, T + 100);
    expect(tracks.placeAt(0, T + 100, place()).lon).toBeCloseTo(114, 9);
    expect(tracks.placeAt(0, T + 150, place()).lon).toBeCloseTo(114.001, 9);
    expect(tracks.placeAt(0, T + 200, place()).lon).toBeCloseTo(114.002, 9);
    expect(tracks.placeAt(0, T + 900, place()).lon).toBeCloseTo(114.002, 9);
    expect(tracks.glideEnd).toBe(T + 200);
  });

  it('starts a new glide from where the drone is drawn, not from the old fix', () => {
    const tracks = oneDrone();
    tracks.setFix(0, 0, 0, 0, T);
    tracks.setFix(0, 0.002, 0, 0, T + 100);
    tracks.setFix(0, 0.004, 0, 0, T + 150); // halfway through the first glide
    expect(tracks.placeAt(0, T + 150, place()).lon).toBeCloseTo(0.001, 9);
    expect(tracks.placeAt(0, T + 200, place()).lon).toBeCloseTo(0.004, 9);
  });

  it('leaves a running glide alone when the same fix comes again', () => {
    const tracks = oneDrone();
    tracks.setFix(0, 0, 0, 0, T);
    tracks.setFix(0, 0.002, 0, 0, T + 100);
    tracks.setFix(0, 0.002, 0, 0, T + 150);
    expect(tracks.placeAt(0, T + 150, place()).lon).toBeCloseTo(0.001, 9);
  });

  it('turns the short way across north', () => {
    const tracks = oneDrone();
    tracks.setFix(0, 0, 0, 350, T);
    tracks.setFix(0, 0, 0, 10, T + 100);
    const halfway = tracks.placeAt(0, T + 150, place()).heading;
    expect(((halfway % 360) + 360) % 360).toBeCloseTo(0, 6);
  });

  it('jumps to each fix when gliding is off', () => {
    const tracks = oneDrone();
    tracks.setFix(0, 0, 0, 0, T);
    tracks.setFix(0, 0.002, 0, 90, T + 100, false);
    expect(tracks.placeAt(0, T + 100, place())).toEqual({ lon: 0.002, lat: 0, heading: 90 });
    expect(tracks.glideEnd).toBe(-Infinity);
  });

  it('clamps glides between a frame and a second', () => {
    const tracks = oneDrone();
    tracks.setFix(0, 0, 0, 0, T);
    tracks.setFix(0, 1, 0, 0, T + 1);
    expect(tracks.duration[0]).toBe(MIN_GLIDE_MS);
    tracks.setFix(0, 2, 0, 0, T + 60_000);
    expect(tracks.duration[0]).toBe(MAX_GLIDE_MS);
  });

  it('keeps each known drone when the roster is renumbered, and starts new ones fresh', () => {
    const tracks = new DroneTracks();
    tracks.reorder([], ['A', 'B']);
    tracks.setFix(0, 1, 1, 0, T);
    tracks.setFix(1, 2, 2, 0, T);
    tracks.reorder(['A', 'B'], ['C', 'B']);
    expect(tracks.count).toBe(2);
    expect(tracks.placeAt(1, T, place())).toEqual({ lon: 2, lat: 2, heading: 0 });
    expect(Number.isNaN(tracks.fixAt[0])).toBe(true);
    tracks.setFix(0, 3, 3, 0, T + 500);
    expect(tracks.placeAt(0, T + 500, place())).toEqual({ lon: 3, lat: 3, heading: 0 });
  });
});
