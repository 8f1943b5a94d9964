import { defineStrings } from '../define.ts';

export default defineStrings({
  'zh-CN': {
    noAccess: '无权访问',
    noAccessText: '抱歉，您没有访问此页面的权限。',
    serverError: '服务器错误',
    serverErrorText: '抱歉，服务器出错了，请稍后再试。',
    notFound: '页面不存在',
    notFoundText: '抱歉，您访问的页面不存在。',
    backHome: '返回首页',
  },
  en: {
    noAccess: 'No access',
    noAccessText: 'Sorry, you are not allowed to open this page.',
    serverError: 'Server error',
    serverErrorText: 'Sorry, the server ran into a problem. Please try again later.',
    notFound: 'Page not found',
    notFoundText: 'Sorry, the page you asked for does not exist.',
    backHome: 'Back to home',
  },
});
