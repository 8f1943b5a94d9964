import { useCallback, useEffect, useState } from 'react';
import { Button, ButtonGroup, Tab, Tabs } from '@blueprintjs/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AiAlarm } from '../../../protocol/aiAlarms.ts';
import { MOLD_PROJECT } from '../../../protocol/http.ts';
import type { Query } from '../../api/createClient.ts';
import { onAiArrival } from '../../components/AlarmToast/liveAlarms.ts';
import { SoundToggle } from '../../components/AlarmToast/SoundToggle.tsx';
import { SearchTable, useSearchTable } from '../../components/SearchTable/index.ts';
import type { TableQuery } from '../../components/SearchTable/types.ts';
import { useAccountState } from '../../state/account.ts';
import { AlarmDrawer } from './AlarmDrawer.tsx';
import { AlarmMapView } from './AlarmMapView.tsx';
import { AlarmStatsView } from './AlarmStatsView.tsx';
import { AlarmToolbar } from './AlarmToolbar.tsx';
import { listAiAlarms } from './aralmApi.ts';
import { useAralmColumns } from './useAralmColumns.tsx';
import { useAralmFields } from './useAralmFields.ts';
import { useIdSelection } from '../../lib/useIdSelection.ts';
import './aralm.css';

type Mode = 'list' | 'map' | 'stats';

/** The table's filters without paging, for the map, statistics and export. */
function filtersOf(q: TableQuery, workspace: { id: number; mold_id: number } | null): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(q))
    if (
      (typeof value === 'string' || typeof value === 'number') &&
      key !== 'current' &&
      key !== 'size'
    )
      query[key] = value;
  if (workspace?.mold_id === MOLD_PROJECT) query.workspace_id = workspace.id;
  return query;
}

/** Opens the alarm a toast pointed at (`/aralm?open=12`). */
function useOpenFromAddress(open: (id: number) => void): void {
  const { search } = useLocation();
  useEffect(() => {
    const id = Number(new URLSearchParams(search).get('open'));
    if (Number.isInteger(id) && id > 0) open(id);
  }, [search, open]);
}

/** AI alarms of the current project: list, map and statistics; worked through the drawer. */
export default function AralmPage() {
  const { t } = useTranslation('aiAlarms');
  const { workspace } = useAccountState();
  const fields = useAralmFields();
  const [filters, setFilters] = useState<Query>({});
  const table = useSearchTable<AiAlarm>({
    fields,
    request: (q) => {
      const next = filtersOf(q, workspace);
      setFilters((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next));
      return listAiAlarms({ ...next, current: q.current, size: q.size });
    },
  });
  const selection = useIdSelection();
  const [mode, setMode] = useState<Mode>('list');
  const [openId, setOpenId] = useState<number | null>(null);
  const open = useCallback((id: number) => setOpenId(id), []);
  const columns = useAralmColumns(selection, (a) => open(a.id));
  const { follow } = table;
  useOpenFromAddress(open);
  // A detection heard live joins the list at once, without covering the rows being clicked.
  useEffect(() => onAiArrival(() => follow()), [follow]);
  const changed = () => {
    selection.clear();
    table.refresh();
  };
  return (
    <div className="aralm-page">
      <div className="aralm-head">
        <Tabs id="aralm-mode" selectedTabId={mode} onChange={(id) => setMode(id as Mode)}>
          <Tab id="list" title={t('tabs.list')} />
          <Tab id="map" title={t('tabs.map')} data-testid="aralm-tab-map" />
          <Tab id="stats" title={t('tabs.stats')} data-testid="aralm-tab-stats" />
        </Tabs>
        <ButtonGroup>
          <SoundToggle />
          <Button
            variant="minimal"
            icon="select"
            text={t('selectAll')}
            onClick={() =>
              selection.setPage(
                table.rows.map((r) => r.id),
                true,
              )
            }
            className={mode === 'list' ? '' : 'aralm-hidden'}
          />
        </ButtonGroup>
      </div>
      {mode === 'list' && (
        <SearchTable
          table={table}
          fields={fields}
          columns={columns}
          rowKey={(x) => x.id}
          toolbar={<AlarmToolbar selection={selection} filters={filters} onChanged={changed} />}
        />
      )}
      {mode === 'map' && <AlarmMapView query={filters} onOpen={open} />}
      {mode === 'stats' && <AlarmStatsView query={filters} />}
      <AlarmDrawer id={openId} onClose={() => setOpenId(null)} onChanged={table.refresh} />
    </div>
  );
}
