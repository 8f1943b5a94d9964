import dashboard from '../pages/dashboard/i18n.ts';
import workspaces from '../pages/workspaces/i18n.ts';
import users from '../pages/users/i18n.ts';
import roles from '../pages/roles/i18n.ts';
import menus from '../pages/menus/i18n.ts';
import devices from '../pages/devices/i18n.ts';
import logs from '../pages/logs/i18n.ts';
import wayline from '../pages/wayline/i18n.ts';
import waylineEditor from '../pages/waylineEditor/i18n.ts';
import task from '../pages/task/i18n.ts';
import taskWords from '../components/TaskWords/i18n.ts';
import taskDialog from '../components/TaskDialog/i18n.ts';
import taskInfo from '../pages/taskInfo/i18n.ts';
import videoWall from '../pages/videoWall/i18n.ts';
import subtasksInfo from '../pages/subtasksInfo/i18n.ts';
import cockpit from '../pages/cockpit/i18n.ts';
import media from '../pages/media/i18n.ts';
import aiAlarms from '../pages/aiAlarms/i18n.ts';
import aiModels from '../pages/aiModels/i18n.ts';
import featurePoints from '../pages/featurePoints/i18n.ts';
import gas from '../pages/gas/i18n.ts';
import notifications from '../pages/notifications/i18n.ts';
import airspace from '../pages/airspace/i18n.ts';
import replay from '../pages/replay/i18n.ts';
import alarmToast from '../components/AlarmToast/i18n.ts';
import openInReplay from '../components/OpenInReplay/i18n.ts';
import common from './locales/common.ts';
import error from './locales/error.ts';
import layout from './locales/layout.ts';
import lock from './locales/lock.ts';
import map from './locales/map.ts';
import login from './locales/login.ts';
import menu from './locales/menu.ts';
import report from './locales/report.ts';
import sample from './locales/sample.ts';
import session from './locales/session.ts';
import table from './locales/table.ts';
import tags from './locales/tags.ts';
import user from './locales/user.ts';
import wpml from './locales/wpml.ts';

/** Every namespace, per feature. Page folders that own strings (`src/pages/<page>/i18n.ts`) join here. */
const namespaces = {
  common,
  logs,
  wayline,
  waylineEditor,
  task,
  taskWords,
  taskDialog,
  taskInfo,
  videoWall,
  subtasksInfo,
  cockpit,
  media,
  aiAlarms,
  aiModels,
  featurePoints,
  gas,
  notifications,
  replay,
  airspace,
  alarmToast,
  openInReplay,
  devices,
  menus,
  roles,
  users,
  workspaces,
  dashboard,
  error,
  layout,
  lock,
  map,
  wpml,
  login,
  menu,
  report,
  sample,
  session,
  table,
  tags,
  user,
};

type Namespaces = typeof namespaces;
type Side = 'zh-CN' | 'en';

function side<S extends Side>(lang: S): { [N in keyof Namespaces]: Namespaces[N][S] } {
  const out: Record<string, unknown> = {};
  for (const [name, strings] of Object.entries(namespaces)) out[name] = strings[lang];
  return out as { [N in keyof Namespaces]: Namespaces[N][S] };
}

/** The Chinese tree is the reference every key is typed against. */
export const zhCN = side('zh-CN');
export const en = side('en');

export const resources = { 'zh-CN': zhCN, en } as const;
export const NAMESPACES = Object.keys(namespaces) as (keyof Namespaces)[];
