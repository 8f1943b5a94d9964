import { AUDIT_WORDS } from '../../../protocol/auditLog.ts';
import { defineStrings } from '../../i18n/define.ts';

// Column, module, action and result words are shared with the server's CSV export.
const zh = AUDIT_WORDS['zh-CN'];
const en = AUDIT_WORDS.en;

/** Strings of the logs page (namespace `logs`). */
export default defineStrings({
  'zh-CN': {
    title: '日志管理',
    time: zh.columns.time,
    timeRange: '时间范围',
    user: zh.columns.user,
    module: zh.columns.module,
    action: zh.columns.action,
    target: zh.columns.target,
    ip: zh.columns.ip,
    result: zh.columns.result,
    detail: zh.columns.detail,
    request: '请求摘要',
    noDetail: '无请求摘要',
    export: '导出 CSV',
    exported: '已导出 {{file}}',
    modules: zh.modules,
    actions: zh.actions,
    results: zh.results,
    details: zh.details,
    exportedRows: zh.exportedRows,
  },
  en: {
    title: 'Logs',
    time: en.columns.time,
    timeRange: 'Time range',
    user: en.columns.user,
    module: en.columns.module,
    action: en.columns.action,
    target: en.columns.target,
    ip: en.columns.ip,
    result: en.columns.result,
    detail: en.columns.detail,
    request: 'Request summary',
    noDetail: 'No request summary',
    export: 'Export CSV',
    exported: 'Exported {{file}}',
    modules: en.modules,
    actions: en.actions,
    results: en.results,
    details: en.details,
    exportedRows: en.exportedRows,
  },
});
