import { useState } from 'react';
import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { NotificationChannel } from '../../../protocol/notifications.ts';
import { toastError, toastSuccess } from '../../app/toaster.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { Permission } from '../../components/Permission/Permission.tsx';
import {
  SearchTable,
  useSearchTable,
  type TableColumn,
} from '../../components/SearchTable/index.ts';
import { ChannelDialog } from './ChannelDialog.tsx';
import { deleteChannel, listChannels, testChannel } from './notificationsApi.ts';
import { pageOf } from './useChannels.ts';

type Open = null | { kind: 'add' } | { kind: 'edit' | 'delete'; channel: NotificationChannel };

/**
 * Where a channel sends, as the table shows it. Credentials arrive masked (`••••••`): the path is
 * shown decoded, or the mask would read as a row of `%E2%80%A2`.
 */
function target(c: NotificationChannel): string {
  if (c.kind === 'email')
    return `${c.config.to.join(', ')} · ${c.config.host}:${String(c.config.port)}`;
  try {
    const url = new URL(c.config.url);
    return `${url.host}${decodeURI(url.pathname)}`;
  } catch {
    return c.config.url;
  }
}

/** "Send test" with its outcome toasted: sent, retrying (first try failed) or failed. */
function useSendTest() {
  const { t } = useTranslation('notifications');
  const [testing, setTesting] = useState<number | null>(null);
  const sendTest = async (c: NotificationChannel) => {
    setTesting(c.id);
    try {
      const delivery = await testChannel(c.id);
      const last = delivery?.attempts.at(-1);
      if (delivery?.status === 'sent') toastSuccess(t('testSent', { name: c.name }));
      else if (delivery?.status === 'pending')
        toastError(t('testPending', { name: c.name, error: last?.error ?? '' }));
      else toastError(t('testFailed', { name: c.name, error: last?.error ?? '' }));
    } catch {
      // The client already showed the server's refusal.
    } finally {
      setTesting(null);
    }
  };
  return { testing, sendTest };
}

/** The workspace's channels: add, edit, delete, and send a test message through one. */
export function ChannelsTab({
  workspaceId,
  onChanged,
}: {
  workspaceId: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation('notifications');
  const table = useSearchTable<NotificationChannel>({
    fields: [],
    request: async (q) => pageOf(await listChannels(workspaceId), q),
  });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const changed = () => {
    close();
    table.refresh();
    onChanged();
  };
  const { testing, sendTest } = useSendTest();
  const columns: TableColumn<NotificationChannel>[] = [
    { key: 'name', title: t('col.name') },
    { key: 'kind', title: t('col.kind'), width: 130, render: (c) => t(`kinds.${c.kind}`) },
    {
      key: 'target',
      title: t('col.target'),
      render: (c) => (
        <span className="sd-notify-target" title={target(c)}>
          {target(c)}
        </span>
      ),
    },
    { key: 'lang', title: t('col.lang'), width: 80, render: (c) => t(`langs.${c.lang}`) },
    {
      key: 'enabled',
      title: t('col.state'),
      width: 70,
      render: (c) => (
        <Tag minimal intent={c.enabled ? 'success' : 'none'}>
          {t(c.enabled ? 'on' : 'off')}
        </Tag>
      ),
    },
    { key: 'rule_count', title: t('col.rules'), width: 70 },
    {
      key: 'actions',
      title: t('col.actions'),
      width: 250,
      render: (c) => (
        <ButtonGroup variant="minimal" size="small">
          <Permission code="notification:edit">
            <Button
              icon="send-message"
              text={t('test')}
              loading={testing === c.id}
              onClick={() => void sendTest(c)}
            />
            <Button
              icon="edit"
              text={t('edit')}
              onClick={() => setOpen({ kind: 'edit', channel: c })}
            />
          </Permission>
          <Permission code="notification:del">
            <Button
              icon="trash"
              intent="danger"
              text={t('del')}
              onClick={() => setOpen({ kind: 'delete', channel: c })}
            />
          </Permission>
        </ButtonGroup>
      ),
    },
  ];
  const toolbar = (
    <Permission code="notification:add">
      <Button
        intent="primary"
        icon="add"
        data-testid="notify-add-channel"
        text={t('addChannel')}
        onClick={() => setOpen({ kind: 'add' })}
      />
    </Permission>
  );
  const deleting = open?.kind === 'delete' ? open.channel : null;
  return (
    <>
      <SearchTable table={table} columns={columns} rowKey={(c) => c.id} toolbar={toolbar} />
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <ChannelDialog
          channel={open.kind === 'edit' ? open.channel : null}
          workspaceId={workspaceId}
          onClose={close}
          onSaved={changed}
        />
      )}
      <ConfirmDelete
        message={deleting ? t('confirmDeleteChannel', { name: deleting.name }) : null}
        confirmText={t('del')}
        onClose={close}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteChannel(deleting.id);
          toastSuccess(t('deleted', { name: deleting.name }));
          changed();
        }}
      >
        {deleting && deleting.rule_count > 0 && (
          <p>{t('channelInRules', { n: deleting.rule_count })}</p>
        )}
      </ConfirmDelete>
    </>
  );
}
