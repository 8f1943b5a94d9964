import dashboard from '../pages/dashboard/i18n.ts';
import workspacePage from '../pages/workspace/i18n.ts';
import usersPage from '../pages/users/i18n.ts';
import rolePage from '../pages/role/i18n.ts';
import menuPage from '../pages/meunan/i18n.ts';
import devicePage from '../pages/device/i18n.ts';
import logsPage from '../pages/logs/i18n.ts';
import waylinePage from '../pages/wayline/i18n.ts';
import waylineEditor from '../pages/waylineEditor/i18n.ts';
import taskPage from '../pages/task/i18n.ts';
import taskWords from '../components/TaskWords/i18n.ts';
import taskDialog from '../components/TaskDialog/i18n.ts';
import taskInfoPage from '../pages/taskInfo/i18n.ts';
import videoSquare from '../pages/videoSquare/i18n.ts';
import subtasksInfoPage from '../pages/subtasksInfo/i18n.ts';
import droneCtl from '../pages/droneCtl/i18n.ts';
import resourcesPage from '../pages/resources/i18n.ts';
import aralmPage from '../pages/aralm/i18n.ts';
import modelPage from '../pages/model/i18n.ts';
import featurePage from '../pages/modelAi/i18n.ts';
import linxiuPage from '../pages/linxiu/i18n.ts';
import alarmToast from '../components/AlarmToast/i18n.ts';
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
  logsPage,
  waylinePage,
  waylineEditor,
  taskPage,
  taskWords,
  taskDialog,
  taskInfoPage,
  videoSquare,
  subtasksInfoPage,
  droneCtl,
  resourcesPage,
  aralmPage,
  modelPage,
  featurePage,
  linxiuPage,
  alarmToast,
  devicePage,
  menuPage,
  rolePage,
  usersPage,
  workspacePage,
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
