import type { MessageTable } from './messageTable.ts';

/**
 * Wayline (KMZ route) files: what refuses an upload, what a kept one warns of, and what blocks
 * changing one.
 */
export const waylineMessages = {
  // Spec §8: this exact Chinese text makes the console forget a wayline it kept in session storage.
  'not_found.wayline': ['航线文件不存在', 'the wayline file does not exist'],
  'conflict.wayline_in_use': [
    '航线正被待执行的任务使用，无法删除：{what}',
    'the wayline is used by pending tasks and cannot be deleted: {what}',
  ],
  'conflict.wayline_in_use_edit': [
    '航线正被待执行的任务使用，无法修改：{what}',
    'the wayline is used by pending tasks and cannot be changed: {what}',
  ],
  'wayline.empty': ['文件为空', 'the file is empty'],
  'wayline.not_zip': ['不是 KMZ（ZIP）文件', 'not a KMZ (ZIP) file'],
  'wayline.corrupt': ['压缩包已损坏：{file}', 'the archive is corrupt: {file}'],
  'wayline.too_large': [
    '解压后超过 {max} MB，已拒绝',
    'refused: more than {max} MB once uncompressed',
  ],
  'wayline.no_waylines': ['缺少 wpmz/waylines.wpml', 'wpmz/waylines.wpml is missing'],
  'wayline.xml': [
    '{file} 第 {line} 行 XML 错误：{detail}',
    'XML error in {file} at line {line}: {detail}',
  ],
  'wayline.namespace': [
    '{file} 未声明 WPML 命名空间 http://www.dji.com/wpmz/1.0.x',
    '{file} does not declare the WPML namespace http://www.dji.com/wpmz/1.0.x',
  ],
  'wayline.missing': ['{file} 缺少 {element}', '{file}: {element} is missing'],
  'wayline.invalid_value': [
    '{file} 中 {element} 的值“{value}”无效',
    '{file}: invalid {element} "{value}"',
  ],
  'wayline.coordinates': [
    '第 {index} 个航点坐标超出范围：{value}',
    'waypoint {index}: coordinates out of range: {value}',
  ],
  'wayline.aircraft': ['未知的飞行器型号 {value}', 'unknown aircraft enum {value}'],
  'wayline.no_points': ['航线没有航点', 'the route has no waypoints'],
  'wayline.too_many_points': [
    '航点数 {count} 超过上限 {max}',
    '{count} waypoints exceed the limit of {max}',
  ],
  'wayline.doctype': [
    '{file} 使用了 DOCTYPE/实体声明，不允许',
    '{file} uses a DOCTYPE/entities, which are not allowed',
  ],
  'wayline.too_deep': [
    '{file} 的 XML 嵌套超过 {max} 层',
    '{file}: XML nested deeper than {max} levels',
  ],
  'wayline.too_many_elements': [
    '{file} 的 XML 元素超过 {max} 个',
    '{file}: more than {max} XML elements',
  ],
  'wayline.xml_unreadable': [
    '{file} 的 XML 无法读取：{detail}',
    '{file}: unreadable XML: {detail}',
  ],
  // Warnings of a kept wayline (`WaylineWarning.message`), not refusals.
  'wayline_warning.unknown_model': [
    '未知机型 {value}：请在航线编辑中选择飞行器',
    'unknown model {value}: choose the aircraft in the route editor',
  ],
  'wayline_warning.defaulted': [
    '{file} 缺少 {element}，按 {value} 读取',
    '{file}: {element} is missing, read as {value}',
  ],
  'wayline_warning.template_points': [
    'wpmz/waylines.wpml 没有航点，已从 wpmz/template.kml 读取 {count} 个；请在航线编辑中保存后再执行',
    'wpmz/waylines.wpml has no waypoints; {count} were read from wpmz/template.kml: save the route in the editor before flying it',
  ],
} as const satisfies MessageTable;
