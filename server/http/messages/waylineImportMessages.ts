import type { MessageTable } from './messageTable.ts';

/** Routes imported from other tools' KML, KMZ and GeoJSON files. */
export const waylineImportMessages = {
  'wayline_import.format': [
    '无法识别的文件：请选择 KML、KMZ 或 GeoJSON 文件',
    'unrecognised file: choose a KML, KMZ or GeoJSON file',
  ],
  'wayline_import.is_wpml': [
    '这是大疆航线文件（WPML），请作为 KMZ 航线导入',
    'this is a DJI route file (WPML): import it as a KMZ route',
  ],
  'wayline_import.no_kml': ['KMZ 中没有 KML 文件', 'the KMZ holds no KML file'],
  'wayline_import.not_kml': [
    '{file} 不是 KML：根元素不是 kml',
    '{file} is not KML: its root element is not kml',
  ],
  'wayline_import.json': ['JSON 格式错误：{detail}', 'JSON error: {detail}'],
  'wayline_import.not_geojson': [
    '不是 GeoJSON：不支持的类型“{type}”',
    'not GeoJSON: unsupported type "{type}"',
  ],
  'wayline_import.json_depth': ['JSON 嵌套超过 {max} 层', 'JSON nested deeper than {max} levels'],
  'wayline_import.too_many_values': [
    'JSON 中的数组和对象超过 {max} 个',
    'more than {max} JSON arrays and objects',
  ],
  'wayline_import.no_shapes': [
    '文件中没有可导入的面或线（已忽略 {points} 个点）',
    'the file holds no area or line to import ({points} point(s) ignored)',
  ],
  'wayline_import.coordinates': [
    '第 {shape} 个图形的第 {vertex} 个坐标无效：{value}',
    'shape {shape}, vertex {vertex}: invalid coordinates {value}',
  ],
  'wayline_import.height': [
    '第 {shape} 个图形的第 {vertex} 个坐标高度超出 ±1500 米：{value}',
    'shape {shape}, vertex {vertex}: height beyond ±1500 m: {value}',
  ],
  'wayline_import.too_few_corners': [
    '第 {shape} 个面没有面积（少于 3 个顶点或顶点共线），无法作为测区',
    'area {shape} has no surface (fewer than 3 corners, or all in a line) and cannot be mapped',
  ],
  'wayline_import.too_many_corners': [
    '第 {shape} 个面有 {count} 个顶点，超过上限 {max}',
    'area {shape} has {count} corners, more than the limit of {max}',
  ],
  'wayline_import.too_many_areas': [
    '文件中有 {count} 个面，超过上限 {max}',
    'the file holds {count} areas, more than the limit of {max}',
  ],
  'wayline_import.too_many_lines': [
    '文件中有 {count} 条线，超过上限 {max}',
    'the file holds {count} lines, more than the limit of {max}',
  ],
  'wayline_import.area_too_large': [
    '第 {shape} 个面过大：需要超过 {max} 条航线',
    'area {shape} is too large: it needs more than {max} flight lines',
  ],
} as const satisfies MessageTable;
