/**
 * One flight (/subtasksInfo/:id): its state and result in words, key figures, the flown track over
 * the planned route, the timeline, the alarms, the smell readings (when it carried a gas sensor) and
 * the photos; pause, resume and return home while it flies; the flight's PDF report (flightReport.ts).
 */
import { Button, Card, H4, H5, NonIdealState, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { SubtaskDetail } from '../../../protocol/tasks.ts';
import { navigateTo } from '../../app/shellApi.ts';
import { FactsTable, type Fact } from '../../components/FactsTable/FactsTable.tsx';
import { FlightLegend } from '../../components/FlightMap/FlightLegend.tsx';
import { FlightMap } from '../../components/FlightMap/FlightMap.tsx';
import type { FlightShapes } from '../../components/FlightMap/flightGeoJson.ts';
import { useSubtask, type LiveTask } from '../../components/FlightMap/useSubtask.ts';
import { OpenRunInReplay } from '../../components/OpenInReplay/OpenInReplay.tsx';
import { runSummary, runTag } from '../../components/TaskWords/runVerdictWords.ts';
import { isEnded, isFlying, runStateLabel } from '../../components/TaskWords/taskWords.ts';
import { formatTime } from '../../lib/time.ts';
import { useDeviceTelemetry } from '../../fleet/fleet.ts';
import { positionOf } from '../../fleet/derive/fields.ts';
import { FlightControls } from './FlightControls.tsx';
import { exportFlightReport } from './flightReport.ts';
import { SubtaskFigures } from './SubtaskFigures.tsx';
import { SubtaskMedia } from './SubtaskMedia.tsx';
import { SubtaskSmell } from './SubtaskSmell.tsx';
import { SubtaskAlarms, SubtaskTimeline } from './SubtaskTimeline.tsx';
import './subtasks.css';

function Facts({ detail }: { detail: SubtaskDetail }) {
  const { t } = useTranslation('subtasksInfo');
  const x = detail.execution;
  const facts: Fact[] = [
    ['task', t('task'), detail.task.name],
    ['wayline', t('wayline'), detail.wayline?.name ?? t('none')],
    ['dock', t('dock'), x.dock_sn],
    ['aircraft', t('aircraft'), detail.aircraft_sn ?? t('none')],
    ['planned', t('plannedAt'), formatTime(x.planned_at)],
    ['started', t('startedAt'), formatTime(x.started_at) || t('none')],
    ['ended', t('endedAt'), formatTime(x.ended_at) || t('none')],
  ];
  return <FactsTable facts={facts} className="sd-subtask-facts" />;
}

/**
 * The flight's name, its state and what it came to: once ended and judged, the verdict (waypoints
 * reached and, when short, why) in the tag and in words; the dock's own word stays in the tooltip.
 */
function Header({ detail, live }: { detail: SubtaskDetail; live: LiveTask | null }) {
  const { t } = useTranslation('subtasksInfo');
  const words = useTranslation('taskWords').t;
  const x = detail.execution;
  const state = live?.status ?? x.state;
  const percent = live?.percent ?? x.percent;
  const tag = runTag(words, { ...x, state });
  const result = isEnded(x.state)
    ? runSummary(words, x) || runStateLabel(words, x.state)
    : t('none');
  return (
    <div className="sd-subtask-head">
      <H4>{`${detail.task.name} · ${t('flight', { id: x.id })}`}</H4>
      <div className="sd-subtask-state">
        <span>{t('state')}</span>
        <Tag
          size="large"
          intent={tag.intent}
          title={tag.title}
          data-testid="subtask-state"
          data-verdict={x.verdict?.result}
        >
          {tag.label}
        </Tag>
        <span>{t('result')}</span>
        <strong data-testid="subtask-result">{result}</strong>
      </div>
      {!isEnded(state) && (
        <div className="sd-subtask-progress" data-testid="subtask-progress">
          <ProgressBar value={percent / 100} intent="primary" stripes={isFlying(state)} />
          <span>{`${String(Math.round(percent))}%`}</span>
        </div>
      )}
    </div>
  );
}

export default function SubtaskPage() {
  const { t } = useTranslation('subtasksInfo');
  const id = Number(useParams().id);
  const { detail, live, reload } = useSubtask(Number.isInteger(id) && id > 0 ? id : 0);
  const root = useRef<HTMLDivElement>(null);
  const [exporting, setExporting] = useState(false);
  const loaded = detail !== null && detail !== 'missing' ? detail : null;
  const flying = loaded !== null && isFlying(live?.status ?? loaded.execution.state);
  // Followed only while it flies: each report re-renders the page, charts and maps included.
  const aircraft = useDeviceTelemetry(flying ? (loaded.aircraft_sn ?? '') : '');
  const lat = flying ? positionOf(aircraft).num('latitude') : null;
  const lon = flying ? positionOf(aircraft).num('longitude') : null;
  const shapes = useMemo<FlightShapes>(
    () => ({
      route: loaded?.route ?? [],
      track: loaded?.track ?? [],
      photos: loaded?.timeline.filter((e) => e.kind === 'photo') ?? [],
      aircraft: lat !== null && lon !== null ? { lat, lon } : null,
    }),
    [loaded, lat, lon],
  );
  const back = (
    <Button
      icon="arrow-left"
      variant="minimal"
      text={t('back')}
      onClick={() => navigateTo(loaded ? `/taskInfo/${String(loaded.task.id)}` : '/task')}
    />
  );
  if (detail === null) return <Spinner />;
  if (loaded === null) return <NonIdealState icon="search" title={t('notFound')} action={back} />;
  const x = loaded.execution;
  const onExport = () => {
    if (root.current === null) return;
    setExporting(true);
    exportFlightReport({ detail: loaded, live, page: root.current })
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };
  return (
    <div className="sd-subtask" ref={root} data-testid="subtask-page">
      {/* Where the bar is narrow (a phone) the buttons after the spacer show only their icons
          (subtasks.css); their names stay in aria-label and the tooltip. */}
      <div className="sd-subtask-bar" data-testid="subtask-bar">
        {back}
        <span className="sd-subtask-spacer" />
        <OpenRunInReplay run={x} aircraftSn={loaded.aircraft_sn} />
        <Button
          icon="fullscreen"
          text={t('wallMap')}
          aria-label={t('wallMap')}
          title={t('wallMap')}
          onClick={() => navigateTo(`/taskInfoMap?id=${String(x.id)}`)}
        />
        <Button
          icon="document"
          intent="primary"
          text={t('exportPdf')}
          aria-label={t('exportPdf')}
          title={t('exportPdf')}
          loading={exporting}
          onClick={onExport}
        />
      </div>
      <Card>
        <Header detail={loaded} live={live} />
        {isFlying(live?.status ?? x.state) && (
          <FlightControls
            taskId={loaded.task.id}
            executionId={x.id}
            name={loaded.task.name}
            state={live?.status ?? x.state}
            onDone={reload}
          />
        )}
        <SubtaskFigures detail={loaded} />
      </Card>
      <div className="sd-subtask-columns">
        <Card className="sd-subtask-mapcard">
          <H5>{t('map')}</H5>
          <div className="sd-subtask-map" data-testid="subtask-map">
            <FlightMap shapes={shapes} />
          </div>
          <FlightLegend />
          {loaded.track.length === 0 && <p className="sd-subtask-muted">{t('noTrack')}</p>}
        </Card>
        <Card>
          <Facts detail={loaded} />
        </Card>
      </div>
      <Card>
        <H5>{t('timeline')}</H5>
        <SubtaskTimeline events={loaded.timeline} />
      </Card>
      <Card>
        <H5>{t('alarmsTitle')}</H5>
        <SubtaskAlarms events={loaded.timeline} />
      </Card>
      <SubtaskSmell
        workspaceId={loaded.task.workspace_id}
        executionId={x.id}
        version={loaded.track.length}
      />
      <Card className="sd-subtask-mediacard">
        <H5>{t('media')}</H5>
        <SubtaskMedia workspaceId={loaded.task.workspace_id} flightId={x.flight_id} />
      </Card>
    </div>
  );
}
