import { useState } from 'react';
import { NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAccountState } from '../../state/account.ts';
import { ChannelsTab } from './ChannelsTab.tsx';
import { DeliveriesTab } from './DeliveriesTab.tsx';
import { RulesTab } from './RulesTab.tsx';
import { useChannels } from './useChannels.ts';
import './notifications.css';

type TabId = 'rules' | 'channels' | 'deliveries';

/** Notifications of the current workspace: rules, channels and the delivery log, one tab each. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const workspaceId = useAccountState().workspace?.id;
  const { channels, reload } = useChannels(workspaceId);
  const [tab, setTab] = useState<TabId>('rules');
  if (workspaceId === undefined) return <NonIdealState icon="office" title={t('noProject')} />;
  return (
    <div className="sd-notify-page">
      <Tabs
        id="notifications-tabs"
        selectedTabId={tab}
        onChange={(id) => setTab(id as TabId)}
        renderActiveTabPanelOnly
      >
        <Tab
          id="rules"
          icon="filter-list"
          title={t('tabs.rules')}
          panel={<RulesTab key={workspaceId} workspaceId={workspaceId} channels={channels} />}
        />
        <Tab
          id="channels"
          icon="send-message"
          title={t('tabs.channels')}
          panel={<ChannelsTab key={workspaceId} workspaceId={workspaceId} onChanged={reload} />}
        />
        <Tab
          id="deliveries"
          icon="history"
          title={t('tabs.deliveries')}
          panel={<DeliveriesTab key={workspaceId} workspaceId={workspaceId} channels={channels} />}
        />
      </Tabs>
    </div>
  );
}
