import { Card, H5 } from '@blueprintjs/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GasCharts } from '../../components/GasViews/GasCharts.tsx';
import { thresholdOf } from '../../components/GasViews/gasLevels.ts';
import { GasMap } from '../../components/GasViews/GasMap.tsx';
import { PeaksTable } from '../../components/GasViews/PeaksTable.tsx';
import { SourcePanel } from '../../components/GasViews/SourcePanel.tsx';
import { formatTime } from '../../lib/time.ts';
import { useFlightGas } from './useFlightGas.ts';

/**
 * The flight's smell section, when it has gas readings: the track coloured by the concentration of
 * the gas that came nearest its limit, a chart per gas, that gas's peaks and the estimate of its
 * source with the method. It travels in the page's PDF report like every other section.
 */
export const SubtaskSmell = memo(function SubtaskSmell({
  workspaceId,
  executionId,
  version,
}: {
  workspaceId: number;
  executionId: number;
  /** Changes while the flight goes on: the readings are read again. */
  version: number;
}) {
  const { t } = useTranslation('subtasksInfo');
  const gasWords = useTranslation('gas').t;
  const data = useFlightGas(workspaceId, executionId, version);
  const points = useMemo(() => data?.answer.points ?? [], [data]);
  if (data === null) return null;
  const { answer, thresholds, gas, source } = data;
  const windAt = [...points].reverse().find((p) => p.wind_speed !== null && p.wind_from !== null);
  const wind = windAt ? { speed: windAt.wind_speed ?? 0, from: windAt.wind_from ?? 0 } : null;
  const first = points[0]?.ts ?? 0;
  const last = points[points.length - 1]?.ts ?? 0;
  return (
    <div className="sd-subtask-smell" data-testid="subtask-smell">
      <Card>
        <H5>{t('smell.title')}</H5>
        <p className="sd-subtask-muted" data-testid="subtask-smell-summary">
          {t('smell.summary', {
            n: answer.total,
            from: formatTime(first),
            to: formatTime(last),
            gas: gasWords(`gases.${gas}`),
          })}
        </p>
        <div className="sd-subtask-smell-map" data-report="keep-height">
          <GasMap
            points={points}
            all={points}
            gas={gas}
            threshold={thresholdOf(thresholds, gas)}
            source={source}
            wind={wind}
          />
        </div>
      </Card>
      <div className="sd-subtask-smell-columns">
        <PeaksTable points={points} gas={gas} thresholds={thresholds} />
        <SourcePanel source={source} />
      </div>
      <GasCharts points={points} thresholds={thresholds} cursor={null} gas={gas} />
    </div>
  );
});
