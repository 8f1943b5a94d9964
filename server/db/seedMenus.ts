/** One page of spec §2 and the permission codes of its buttons. */
export interface SeedPage {
  name: string;
  path: string;
  icon: string;
  hidden?: boolean;
  buttons: readonly string[];
  /**
   * Buttons seeded on the page but granted to no seeded role but the admin: overrides a
   * supervisor decides on, which an administrator may add to a role in the role editor.
   */
  adminButtons?: readonly string[];
}

/** The menu tree seeded on an empty database, in sidebar order. Icons are Blueprint icon names. */
export const SEED_PAGES: readonly SeedPage[] = [
  { name: 'workbench', path: '/dashboard', icon: 'dashboard', buttons: ['report:export'] },
  {
    name: 'task',
    path: '/task',
    icon: 'timeline-events',
    buttons: ['task:add', 'task:edit', 'task:del'],
  },
  {
    name: 'wayline',
    path: '/wayline',
    icon: 'route',
    buttons: ['wayline:add', 'wayline:edit', 'wayline:del'],
  },
  {
    name: 'device',
    path: '/device',
    icon: 'satellite',
    buttons: ['device:add', 'device:edit', 'device:del', 'device:control'],
  },
  {
    name: 'workspace',
    path: '/workspace',
    icon: 'office',
    buttons: ['workspace:add', 'workspace:edit', 'workspace:del'],
  },
  {
    name: 'users',
    path: '/users',
    icon: 'people',
    buttons: ['user:add', 'user:edit', 'user:del', 'user:reset'],
  },
  { name: 'role', path: '/role', icon: 'key', buttons: ['role:add', 'role:edit', 'role:del'] },
  { name: 'resources', path: '/resources', icon: 'media', buttons: ['media:del'] },
  { name: 'aralm', path: '/aralm', icon: 'warning-sign', buttons: ['alarm:edit', 'alarm:del'] },
  {
    name: 'model',
    path: '/model',
    icon: 'cube',
    buttons: ['model:add', 'model:edit', 'model:del'],
  },
  {
    name: 'model_ai',
    path: '/model_ai',
    icon: 'map-marker',
    buttons: ['feature:add', 'feature:edit', 'feature:del'],
  },
  { name: 'meunan', path: '/meunan', icon: 'menu', buttons: ['menu:add', 'menu:edit', 'menu:del'] },
  { name: 'video_square', path: '/video_square', icon: 'video', buttons: [] },
  { name: 'logs', path: '/logs', icon: 'history', buttons: ['log:export'] },
  {
    name: 'drone_ctl',
    path: '/drone_ctl',
    icon: 'airplane',
    hidden: true,
    buttons: ['drc:control'],
  },
  { name: 'linxiu', path: '/linxiu', icon: 'heat-grid', buttons: ['gas:edit'] },
  {
    name: 'notifications',
    path: '/notifications',
    icon: 'notifications',
    buttons: ['notification:add', 'notification:edit', 'notification:del'],
  },
  { name: 'replay', path: '/replay', icon: 'play', buttons: [] },
  {
    name: 'airspace',
    path: '/airspace',
    icon: 'polygon-filter',
    buttons: ['airspace:add', 'airspace:edit', 'airspace:del'],
    // Flying a task through a no-fly area or out of the operation areas (audited).
    adminButtons: ['airspace:override'],
  },
];

/** Pages the operator role opens, with all their buttons. */
export const OPERATOR_PAGES: readonly string[] = [
  'workbench',
  'task',
  'wayline',
  'device',
  'resources',
  'aralm',
  'model',
  'model_ai',
  'video_square',
  'drone_ctl',
  'linxiu',
  'notifications',
  'replay',
  'airspace',
];

/** Pages the viewer role opens, without buttons. */
export const VIEWER_PAGES: readonly string[] = [
  'workbench',
  'task',
  'wayline',
  'device',
  'resources',
  'video_square',
  'linxiu',
  'replay',
  'airspace',
];
