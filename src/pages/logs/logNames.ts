/** The modules, actions and results the server writes to the audit log, shared with the server. */
export {
  isOneOf,
  LOG_ACTIONS,
  detailKey,
  exportedRows,
  LOG_MODULES,
  LOG_RESULTS,
  targetLabel,
} from '../../../protocol/auditLog.ts';
export type { LogAction, LogModule } from '../../../protocol/auditLog.ts';
