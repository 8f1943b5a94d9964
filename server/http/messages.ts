/**
 * The server's one message catalogue: every `msg` a user can read, in Chinese (the default) and
 * English (when `Accept-Language` prefers it). `{name}` placeholders are filled from `params`.
 */
const CATALOGUE = {
  ok: ['成功', 'success'],
  'auth.bad_credentials': ['用户名或密码错误', 'Wrong username or password'],
  'auth.disabled': [
    '账号已停用，请联系管理员',
    'This account is disabled; contact an administrator',
  ],
  'auth.throttled': [
    '登录失败次数过多，请 {seconds} 秒后再试',
    'Too many failed sign-ins; try again in {seconds} s',
  ],
  'auth.password_throttled': [
    '密码错误次数过多，请 {seconds} 秒后再试',
    'too many wrong passwords; try again in {seconds} s',
  ],
  'auth.required': ['请先登录', 'please sign in'],
  'auth.expired': ['登录已过期，请重新登录', 'your session has expired; please sign in again'],
  'auth.refresh_reused': [
    '登录凭证已被使用，请重新登录',
    'this sign-in was already used; please sign in again',
  ],
  'auth.wrong_password': ['密码错误', 'wrong password'],
  forbidden: ['没有权限', 'no permission'],
  not_found: ['未找到', 'not found'],
  'not_found.route': ['接口不存在', 'no such API route'],
  'not_found.user': ['用户不存在', 'no such user'],
  'not_found.role': ['角色不存在', 'no such role'],
  'not_found.menu': ['菜单不存在', 'no such menu'],
  'not_found.workspace': ['项目不存在', 'no such workspace'],
  'not_found.device': ['设备不存在', 'no such device'],
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
  'not_found.task': ['任务不存在', 'no such flight task'],
  'not_found.execution': ['任务执行记录不存在', 'no such task execution'],
  'task.dock_offline': ['机场离线', 'the dock is offline'],
  'task.dock_busy': ['机场正在执行其他任务', 'the dock is busy with another flight'],
  'task.battery_low': ['飞行器电量不足', 'the aircraft battery is too low'],
  'task.no_reply': ['机场未应答', 'the dock did not answer'],
  'task.device_error': [
    '机场拒绝了任务（错误码 {code}）',
    'the dock refused the task (code {code})',
  ],
  'task.dock_silent': [
    '机场长时间无响应，任务已超时',
    'the dock stopped answering; the flight timed out',
  ],
  'task.battery_below': [
    '飞行器电量不足：{battery}%，需要至少 {min}%',
    'the aircraft battery is too low: {battery}%, at least {min}% needed',
  ],
  'task.drc_held': [
    '飞手正在手动操控该飞行器：{user}',
    'a pilot is controlling this aircraft manually: {user}',
  ],
  'task.condition_unmet': [
    '执行窗口内条件未满足，任务已过期',
    'the conditions were not met within the window; the run expired',
  ],
  'task.undo_refused': [
    '机场拒绝撤回已下发的任务（错误码 {code}）',
    'the dock refused to withdraw the flight it holds (code {code})',
  ],
  'task.undo_no_reply': ['机场未应答撤回请求', 'the dock did not answer the withdrawal'],
  'task.canceled_undo_failed': ['任务已取消，但{what}', 'the task is canceled, but {what}'],
  'task.not_flying': ['该任务当前没有正在执行的飞行', 'this task has no flight in progress'],
  'task.engine_offline': ['任务引擎未运行', 'the task engine is not running'],
  'task.dock_busy_with': [
    '机场正在执行其他任务：“{what}”，请等它结束后再建立立即执行的任务',
    'the dock is busy with another flight: "{what}"; create the immediate task once it ends',
  ],
  'task.model_mismatch': [
    '航线适用于 {route}，但机场 {dock} 的飞行器是 {aircraft}',
    'the route is for {route} but dock {dock} carries {aircraft}',
  ],
  'task.model_unknown': [
    '航线的飞行器型号 {model} 未知，无法确认机场 {dock} 的飞行器能执行；须由有权限的用户确认（confirm_unknown_model）',
    "the route's aircraft model {model} is unknown, so it cannot be checked against dock {dock}'s aircraft; a user allowed to override must confirm it (confirm_unknown_model)",
  ],
  'task.model_override_forbidden': [
    '没有权限确认未知机型的航线',
    'you are not allowed to confirm a route of an unknown aircraft model',
  ],
  'task.out_of_range': [
    '航线第一个航点距机场 {dock} {distance} 公里，超出 {max} 公里的作业半径',
    "the route's first waypoint is {distance} km from dock {dock}, beyond the {max} km it may fly from its dock",
  ],
  // A finished run's verdict (server/tasks/runVerdict.ts); {cause} is one of the `run.cause.*` below.
  'run.complete': ['已到全部 {total} 个航点', 'all {total} waypoints reached'],
  'run.returned_early': [
    '返航于航点 {reached} / {total}（{cause}）',
    'returned home at waypoint {reached} of {total} ({cause})',
  ],
  'run.stopped_early': [
    '中止于航点 {reached} / {total}（{cause}）',
    'stopped at waypoint {reached} of {total} ({cause})',
  ],
  'run.ended_early': ['仅到航点 {reached} / {total}', 'only reached waypoint {reached} of {total}'],
  'run.none_reached': ['未到达任何航点', 'no waypoint reached'],
  'run.no_waypoint': ['未到达任何航点（{cause}）', 'no waypoint reached ({cause})'],
  'run.waypoint_missed': [
    '航点 {index} 未到达：距航点最近 {distance}',
    'waypoint {index} not reached: closest {distance} away',
  ],
  'run.waypoint_missed_cause': [
    '航点 {index} 未到达：距航点最近 {distance}（{cause}）',
    'waypoint {index} not reached: closest {distance} away ({cause})',
  ],
  'run.photos_short': [
    '计划拍照 {planned} 张，实际 {taken} 张',
    '{planned} photos planned, {taken} taken',
  ],
  'run.dock_ended': [
    '已到全部 {total} 个航点，但{cause}',
    'all {total} waypoints reached, but {cause}',
  ],
  'run.distance_m': ['{value} 米', '{value} m'],
  'run.distance_km': ['{value} 公里', '{value} km'],
  'run.cause.user_rth': ['用户下令返航', 'return home ordered'],
  'run.cause.user_rth_by': ['{user} 下令返航', 'return home ordered by {user}'],
  'run.cause.user_stop': ['用户中止了航线', 'stopped by the user'],
  'run.cause.user_stop_by': ['{user} 中止了航线', 'stopped by {user}'],
  'run.cause.low_battery': ['电量低自动返航', 'low battery'],
  'run.cause.strong_wind': ['风力过大自动返航', 'strong wind'],
  'run.cause.rc_lost': ['遥控信号丢失', 'remote-control link lost'],
  'run.cause.obstacle': ['触发避障', 'obstacle sensed'],
  'run.cause.flight_limit': [
    '触及限高、限远或限飞区',
    'altitude, distance or no-fly limit reached',
  ],
  'run.cause.break_code': ['航线中断，原因码 {code}', 'wayline interrupted, reason {code}'],
  'run.cause.dock_failed': [
    '机场报告任务失败（错误码 {code}）',
    'the dock reported failure (code {code})',
  ],
  'run.cause.dock_partial': ['机场报告任务部分完成', 'the dock reported it partially done'],
  'run.cause.dock_timeout': ['机场报告任务超时', 'the dock reported a timeout'],
  'run.cause.canceled': ['任务被取消', 'the flight was canceled'],
  'drc.held_by': ['{username} 正在操控该飞行器', '{username} is flying this aircraft'],
  'drc.dock_offline': [
    '机场离线，无法进入远程控制',
    'the dock is offline; remote control is unavailable',
  ],
  'drc.dock_busy': ['机场正忙：{what}', 'the dock is busy: {what}'],
  'drc.task_running': ['任务“{task}”正在执行', 'task "{task}" is running'],
  'drc.not_holder': ['您未持有该飞行器的控制权', 'you do not hold control of this aircraft'],
  'drc.no_aircraft': ['机场内没有飞行器', 'the dock has no aircraft'],
  'drc.refused': [
    '机场拒绝进入远程控制（错误码 {code}）',
    'the dock refused remote control (code {code})',
  ],
  'drc.no_reply': ['机场未应答', 'the dock did not answer'],
  'drc.link_down': ['远程控制服务未连接', 'the remote-control service is not connected'],
  'conflict.task_flying': ['任务正在飞行，无法删除', 'the task is flying and cannot be deleted'],
  'conflict.task_edit_flying': [
    '任务正在飞行，无法修改；请等待本次飞行结束',
    'the task is flying and cannot be changed; wait for the flight to end',
  ],
  'conflict.task_edit_sent': [
    '任务已下发到机场、等待执行，无法修改；请先取消任务',
    'the task has been sent to the dock and is waiting to fly; cancel it before changing it',
  ],
  'conflict.task_overlap': [
    '与同一机场的任务“{what}”时间重叠',
    'overlaps task "{what}" on the same dock',
  ],
  'conflict.task_past': ['{field}: 时间已过', '{field}: that time has passed'],
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
  // Routes imported from other tools' KML, KMZ and GeoJSON files, and exported as KML.
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
  // Words inside an exported KML file, in the exporter's language.
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
  // Worded the same whether the name is in the caller's workspace or another one they cannot see.
  'conflict.username': [
    '用户名 {value} 不可用，请换一个',
    'username {value} is not available; choose another',
  ],
  'conflict.device_sn': [
    '设备序列号 {value} 无法登记，请核对序列号',
    'device serial number {value} cannot be registered; check the serial number',
  ],
  'conflict.role_name': ['角色名 {value} 已存在', 'role name {value} already exists'],
  'conflict.workspace_name': [
    '同级已有名为 {value} 的项目',
    'a project named {value} already exists at this level',
  ],
  'conflict.role_in_use': [
    '该角色仍有 {count} 个用户，无法删除',
    'the role still has {count} user(s) and cannot be deleted',
  ],
  'conflict.workspace_not_empty': [
    '项目仍有内容，无法删除：{what}',
    'the workspace is not empty and cannot be deleted: {what}',
  ],
  'conflict.children': ['{count} 个子项目', '{count} child workspace(s)'],
  'conflict.users': ['{count} 个用户', '{count} user(s)'],
  'conflict.devices': ['{count} 台设备', '{count} device(s)'],
  'conflict.roles': ['{count} 个角色', '{count} role(s)'],
  'conflict.waylines': ['{count} 条航线', '{count} wayline(s)'],
  'conflict.tasks': ['{count} 个飞行任务', '{count} flight task(s)'],
  'conflict.duplicate': ['记录已存在', 'it already exists'],
  'conflict.self': [
    '不能删除、停用自己的账号或更改自己的角色与项目',
    'you cannot delete or disable your own account, or change its role or workspace',
  ],
  'conflict.menu_parent': ['上级菜单不能是它自己或它的下级', 'a menu cannot sit under itself'],
  'conflict.root_workspace': [
    '不能删除或移动你所在的项目',
    'you cannot delete or move your own workspace',
  ],
  'model.bad_file': [
    '{field}: 不是有效的 ONNX 模型（{reason}）',
    '{field}: not a valid ONNX model ({reason})',
  ],
  'model.in_use': [
    '模型仍部署在 {count} 台设备上，无法删除',
    'the model is still deployed on {count} device(s) and cannot be deleted',
  ],
  'model.disabled': ['模型已停用，不能部署', 'the model is disabled and cannot be deployed'],
  'feature.import_refused': [
    '导入被拒绝：{rows} 行有误，未导入任何特征点',
    'Import refused: {rows} bad row(s), nothing was imported',
  ],
  'feature.import_refused_file': [
    '导入被拒绝，未导入任何特征点',
    'Import refused, nothing was imported',
  ],
  'feature.import_empty': ['文件中没有特征点', 'the file holds no points'],
  'feature.import_too_many': [
    '文件中的特征点超过 {max} 个：每次最多导入 {max} 个特征点',
    'the file holds more than {max} points: at most {max} points per import',
  ],
  'feature.import_unlisted': [
    '……另有 {count} 个问题未列出（共 {total} 个）',
    '… {count} more problem(s) not listed ({total} in all)',
  ],
  'feature.import_memory': [
    '文件过于复杂：读取需要超过 {mb} MB 内存（内存上限）',
    'the file is too complex: reading it needs more than {mb} MB of memory (the memory limit)',
  ],
  'feature.import_time': [
    '文件过于复杂：读取超过 {seconds} 秒（时间上限）',
    'the file is too complex: reading it takes longer than {seconds} s (the time limit)',
  ],
  'not_found.notification_channel': ['通知渠道不存在', 'no such notification channel'],
  'not_found.notification_rule': ['通知规则不存在', 'no such notification rule'],
  'notification.http_url': [
    '{field}: 须为 http:// 或 https:// 开头的地址',
    '{field}: must be an http:// or https:// address',
  ],
  'notification.private_address': [
    '{field}: {host} 指向内网、本机或保留地址，服务器不向其发送；如确需使用，请运维在 NOTIFY_ALLOW_HOSTS 中放行',
    '{field}: {host} is or resolves to a private, loopback or reserved address, which this server does not send to; the operator may allow it with NOTIFY_ALLOW_HOSTS',
  ],
  'notification.channel_elsewhere': [
    '{field}: 渠道 {id} 不存在或不属于该项目',
    '{field}: channel {id} does not exist in this project',
  ],
  'notification.time_zone': ['{field}: 未知的时区', '{field}: unknown time zone'],
  'notification.quiet_empty': [
    '{field}: 免打扰的开始与结束时间不能相同',
    '{field}: quiet hours must not start and end at the same time',
  ],
  'replay.instant': [
    '{field}: 须为带时区的 ISO 8601 时间（如 2026-01-01T14:32:00+08:00）或毫秒时间戳，且在 2000 至 2100 年之间',
    '{field}: must be an ISO 8601 time with its zone (e.g. 2026-01-01T14:32:00+08:00) or epoch milliseconds, between 2000 and 2100',
  ],
  'replay.window_order': [
    '{field}: 结束时间须晚于开始时间',
    '{field}: the end must be after the start',
  ],
  'replay.window_too_long': [
    '{field}: 时间窗口最长 {days} 天',
    '{field}: a window spans at most {days} days',
  ],
  'replay.unknown_device': [
    '{field}: 所选项目中没有设备 {sn}',
    '{field}: there is no device {sn} in the chosen projects',
  ],
  'not_found.airspace': ['空域区域不存在', 'no such airspace area'],
  'airspace.out_of_range': [
    '{field}: 坐标超出范围（经度 -180 至 180，纬度 -90 至 90）',
    '{field}: position out of range (longitude -180 to 180, latitude -90 to 90)',
  ],
  'airspace.too_many_vertices': [
    '{field}: 多边形顶点过多（{count} 个），最多 {max} 个',
    '{field}: too many vertices ({count}); at most {max}',
  ],
  'airspace.too_few_vertices': [
    '{field}: 多边形至少需要 {min} 个不同的顶点',
    '{field}: a polygon needs at least {min} different vertices',
  ],
  'airspace.unclosed_ring': [
    '{field}: 多边形未闭合（最后一个坐标须与第一个相同）',
    '{field}: the ring is not closed (its last position must repeat the first)',
  ],
  'airspace.self_intersecting': [
    '{field}: 多边形自相交（在 {lng}, {lat} 附近）',
    '{field}: the polygon crosses itself (near {lng}, {lat})',
  ],
  'airspace.radius': [
    '{field}: 半径须在 {min} 到 {max} 米之间',
    '{field}: the radius must be between {min} and {max} m',
  ],
  'airspace.import_unreadable': [
    '{field}: 无法读取文件（须为 GeoJSON 或 KML）',
    '{field}: the file cannot be read (it must be GeoJSON or KML)',
  ],
  'airspace.import_empty': [
    '{field}: 文件中没有多边形或圆形区域',
    '{field}: the file holds no polygon or circle',
  ],
  'airspace.import_too_many': [
    '{field}: 文件中的区域超过 {max} 个',
    '{field}: the file holds more than {max} areas',
  ],
  'airspace.waypoint_in_no_fly': [
    '第 {index} 个航点位于禁飞区「{name}」内',
    'waypoint {index} is inside the no-fly area "{name}"',
  ],
  'airspace.leg_in_no_fly': [
    '航点 {from} 至 {to} 的航段穿越禁飞区「{name}」',
    'the leg from waypoint {from} to {to} crosses the no-fly area "{name}"',
  ],
  'airspace.waypoint_outside_operation': [
    '第 {index} 个航点位于作业区之外',
    'waypoint {index} is outside the operation areas',
  ],
  'airspace.leg_outside_operation': [
    '航点 {from} 至 {to} 的航段飞出作业区',
    'the leg from waypoint {from} to {to} leaves the operation areas',
  ],
  'airspace.route_in_no_fly': [
    '航线进入禁飞区「{name}」（共 {count} 处）',
    'the route enters the no-fly area "{name}" ({count} place(s))',
  ],
  'airspace.route_outside_operation': [
    '航线飞出作业区（共 {count} 处）',
    'the route leaves the operation areas ({count} place(s))',
  ],
  'task.airspace_refused': [
    '航线与项目空域冲突：{what}；须由有权限的用户确认越过（override_airspace）',
    "the route conflicts with the project's airspace: {what}; a user allowed to override must confirm it (override_airspace)",
  ],
  'task.airspace_override_forbidden': [
    '没有权限确认飞入禁飞区或飞出作业区的航线',
    'you are not allowed to confirm a route into a no-fly area or out of the operation areas',
  ],
  'task.airspace_no_fly': [
    '航线进入禁飞区「{name}」（航点 {waypoints} 附近），且未经有权限的用户确认越过，未下发',
    'the route enters the no-fly area "{name}" (near waypoint(s) {waypoints}) and no override was recorded for it; the run was not sent',
  ],
  'validation.required': ['{field}: 必填', '{field}: required'],
  'validation.invalid': ['{field}: 格式不正确', '{field}: invalid value'],
  'validation.nul': ['{field}: 不能包含空字符', '{field}: must not contain a NUL character'],
  'validation.too_small': ['{field}: 不能小于 {min}', '{field}: must be at least {min}'],
  'validation.too_big': ['{field}: 不能大于 {max}', '{field}: must be at most {max}'],
  'validation.password': [
    '{field}: 密码长度为 {min} 到 {max} 位',
    '{field}: a password has {min} to {max} characters',
  ],
  too_large: ['请求内容过大', 'request too large'],
  'too_large.headers': ['请求地址或请求头过长', 'request address or headers too long'],
  too_many: ['请求过于频繁，请稍后再试', 'too many requests; try again later'],
  server_error: ['服务器错误', 'server error'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof CATALOGUE;
export type Lang = 'zh' | 'en';
export type MessageParams = Readonly<Record<string, string | number>>;

/** `en` when the `Accept-Language` header ranks an English tag above every Chinese one. */
export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attrs] = part.trim().toLowerCase().split(';');
      const q = attrs.map((a) => /^\s*q=([\d.]+)/.exec(a)?.[1]).find((v) => v !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag.startsWith('en') || entry.tag.startsWith('zh'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag.startsWith('en') ? 'en' : 'zh';
}

/** The message `key` in `lang` with its placeholders filled. */
export function message(key: MessageKey, lang: Lang, params: MessageParams = {}): string {
  const template = CATALOGUE[key][lang === 'en' ? 1 : 0];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
