import type { TFunction } from 'i18next';
import type { ReplayEvent, ReplayWindow } from '../../../protocol/replay.ts';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { clock } from '../../lib/clock.ts';
import type { EventWords } from './eventWords.ts';
import { saveTracks } from './exportTracks.ts';
import type { ReportActions } from './ReplayToolbar.tsx';
import type { Preset, ReplayView } from './replayView.ts';
import { presetWindow, searchOf } from './replayView.ts';
import type { ReplayReport } from './useReplayReport.ts';

interface Inputs {
  t: TFunction<'replay'>;
  view: ReplayView;
  change: (next: Partial<ReplayView>) => void;
  /** Asks the server again for the same custom window. */
  refetch: () => void;
  /** The player's cursor, for a link to this very moment. */
  cursor: number;
  data: ReplayWindow | null;
  /** There is a window and a map to copy for the report. */
  ready: boolean;
  report: ReplayReport;
  describe: (e: ReplayEvent) => EventWords;
}

/**
 * What the replay toolbar's buttons do: pick a window, refresh it, copy a link to the moment,
 * export the tracks or the PDF report (whose failure the moments' button reports the same way).
 */
export function replayToolbarActions(p: Inputs) {
  const { t, view, change, data, report } = p;
  const onPreset = (preset: Preset) =>
    preset === 'custom'
      ? change({ preset })
      : change({ preset, ...presetWindow(preset, clock.now()), t: null });
  const onRefresh = () => {
    if (view.preset === 'custom') p.refetch();
    else onPreset(view.preset);
  };
  const linkHere = () => `${window.location.origin}/replay?${searchOf({ ...view, t: p.cursor })}`;
  const onLink = () => {
    const url = linkHere();
    navigator.clipboard.writeText(url).then(
      () => toastSuccess(t('toolbar.linkCopied')),
      () => toastError(t('toolbar.linkFailed', { url })),
    );
  };
  const onExport = (format: 'csv' | 'geojson') => {
    if (data !== null) saveTracks(data, format, t('csv', { returnObjects: true }));
  };
  const reportFailed = () => toastError(t('toolbar.pdfFailed'));
  const reportActions: ReportActions = {
    onPdf: () => {
      if (data === null) return;
      const about = { link: linkHere(), narrowed: view.devices.length > 0, describe: p.describe };
      report.save(data, about).catch(reportFailed);
    },
    ready: p.ready,
    busy: report.busy,
  };
  return { onPreset, onRefresh, onLink, onExport, report: reportActions, reportFailed };
}
