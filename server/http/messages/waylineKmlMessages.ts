import type { MessageTable } from './messageTable.ts';

/** Words inside an exported KML file, in the exporter's language. */
export const waylineKmlMessages = {
  'wayline_kml.heights_relative': [
    '高度为相对起飞点的高度（米）；Google Earth 按相对地面高度显示',
    'Heights are metres above the take-off point; Google Earth shows them above the ground',
  ],
  'wayline_kml.heights_ellipsoid': [
    '高度为 WGS84 椭球高（米）；Google Earth 按海拔显示，两者相差当地的大地水准面高度',
    'Heights are metres above the WGS 84 ellipsoid; Google Earth shows them above sea level, which differs by the local geoid height',
  ],
  'wayline_kml.heights_surface': [
    '高度为相对地面的高度（米，仿地飞行）',
    'Heights are metres above the ground (terrain following)',
  ],
  'wayline_kml.area': ['测区', 'Mapping area'],
  'wayline_kml.waypoints': ['航点', 'Waypoints'],
  'wayline_kml.wayline': ['第 {ordinal} 段航线', 'Wayline {ordinal}'],
  'wayline_kml.capped': ['仅标出前 {max} 个航点', 'Only the first {max} waypoints are marked'],
} as const satisfies MessageTable;
