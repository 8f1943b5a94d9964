/**
 * The window's events as a list that follows the cursor: the last event at or before it is marked
 * and kept in view; a click jumps there. Filter by kind and by words (device, what, who).
 */
import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplayEvent, ReplayEventKind, ReplayWindow } from '../../../protocol/replay.ts';
import { REPLAY_EVENT_KINDS, REPLAY_LIMITS } from '../../../protocol/replay.ts';
import { formatTime } from '../../lib/time.ts';
import { KIND_COLOURS } from './colours.ts';
import type { EventWords } from './eventWords.ts';
import { indexAtOrBefore } from './interpolate.ts';

const ROW_PX = 46;

interface Props {
  data: ReplayWindow | null;
  t: number;
  playing: boolean;
  onPick: (e: ReplayEvent) => void;
  describe: (e: ReplayEvent) => EventWords;
}

export function EventList({ data, t, playing, onPick, describe }: Props) {
  const { t: words } = useTranslation('replay');
  const [kind, setKind] = useState<ReplayEventKind | ''>('');
  const [query, setQuery] = useState('');
  const names = useMemo(
    () => new Map((data?.devices ?? []).map((d) => [d.sn, d.name || d.sn])),
    [data],
  );
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (data?.events ?? []).filter((e) => {
      if (kind !== '' && e.kind !== kind) return false;
      if (q === '') return true;
      const w = describe(e);
      return [names.get(e.sn) ?? '', e.sn, w.kind, w.what, w.detail, e.user ?? '']
        .join(' ')
        .toLowerCase()
        .includes(q);
    });
  }, [data, kind, query, describe, names]);
  const times = useMemo(() => shown.map((e) => e.t), [shown]);
  const current = indexAtOrBefore(times, t);
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render by design
  const virtual = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 8,
  });
  // The list follows the cursor: the current event stays in view as the cursor moves.
  useEffect(() => {
    if (current >= 0) virtual.scrollToIndex(current, { align: playing ? 'end' : 'auto' });
  }, [current, playing, virtual]);
  return (
    <section className="replay-events" data-testid="replay-events">
      <h4>{words('panel.events')}</h4>
      <div className="replay-events-filter">
        <HTMLSelect
          aria-label={words('panel.filter')}
          value={kind}
          onChange={(e) => setKind(e.target.value as ReplayEventKind | '')}
          data-testid="replay-kind"
        >
          <option value="">{words('panel.allKinds')}</option>
          {REPLAY_EVENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {words(`kinds.${k}`)}
            </option>
          ))}
        </HTMLSelect>
        <InputGroup
          leftIcon="search"
          placeholder={words('panel.filter')}
          value={query}
          onValueChange={setQuery}
          data-testid="replay-filter"
        />
      </div>
      <p className="replay-muted">
        {words('panel.count', { shown: shown.length, total: data?.events.length ?? 0 })}
        {data?.truncated
          ? ` · ${words('panel.truncated', { max: REPLAY_LIMITS.maxEventsPerKind })}`
          : ''}
      </p>
      <div className="replay-events-scroll" ref={scroller} data-testid="replay-event-list">
        {shown.length === 0 && <p className="replay-muted">{words('panel.noEvents')}</p>}
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const e = shown[item.index];
            if (e === undefined) return null;
            const w = describe(e);
            return (
              <button
                type="button"
                key={e.id}
                className={`replay-event${item.index === current ? ' is-current' : ''}${e.t > t ? ' is-later' : ''}`}
                style={{ transform: `translateY(${String(item.start)}px)`, height: ROW_PX }}
                onClick={() => onPick(e)}
                data-testid="replay-event"
                data-kind={e.kind}
                data-current={item.index === current}
              >
                <span className="replay-event-dot" style={{ background: KIND_COLOURS[e.kind] }} />
                <span className="replay-event-text">
                  <span className="replay-event-head">
                    {formatTime(e.t).slice(5)} · {w.kind} · {names.get(e.sn) ?? e.sn}
                  </span>
                  <span className="replay-event-what">
                    {w.what}
                    {w.detail ? ` · ${w.detail}` : ''}
                  </span>
                </span>
              </button>
            );
          })}
        </div>
      </div>
    </section>
  );
}
