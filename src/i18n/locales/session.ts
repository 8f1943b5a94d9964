import { defineStrings } from '../define.ts';

export default defineStrings({
  'zh-CN': {
    userInfoExpired: '用户权限过期，请重新登录',
    noPermission: '您没有访问权限，请联系管理员分配菜单',
    noPermissionTitle: '无权限',
    noWorkspaceTitle: '错误警告',
    noWorkspace: '您当前账号没有分配组织，请联系管理员处理。',
    loggedOut: '您的账号已退出，请直接登录',
  },
  en: {
    userInfoExpired: 'Your permissions have expired, please sign in again',
    noPermission: 'You have no permission; ask an administrator to assign menus to your role',
    noPermissionTitle: 'No permission',
    noWorkspaceTitle: 'Error',
    noWorkspace: 'Your account has no organisation assigned; please contact the administrator.',
    loggedOut: 'Your account has been logged out, please log in directly',
  },
});
