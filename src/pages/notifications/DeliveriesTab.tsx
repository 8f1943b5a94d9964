import { useState } from 'react';
import { Button, Classes, Dialog, DialogBody, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { NotificationChannel, NotificationDelivery } from '../../../protocol/notifications.ts';
import { DELIVERY_STATUSES } from '../../../protocol/notifications.ts';
import {
  SearchTable,
  useSearchTable,
  type SearchField,
  type TableColumn,
} from '../../components/SearchTable/index.ts';
import { formatTime } from '../../lib/time.ts';
import { listDeliveries } from './notificationsApi.ts';

const STATUS_INTENT = { pending: 'warning', sent: 'success', failed: 'danger' } as const;

/** Each try of a delivery: when, how it ended, and why not, in a dialog (Escape closes it). */
function Attempts({ delivery }: { delivery: NotificationDelivery }) {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const n = delivery.attempts.length;
  return (
    <>
      <Button
        variant="minimal"
        size="small"
        icon="history"
        text={String(n)}
        aria-label={t('showAttempts', { n })}
        onClick={() => setOpen(true)}
      />
      <Dialog isOpen={open} onClose={() => setOpen(false)} title={delivery.title} icon="history">
        <DialogBody>
          <ol className="sd-notify-attempts">
            {delivery.attempts.map((a) => (
              <li key={a.attempt}>
                {t('attempt', {
                  n: a.attempt,
                  time: formatTime(a.at),
                  result: a.ok ? t('attemptOk') : a.error || String(a.status_code ?? ''),
                })}
              </li>
            ))}
          </ol>
        </DialogBody>
      </Dialog>
    </>
  );
}

/** The workspace's delivery log, newest first, filtered by channel and result. */
export function DeliveriesTab({
  workspaceId,
  channels,
}: {
  workspaceId: number;
  channels: readonly NotificationChannel[];
}) {
  const { t } = useTranslation('notifications');
  const fields: SearchField[] = [
    {
      name: 'channel_id',
      label: t('col.channel'),
      type: 'select',
      options: channels.map((c) => ({ label: c.name, value: String(c.id) })),
    },
    {
      name: 'status',
      label: t('col.status'),
      type: 'select',
      options: DELIVERY_STATUSES.map((s) => ({ label: t(`statuses.${s}`), value: s })),
    },
  ];
  const table = useSearchTable<NotificationDelivery>({
    fields,
    request: (q) =>
      listDeliveries({
        workspace_id: workspaceId,
        current: q.current,
        size: q.size,
        channel_id: typeof q.channel_id === 'string' ? q.channel_id : undefined,
        status: typeof q.status === 'string' ? q.status : undefined,
      }),
  });
  const columns: TableColumn<NotificationDelivery>[] = [
    {
      key: 'created_at',
      title: t('col.time'),
      width: 170,
      render: (d) => formatTime(d.created_at),
    },
    {
      key: 'channel',
      title: t('col.channel'),
      width: 180,
      render: (d) => `${d.channel_name} · ${t(`kinds.${d.channel_kind}`)}`,
    },
    {
      key: 'kind',
      title: t('col.event'),
      width: 150,
      render: (d) =>
        d.event_kind === null
          ? t(`deliveryKinds.${d.kind}`)
          : `${t(`events.${d.event_kind}`)}${d.kind === 'digest' ? ` · ${t('deliveryKinds.digest')}` : ''}`,
    },
    { key: 'device_sn', title: t('col.device'), width: 130 },
    {
      key: 'title',
      title: t('col.title'),
      render: (d) => <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{d.title}</span>,
    },
    {
      key: 'status',
      title: t('col.status'),
      width: 90,
      render: (d) => <Tag intent={STATUS_INTENT[d.status]}>{t(`statuses.${d.status}`)}</Tag>,
    },
    {
      key: 'attempts',
      title: t('col.attempts'),
      width: 70,
      render: (d) => <Attempts delivery={d} />,
    },
  ];
  return <SearchTable table={table} fields={fields} columns={columns} rowKey={(d) => d.id} />;
}
