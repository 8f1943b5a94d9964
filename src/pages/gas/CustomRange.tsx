import { Intent } from '@blueprintjs/core';
import { DateRangeInput, TimePrecision } from '@blueprintjs/datetime';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../lib/dateLocale.ts';
import type { Selection } from './useGasData.ts';
import { customRangeValid } from './useGasData.ts';

const FORMAT = 'YYYY-MM-DD HH:mm';

/** From and to of a custom range, to the minute; ends out of order are marked and not asked for. */
export function CustomRange({
  selection: s,
  onChange,
}: {
  selection: Selection;
  onChange: (next: Selection) => void;
}) {
  const { t } = useTranslation('gas');
  const locale = useDateLocale();
  const asDate = (ms: number | null) => (ms === null ? null : new Date(ms));
  const bad = s.from !== null && s.to !== null && !customRangeValid(s);
  return (
    <span className="linxiu-custom-range" data-testid="gas-custom-range">
      <DateRangeInput
        locale={locale}
        value={[asDate(s.from), asDate(s.to)]}
        timePrecision={TimePrecision.MINUTE}
        formatDate={(d) => dayjs(d).format(FORMAT)}
        parseDate={(text) => (dayjs(text).isValid() ? dayjs(text).toDate() : null)}
        startInputProps={{
          placeholder: t('toolbar.from'),
          'aria-label': t('toolbar.from'),
          intent: bad ? Intent.DANGER : Intent.NONE,
        }}
        endInputProps={{
          placeholder: t('toolbar.to'),
          'aria-label': t('toolbar.to'),
          intent: bad ? Intent.DANGER : Intent.NONE,
        }}
        allowSingleDayRange
        shortcuts={false}
        onChange={([start, end]) =>
          onChange({ ...s, from: start?.getTime() ?? null, to: end?.getTime() ?? null })
        }
      />
      {bad && <span className="linxiu-range-error">{t('toolbar.rangeOrder')}</span>}
    </span>
  );
}
