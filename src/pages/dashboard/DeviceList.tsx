/**
 * The device list: virtualised, so 2 000 devices cost the DOM of the twenty that are visible. A
 * search box filters by name or serial number.
 */
import { useMemo, useRef, useState } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { deviceCell, useFleetSerials } from '../../fleet/fleet.ts';
import { DeviceRow } from './DeviceRow.tsx';
import { useNow } from '../../lib/useNow.ts';

/** Row height in px; fixed, so the virtualiser needs no measuring. */
const ROW_PX = 48;
/** Rows drawn beyond the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN_ROWS = 8;
/** Data ages in the rows tick once a second. */
const AGE_TICK_MS = 1_000;

interface Props {
  selected: string | null;
  onSelect: (sn: string) => void;
}

function matches(sn: string, query: string): boolean {
  const name = deviceCell(sn).info?.name ?? '';
  return sn.toLowerCase().includes(query) || name.toLowerCase().includes(query);
}

/** The searchable, virtualised list of every device of the project. */
export function DeviceList({ selected, onSelect }: Props) {
  const { t } = useTranslation('dashboard');
  const serials = useFleetSerials();
  const [query, setQuery] = useState('');
  const now = useNow(AGE_TICK_MS);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q === '' ? serials : serials.filter((sn) => matches(sn, q));
  }, [serials, query]);
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render by design; nothing here is memoised across it
  const virtual = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: OVERSCAN_ROWS,
  });
  return (
    <div className="wb-list">
      <div className="wb-list-head">
        <InputGroup
          leftIcon="search"
          placeholder={t('list.search')}
          value={query}
          onValueChange={setQuery}
          size="small"
        />
        <span className="wb-list-count">{t('list.count', { count: shown.length })}</span>
      </div>
      <div className="wb-list-scroll" ref={scroller} data-testid="device-list">
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const sn = shown[item.index] ?? '';
            return (
              <div
                key={sn}
                className="wb-list-slot"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_PX }}
              >
                <DeviceRow sn={sn} selected={sn === selected} now={now} onSelect={onSelect} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
