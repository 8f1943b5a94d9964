import { useState } from 'react';
import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { NotificationChannel, NotificationRule } from '../../../protocol/notifications.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { Permission } from '../../components/Permission/Permission.tsx';
import {
  SearchTable,
  useSearchTable,
  type TableColumn,
} from '../../components/SearchTable/index.ts';
import { deleteRule, listRules } from './notificationsApi.ts';
import { RuleDialog } from './RuleDialog.tsx';
import { pageOf } from './useChannels.ts';

type Open = null | { kind: 'add' } | { kind: 'edit' | 'delete'; rule: NotificationRule };

/** How category and gas names read. */
interface Words {
  category: (c: string) => string;
  gas: (g: string) => string;
}

/** The rule's conditions in a few words. */
function filterWords(r: NotificationRule, t: TFunction<'notifications'>, words: Words): string {
  const f = r.filter;
  const parts: string[] = [];
  if (r.event_kind === 'hms') parts.push(t(`levels.${String(f.min_level ?? 0) as '0'}`));
  if (r.event_kind === 'gas') parts.push(t(`gasLevels.${String(f.min_level ?? 1) as '1'}`));
  if (f.categories?.length)
    parts.push(t('filter.categories', { list: f.categories.map(words.category).join(', ') }));
  if (f.min_confidence)
    parts.push(t('filter.confidence', { pct: Math.round(f.min_confidence * 100) }));
  if (f.gases?.length) parts.push(t('filter.gases', { list: f.gases.map(words.gas).join(', ') }));
  parts.push(
    f.device_sns?.length ? t('filter.devices', { n: f.device_sns.length }) : t('everyDevice'),
  );
  return parts.join(' · ');
}

/** The rules table's columns; `onOpen` opens the edit dialog or the delete confirmation. */
function ruleColumns(
  t: TFunction<'notifications'>,
  words: Words,
  channelName: (id: number) => string,
  onOpen: (open: Open) => void,
): TableColumn<NotificationRule>[] {
  return [
    { key: 'name', title: t('col.name') },
    {
      key: 'event_kind',
      title: t('col.event'),
      width: 130,
      render: (r) => t(`events.${r.event_kind}`),
    },
    { key: 'filter', title: t('col.filter'), render: (r) => filterWords(r, t, words) },
    {
      key: 'channels',
      title: t('col.channels'),
      render: (r) => (
        <span className="sd-notify-tags">
          {r.channel_ids.map((id) => (
            <Tag key={id} minimal>
              {channelName(id)}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'quiet',
      title: t('col.quiet'),
      width: 150,
      render: (r) =>
        r.quiet_hours
          ? `${t('quietRange', { start: r.quiet_hours.start, end: r.quiet_hours.end })}${r.quiet_hours.digest ? t('withDigest') : ''}`
          : t('noQuiet'),
    },
    {
      key: 'rate',
      title: t('col.rate'),
      width: 130,
      render: (r) =>
        r.rate_limit_minutes > 0 ? t('perMinutes', { n: r.rate_limit_minutes }) : t('noLimit'),
    },
    {
      key: 'enabled',
      title: t('col.state'),
      width: 70,
      render: (r) => (
        <Tag minimal intent={r.enabled ? 'success' : 'none'}>
          {t(r.enabled ? 'on' : 'off')}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('col.actions'),
      width: 160,
      render: (r) => (
        <ButtonGroup variant="minimal" size="small">
          <Permission code="notification:edit">
            <Button
              icon="edit"
              text={t('edit')}
              onClick={() => onOpen({ kind: 'edit', rule: r })}
            />
          </Permission>
          <Permission code="notification:del">
            <Button
              icon="trash"
              intent="danger"
              text={t('del')}
              onClick={() => onOpen({ kind: 'delete', rule: r })}
            />
          </Permission>
        </ButtonGroup>
      ),
    },
  ];
}

/** The workspace's rules: add, edit and delete. */
export function RulesTab({
  workspaceId,
  channels,
}: {
  workspaceId: number;
  channels: readonly NotificationChannel[];
}) {
  const { t } = useTranslation('notifications');
  const table = useSearchTable<NotificationRule>({
    fields: [],
    request: async (q) => pageOf(await listRules(workspaceId), q),
  });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const changed = () => {
    close();
    table.refresh();
  };
  const channelName = (id: number) => channels.find((c) => c.id === id)?.name ?? `#${String(id)}`;
  const { t: tAi } = useTranslation('aiAlarms');
  const { t: tGas } = useTranslation('gas');
  // Categories and gases in the words of their own pages; a category a device made up as it came.
  const words: Words = {
    category: (c) => tAi(`categories.${c as 'fire'}`, { defaultValue: c }),
    gas: (g) => tGas(`gases.${g as 'ch4'}`, { defaultValue: g }),
  };
  const columns = ruleColumns(t, words, channelName, setOpen);
  const toolbar = (
    <Permission code="notification:add">
      <Button
        intent="primary"
        icon="add"
        data-testid="notify-add-rule"
        text={t('addRule')}
        onClick={() => setOpen({ kind: 'add' })}
      />
    </Permission>
  );
  const deleting = open?.kind === 'delete' ? open.rule : null;
  return (
    <>
      <SearchTable table={table} columns={columns} rowKey={(r) => r.id} toolbar={toolbar} />
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <RuleDialog
          rule={open.kind === 'edit' ? open.rule : null}
          workspaceId={workspaceId}
          channels={channels}
          onClose={close}
          onSaved={changed}
        />
      )}
      <ConfirmDelete
        message={deleting ? t('confirmDeleteRule', { name: deleting.name }) : null}
        confirmText={t('del')}
        onClose={close}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteRule(deleting.id);
          toastSuccess(t('deleted', { name: deleting.name }));
          changed();
        }}
      />
    </>
  );
}
