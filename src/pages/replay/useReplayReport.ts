/**
 * The replay's PDF report from the page: the moments chosen for it (each a copy of the map as drawn
 * at that cursor, taken when the moment is added, since the map only ever shows the cursor), and the
 * export, which adds the cursor's moment when it is not among them. Moments belong to a window: a
 * new window starts without any.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ReplayEvent, ReplayWindow } from '../../../protocol/replay.ts';
import { REPORT_FILE_NAME } from '../../lib/report/pdfRules.ts';
import { mapCredit, mapPicture } from '../../lib/report/pictures.ts';
import { buildReport } from '../../lib/report/reportBlocks.ts';
import type { EventWords } from './eventWords.ts';
import { settled } from './replayMapHandle.ts';
import { replayReportModel, type ReportMoment } from './replayReport.ts';

/** Moments a report holds at most: each is a full-resolution copy of the map. */
export const MAX_MOMENTS = 6;

/** The map as drawn now, and the cursor it was drawn for (written on its container). */
async function capture(map: MapLibreMap): Promise<ReportMoment> {
  await settled(map);
  const root = map.getContainer();
  return { t: Number(root.dataset.replayT), picture: mapPicture(root) };
}

const byTime = (a: ReportMoment, b: ReportMoment) => a.t - b.t;

/** What the report says about the view besides its data. */
export interface ReportAbout {
  link: string;
  narrowed: boolean;
  describe: (e: ReplayEvent) => EventWords;
}

export interface ReplayReport {
  moments: readonly ReportMoment[];
  busy: boolean;
  /** Adds the map as it is now. */
  add: () => Promise<void>;
  remove: (t: number) => void;
  /** Saves the report of `data`, the cursor's moment included. */
  save: (data: ReplayWindow, about: ReportAbout) => Promise<void>;
}

/** The report's moments for the window `windowKey`, drawn on `map`. */
export function useReplayReport(map: MapLibreMap | null, windowKey: string): ReplayReport {
  const [state, setState] = useState<{ key: string; moments: ReportMoment[] }>({
    key: windowKey,
    moments: [],
  });
  const [busy, setBusy] = useState(false);
  const moments = useMemo(() => (state.key === windowKey ? state.moments : []), [state, windowKey]);
  const put = useCallback(
    (m: ReportMoment) =>
      setState((s) => {
        const kept = s.key === windowKey ? s.moments.filter((x) => x.t !== m.t) : [];
        return { key: windowKey, moments: [...kept, m].sort(byTime).slice(-MAX_MOMENTS) };
      }),
    [windowKey],
  );
  const add = useCallback(async () => {
    if (map === null) return;
    setBusy(true);
    try {
      put(await capture(map));
    } finally {
      setBusy(false);
    }
  }, [map, put]);
  const remove = useCallback(
    (t: number) =>
      setState((s) => ({ key: windowKey, moments: s.moments.filter((m) => m.t !== t) })),
    [windowKey],
  );
  const save = useCallback(
    async (data: ReplayWindow, about: ReportAbout) => {
      if (map === null) return;
      setBusy(true);
      try {
        const now = await capture(map);
        const all = moments.some((m) => m.t === now.t) ? moments : [...moments, now].sort(byTime);
        const credit = mapCredit(map.getContainer());
        const model = replayReportModel({ ...about, data, moments: all, credit });
        (await buildReport(model)).pdf.save(REPORT_FILE_NAME);
      } finally {
        setBusy(false);
      }
    },
    [map, moments],
  );
  return { moments, busy, add, remove, save };
}
