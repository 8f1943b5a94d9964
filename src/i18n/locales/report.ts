import { defineStrings } from '../define.ts';

export default defineStrings({
  'zh-CN': {
    project: '项目',
    exportedBy: '导出人',
    exportedAt: '导出时间',
    report: '报告',
  },
  en: {
    project: 'Project',
    exportedBy: 'Exported by',
    exportedAt: 'Exported at',
    report: 'Report',
  },
});
