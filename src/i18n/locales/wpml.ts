import { defineStrings } from '../define.ts';

/** Words for WPML values shown on more than one page (namespace `wpml`). */
export default defineStrings({
  'zh-CN': {
    heightModes: {
      EGM96: '海拔高度（EGM96）',
      WGS84: '椭球高度（WGS84）',
      relativeToStartPoint: '相对起飞点高度',
      aboveGroundLevel: '相对地面高度',
      realTimeFollowSurface: '实时仿地',
    },
    finishActions: {
      goHome: '自动返航',
      autoLand: '原地降落',
      gotoFirstWaypoint: '飞向首个航点并悬停',
      noAction: '退出航线模式',
    },
  },
  en: {
    heightModes: {
      EGM96: 'Altitude (EGM96)',
      WGS84: 'Ellipsoid height (WGS84)',
      relativeToStartPoint: 'Relative to take-off point',
      aboveGroundLevel: 'Above ground level',
      realTimeFollowSurface: 'Real-time terrain follow',
    },
    finishActions: {
      goHome: 'Return home',
      autoLand: 'Land in place',
      gotoFirstWaypoint: 'Fly to the first waypoint and hover',
      noAction: 'Exit route mode',
    },
  },
});
