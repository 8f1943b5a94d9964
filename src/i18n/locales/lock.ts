import { defineStrings } from '../define.ts';

export default defineStrings({
  'zh-CN': {
    title: '屏幕已锁定',
    setTitle: '锁定屏幕',
    setPlaceholder: '请输入锁屏密码',
    lock: '锁定',
    passwordRequired: '请输入锁屏密码',
    placeholder: '锁屏密码或用户密码',
    passwordError: '密码错误',
    unlock: '解锁',
    backToLogin: '返回登录',
    weekdays: {
      sun: '星期日',
      mon: '星期一',
      tue: '星期二',
      wed: '星期三',
      thu: '星期四',
      fri: '星期五',
      sat: '星期六',
    },
  },
  en: {
    title: 'Screen locked',
    setTitle: 'Lock screen',
    setPlaceholder: 'Please input Screen password',
    lock: 'Lock',
    passwordRequired: 'Please input Screen password',
    placeholder: 'Screen password or User password',
    passwordError: 'Password error',
    unlock: 'Unlock',
    backToLogin: 'Back to sign-in',
    weekdays: {
      sun: 'Sunday',
      mon: 'Monday',
      tue: 'Tuesday',
      wed: 'Wednesday',
      thu: 'Thursday',
      fri: 'Friday',
      sat: 'Saturday',
    },
  },
});
