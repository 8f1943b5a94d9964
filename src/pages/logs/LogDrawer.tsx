import { Drawer, H5, Pre, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '../../../protocol/http.ts';
import { formatTime } from '../../lib/time.ts';
import { targetLabel } from './logNames.ts';
import { useLogLabels } from './useLogLabels.ts';
import { FactsTable } from '../../components/FactsTable/FactsTable.tsx';

/** Wide enough for the request summary's JSON to read without wrapping every line. */
const DRAWER_WIDTH = '480px';

/** The request summary is JSON when the server wrote an object: shown indented, else as written. */
function readable(detail: string): string {
  try {
    return JSON.stringify(JSON.parse(detail), null, 2);
  } catch {
    return detail;
  }
}

/** One audit entry in full, with its request summary (`detail`). */
export function LogDrawer({ entry, onClose }: { entry: AuditLogEntry; onClose: () => void }) {
  const { t } = useTranslation('logs');
  const labels = useLogLabels();
  const facts = [
    ['time', t('time'), formatTime(entry.created_at)],
    ['user', t('user'), entry.username],
    ['module', t('module'), labels.module(entry.module)],
    ['action', t('action'), labels.action(entry.action)],
    ['target', t('target'), targetLabel(entry)],
    ['ip', t('ip'), entry.ip],
    ['result', t('result'), <ResultTag key="result" result={entry.result} />],
  ] as const;
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DRAWER_WIDTH}
      icon="history"
      title={`${t('detail')} #${entry.id}`}
    >
      <div className="sd-log-drawer" data-testid="log-drawer">
        <FactsTable facts={facts} className="sd-log-facts" />
        <H5>{t('request')}</H5>
        {entry.detail === '' ? (
          <p className="bp6-text-muted">{t('noDetail')}</p>
        ) : (
          <Pre className="sd-log-detail">{readable(labels.detail(entry.detail))}</Pre>
        )}
      </div>
    </Drawer>
  );
}

/** Green for success, red for failure. */
export function ResultTag({ result }: { result: AuditLogEntry['result'] }) {
  const { t } = useTranslation('logs');
  return (
    <Tag minimal intent={result === 'success' ? 'success' : 'danger'}>
      {t(`results.${result}`)}
    </Tag>
  );
}
