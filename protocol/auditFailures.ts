/**
 * Words for the refusals the server records as failed changes. The audit row keeps the message key
 * and its parameters (`conflict.username {"value":"li"}`), never a sentence in one language, so the
 * logs page and the CSV can read it in the reader's language. The texts follow the server's message
 * catalogue (server/http/messages.ts), worded as a record rather than as advice to the caller.
 */
export const FAILURE_KEYS = [
  'conflict.username',
  'conflict.device_sn',
  'conflict.role_name',
  'conflict.role_in_use',
  'conflict.workspace_not_empty',
  'conflict.wayline_in_use',
  'conflict.duplicate',
  'conflict.self',
  'conflict.menu_parent',
  'conflict.root_workspace',
  'not_found',
  'not_found.user',
  'not_found.role',
  'not_found.menu',
  'not_found.workspace',
  'not_found.device',
  'not_found.wayline',
  'validation.required',
  'validation.invalid',
  'validation.nul',
  'validation.too_small',
  'validation.too_big',
  'validation.password',
  'wayline.empty',
  'wayline.not_zip',
  'wayline.corrupt',
  'wayline.too_large',
  'wayline.no_waylines',
  'wayline.xml',
  'wayline.namespace',
  'wayline.missing',
  'wayline.invalid_value',
  'wayline.coordinates',
  'wayline.aircraft',
  'wayline.no_points',
  'wayline.too_many_points',
  'wayline.doctype',
  'wayline.too_deep',
  'wayline.too_many_elements',
  'wayline.xml_unreadable',
  'model.bad_file',
  'model.in_use',
  'model.disabled',
  'not_found.task',
  'conflict.task_overlap',
  'conflict.task_past',
  'conflict.task_flying',
  'conflict.task_edit_flying',
  'conflict.task_edit_sent',
  'task.engine_offline',
  'task.dock_offline',
  'task.dock_busy',
  'task.battery_below',
  'task.drc_held',
  'task.dock_silent',
  'task.condition_unmet',
  'not_found.notification_channel',
  'not_found.notification_rule',
  'notification.http_url',
  'notification.private_address',
  'notification.channel_elsewhere',
  'notification.time_zone',
  'notification.quiet_empty',
] as const;

export type FailureKey = (typeof FAILURE_KEYS)[number];
export type FailureWords = Record<FailureKey, string>;

export const FAILURE_WORDS: { 'zh-CN': FailureWords; en: FailureWords } = {
  'zh-CN': {
    'conflict.username': '用户名 {value} 不可用',
    'conflict.device_sn': '设备序列号 {value} 无法登记',
    'conflict.role_name': '角色名 {value} 已存在',
    'conflict.role_in_use': '角色仍有 {count} 个用户，未删除',
    'conflict.workspace_not_empty': '项目仍有内容，未删除',
    'conflict.wayline_in_use': '航线正被待执行的任务使用，未删除',
    'conflict.duplicate': '记录已存在',
    'conflict.self': '不能删除、停用自己的账号或更改自己的角色与项目',
    'conflict.menu_parent': '上级菜单不能是它自己或它的下级',
    'conflict.root_workspace': '不能删除或移动自己所在的项目',
    not_found: '对象不存在',
    'not_found.user': '用户不存在',
    'not_found.role': '角色不存在',
    'not_found.menu': '菜单不存在',
    'not_found.workspace': '项目不存在',
    'not_found.device': '设备不存在',
    'not_found.wayline': '航线文件不存在',
    'validation.required': '{field} 未填写',
    'validation.invalid': '{field} 格式不正确',
    'validation.nul': '{field} 含有空字符',
    'validation.too_small': '{field} 小于 {min}',
    'validation.too_big': '{field} 大于 {max}',
    'validation.password': '{field} 长度不在 {min} 到 {max} 位之间',
    'wayline.empty': '文件为空',
    'wayline.not_zip': '不是 KMZ（ZIP）文件',
    'wayline.corrupt': '压缩包已损坏：{file}',
    'wayline.too_large': '解压后超过 {max} MB',
    'wayline.no_waylines': '缺少 wpmz/waylines.wpml',
    'wayline.xml': '{file} 第 {line} 行 XML 错误：{detail}',
    'wayline.namespace': '{file} 未声明 WPML 命名空间',
    'wayline.missing': '{file} 缺少 {element}',
    'wayline.invalid_value': '{file} 中 {element} 的值“{value}”无效',
    'wayline.coordinates': '第 {index} 个航点坐标超出范围：{value}',
    'wayline.aircraft': '未知的飞行器型号 {value}',
    'wayline.no_points': '航线没有航点',
    'wayline.too_many_points': '航点数 {count} 超过上限 {max}',
    'wayline.doctype': '{file} 使用了 DOCTYPE/实体声明',
    'wayline.too_deep': '{file} 的 XML 嵌套超过 {max} 层',
    'wayline.too_many_elements': '{file} 的 XML 元素超过 {max} 个',
    'wayline.xml_unreadable': '{file} 的 XML 无法读取：{detail}',
    'model.bad_file': '{field}: 不是有效的 ONNX 模型（{reason}）',
    'model.in_use': '模型仍部署在 {count} 台设备上，未删除',
    'model.disabled': '模型已停用，未部署',
    'not_found.task': '任务不存在',
    'conflict.task_overlap': '与同一机场的任务“{what}”时间重叠',
    'conflict.task_past': '{field} 时间已过',
    'conflict.task_flying': '任务正在飞行，未删除',
    'conflict.task_edit_flying': '任务正在飞行，未修改',
    'conflict.task_edit_sent': '任务已下发到机场，未修改',
    'task.engine_offline': '任务引擎未运行',
    'task.dock_offline': '机场离线，未下发',
    'task.dock_busy': '机场正在执行其他任务，未执行',
    'task.battery_below': '飞行器电量 {battery}%，低于 {min}%，未下发',
    'task.drc_held': '{user} 正在手动操控飞行器，未执行',
    'task.dock_silent': '机场长时间无响应，已超时',
    'task.condition_unmet': '执行窗口内条件未满足，已过期',
    'not_found.notification_channel': '通知渠道不存在',
    'not_found.notification_rule': '通知规则不存在',
    'notification.http_url': '{field} 不是 http:// 或 https:// 地址',
    'notification.private_address': '{field}: {host} 指向内网或本机地址，未保存',
    'notification.channel_elsewhere': '{field}: 渠道 {id} 不属于该项目',
    'notification.time_zone': '{field}: 未知的时区',
    'notification.quiet_empty': '{field}: 免打扰开始与结束时间相同',
  },
  en: {
    'conflict.username': 'Username {value} not available',
    'conflict.device_sn': 'Serial number {value} could not be registered',
    'conflict.role_name': 'Role name {value} already exists',
    'conflict.role_in_use': 'Role still has {count} user(s); not deleted',
    'conflict.workspace_not_empty': 'Project not empty; not deleted',
    'conflict.wayline_in_use': 'Wayline used by pending tasks; not deleted',
    'conflict.duplicate': 'Already exists',
    'conflict.self': 'Own account cannot be deleted, disabled or moved',
    'conflict.menu_parent': 'A menu cannot sit under itself',
    'conflict.root_workspace': 'Own project cannot be deleted or moved',
    not_found: 'Not found',
    'not_found.user': 'No such user',
    'not_found.role': 'No such role',
    'not_found.menu': 'No such menu',
    'not_found.workspace': 'No such project',
    'not_found.device': 'No such device',
    'not_found.wayline': 'The wayline file does not exist',
    'validation.required': '{field}: missing',
    'validation.invalid': '{field}: invalid value',
    'validation.nul': '{field}: contains a NUL character',
    'validation.too_small': '{field}: below {min}',
    'validation.too_big': '{field}: above {max}',
    'validation.password': '{field}: not {min} to {max} characters',
    'wayline.empty': 'Empty file',
    'wayline.not_zip': 'Not a KMZ (ZIP) file',
    'wayline.corrupt': 'Corrupt archive: {file}',
    'wayline.too_large': 'More than {max} MB once uncompressed',
    'wayline.no_waylines': 'wpmz/waylines.wpml missing',
    'wayline.xml': 'XML error in {file} at line {line}: {detail}',
    'wayline.namespace': '{file} does not declare the WPML namespace',
    'wayline.missing': '{file}: {element} missing',
    'wayline.invalid_value': '{file}: invalid {element} "{value}"',
    'wayline.coordinates': 'Waypoint {index}: coordinates out of range: {value}',
    'wayline.aircraft': 'Unknown aircraft enum {value}',
    'wayline.no_points': 'The route has no waypoints',
    'wayline.too_many_points': '{count} waypoints exceed the limit of {max}',
    'wayline.doctype': '{file} uses a DOCTYPE/entities',
    'wayline.too_deep': '{file}: XML nested deeper than {max} levels',
    'wayline.too_many_elements': '{file}: more than {max} XML elements',
    'wayline.xml_unreadable': '{file}: unreadable XML: {detail}',
    'model.bad_file': '{field}: not a valid ONNX model ({reason})',
    'model.in_use': 'Still deployed on {count} device(s), not deleted',
    'model.disabled': 'The model is disabled, not deployed',
    'not_found.task': 'No such flight task',
    'conflict.task_overlap': 'Overlaps task "{what}" on the same dock',
    'conflict.task_past': '{field}: time has passed',
    'conflict.task_flying': 'Task flying; not deleted',
    'conflict.task_edit_flying': 'Task flying; not changed',
    'conflict.task_edit_sent': 'Task held by the dock; not changed',
    'task.engine_offline': 'Task engine not running',
    'task.dock_offline': 'Dock offline; not sent',
    'task.dock_busy': 'Dock busy with another flight; not run',
    'task.battery_below': 'Aircraft battery {battery}%, below {min}%; not sent',
    'task.drc_held': '{user} flying the aircraft manually; not run',
    'task.dock_silent': 'Dock stopped answering; timed out',
    'task.condition_unmet': 'Conditions not met within the window; expired',
    'not_found.notification_channel': 'No such notification channel',
    'not_found.notification_rule': 'No such notification rule',
    'notification.http_url': '{field}: not an http:// or https:// address',
    'notification.private_address': '{field}: {host} points inside the network; not saved',
    'notification.channel_elsewhere': '{field}: channel {id} is not in this project',
    'notification.time_zone': '{field}: unknown time zone',
    'notification.quiet_empty': '{field}: quiet hours start and end at the same time',
  },
};

/** A failure detail as stored: a message key, optionally followed by its parameters as JSON. */
const STORED = /^([a-z_]+(?:\.[a-z_]+)*)(?: (\{.*\}))?$/s;

function paramsOf(json: string | undefined): Record<string, unknown> {
  if (json === undefined) return {};
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The stored form of a refusal: its key, and its parameters when it has any. */
export function failureDetail(key: string, params: Readonly<Record<string, unknown>> = {}): string {
  return Object.keys(params).length === 0 ? key : `${key} ${JSON.stringify(params)}`;
}

/** A stored refusal in `words` with its parameters filled, or undefined when `detail` is none. */
export function failureWords(words: FailureWords, detail: string): string | undefined {
  const match = STORED.exec(detail);
  const key = match?.[1];
  if (key === undefined || !(FAILURE_KEYS as readonly string[]).includes(key)) return undefined;
  const params = paramsOf(match?.[2]);
  // Rows written before parameters were stored lack them: an ellipsis reads better than a brace.
  return words[key as FailureKey].replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '…';
  });
}
