import { Button, ButtonGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount, PAGE_SIZES } from './searchModel.ts';

interface Props {
  current: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}

/** Page numbers to show: first, last, and a window around the current page; 0 marks a gap. */
export function pagerItems(current: number, last: number): number[] {
  const pages = new Set(
    [1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - (sorted[i - 1] ?? p) > 1 ? [0, p] : [p]));
}

/** Pagination laid out as total, sizes, prev, pager, next, jumper (spec §9). */
export function Pagination({ current, size, total, onPage, onSize }: Props) {
  const { t } = useTranslation('table');
  const last = pageCount(total, size);
  const [jump, setJump] = useState('');
  const go = () => {
    const n = Number(jump);
    if (Number.isInteger(n) && n >= 1) onPage(Math.min(n, last));
    setJump('');
  };
  return (
    <div className="sd-pagination" aria-label="pagination">
      <span className="sd-pagination__total">{t('total', { total })}</span>
      <HTMLSelect
        value={size}
        aria-label="page size"
        onChange={(e) => onSize(Number(e.target.value))}
      >
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {t('perPage', { size: s })}
          </option>
        ))}
      </HTMLSelect>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={t('prev')}
          disabled={current <= 1}
          onClick={() => onPage(current - 1)}
        />
        {pagerItems(current, last).map((p, i) =>
          p === 0 ? (
            <Button key={`gap${i}`} disabled text="…" />
          ) : (
            <Button
              key={p}
              text={p}
              active={p === current}
              aria-current={p === current ? 'page' : undefined}
              onClick={() => onPage(p)}
            />
          ),
        )}
        <Button
          icon="chevron-right"
          aria-label={t('next')}
          disabled={current >= last}
          onClick={() => onPage(current + 1)}
        />
      </ButtonGroup>
      <span className="sd-pagination__jumper">
        {t('jumpTo')}
        <InputGroup
          value={jump}
          aria-label={t('jumpTo')}
          onValueChange={setJump}
          onKeyDown={(e) => {
            if (e.key === 'Enter') go();
          }}
          onBlur={() => jump && go()}
        />
        {t('page')}
      </span>
    </div>
  );
}
