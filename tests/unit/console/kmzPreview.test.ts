import { describe, expect, it } from 'vitest';
import { previewKmz } from '../../../src/lib/route/kmzPreview.ts';
import { kmzForAircraft } from '../../fixtures/wpml/forAircraft.ts';
import { fixtureKmz } from '../../fixtures/wpml/kmz.ts';

describe('the import preview', () => {
  it('keeps a route for an aircraft the console has no name for, under its key', () => {
    const kmz = kmzForAircraft(fixtureKmz('waypoint-actions-1.0.6'), '0-68-0');
    const result = previewKmz(kmz);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.preview.droneKey).toBe('0-68-0');
      expect(result.preview.points.length).toBeGreaterThan(0);
    }
  });
});
