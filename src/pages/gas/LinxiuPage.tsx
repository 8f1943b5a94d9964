import { useCallback, useMemo, useRef, useState } from 'react';
import { Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MOLD_PROJECT } from '../../../protocol/http.ts';
import { exportPdf } from '../../lib/exportPdf.ts';
import { useAccountState } from '../../state/account.ts';
import { exportGasCsv } from './exportGasCsv.ts';
import { GasCharts } from '../../components/GasViews/GasCharts.tsx';
import { GasGauges } from './GasGauges.tsx';
import { thresholdOf } from '../../components/GasViews/gasLevels.ts';
import { GasMap } from '../../components/GasViews/GasMap.tsx';
import { GasToolbar } from './GasToolbar.tsx';
import { PeaksTable } from '../../components/GasViews/PeaksTable.tsx';
import { ReplaySlider } from './ReplaySlider.tsx';
import { SourcePanel } from '../../components/GasViews/SourcePanel.tsx';
import { ThresholdsDialog } from './ThresholdsDialog.tsx';
import type { Selection } from './useGasData.ts';
import { useGasData } from './useGasData.ts';
import './linxiu.css';

/**
 * Smell sensing: what the multi-gas payloads measured along the flights — live gauges, the map of the
 * chosen gas (coloured track, heatmap, wind, estimated source), charts per gas with the thresholds, a
 * replay slider, the peaks, CSV and the PDF report.
 */
export default function LinxiuPage() {
  const { t } = useTranslation('gas');
  const { workspace } = useAccountState();
  const workspaceId = workspace?.mold_id === MOLD_PROJECT ? workspace.id : undefined;
  const [selection, setSelection] = useState<Selection>({
    devices: [],
    flight: null,
    range: 'd1',
    from: null,
    to: null,
    gas: 'ch4',
  });
  const data = useGasData(workspaceId, selection);
  const [cursor, setCursor] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const all = useMemo(() => data.answer?.points ?? [], [data.answer]);
  const shown = useMemo(
    () => (cursor === null ? all : all.filter((p) => p.ts <= cursor)),
    [all, cursor],
  );
  const span = all.length > 0 ? { from: all[0]?.ts ?? 0, to: all[all.length - 1]?.ts ?? 0 } : null;
  const windAt = [...shown].reverse().find((p) => p.wind_speed !== null && p.wind_from !== null);
  const wind = windAt ? { speed: windAt.wind_speed ?? 0, from: windAt.wind_from ?? 0 } : null;
  const change = useCallback((next: Selection) => {
    setCursor(null);
    setSelection(next);
  }, []);
  const onPdf = () => {
    if (root.current === null) return;
    setExporting(true);
    exportPdf(root.current)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };
  if (data.devices === null) return <Spinner />;
  const answer = data.answer;
  return (
    <div className="linxiu-page" ref={root} data-testid="linxiu-page">
      <GasToolbar
        devices={data.devices}
        flights={data.flights}
        selection={selection}
        onChange={change}
        onRefresh={data.refresh}
        onCsv={() => exportGasCsv(all, t)}
        onPdf={onPdf}
        onThresholds={() => setEditing(true)}
        exporting={exporting}
      />
      {data.devices.length === 0 ? (
        <NonIdealState icon="heat-grid" title={t('toolbar.noDevices')} />
      ) : (
        <>
          <GasGauges latest={data.latest} thresholds={data.thresholds} />
          <div className="linxiu-columns">
            <Card className="linxiu-mapcard">
              <h4>
                {t('map.title')} · {t(`gases.${selection.gas}`)}
              </h4>
              <GasMap
                points={shown}
                all={all}
                gas={selection.gas}
                threshold={thresholdOf(data.thresholds, selection.gas)}
                source={data.source}
                wind={wind}
              />
              {span && (
                <ReplaySlider from={span.from} to={span.to} value={cursor} onChange={setCursor} />
              )}
              {answer && (
                <p className="linxiu-muted" data-testid="gas-count">
                  {answer.bucket_s > 0
                    ? t('charts.bucket', { seconds: answer.bucket_s, total: answer.total })
                    : t('charts.raw', { total: answer.total })}
                </p>
              )}
            </Card>
            <SourcePanel source={data.source} />
          </div>
          <PeaksTable points={all} gas={selection.gas} thresholds={data.thresholds} />
          <GasCharts
            points={all}
            thresholds={data.thresholds}
            cursor={cursor}
            gas={selection.gas}
          />
        </>
      )}
      {editing && (
        <ThresholdsDialog
          open
          thresholds={data.thresholds}
          workspaceId={workspaceId}
          onClose={() => setEditing(false)}
          onSaved={data.setThresholds}
        />
      )}
    </div>
  );
}
