import {
  Checkbox,
  HTMLSelect,
  InputGroup,
  NumericInput,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { DateInput, DateRangeInput, TimePrecision } from '@blueprintjs/datetime';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../lib/dateLocale.ts';
import { DATE_FORMAT, DATETIME_FORMAT } from '../../lib/time.ts';
import type { SearchField, SearchValue } from './types.ts';

interface Props {
  field: SearchField;
  value: SearchValue | undefined;
  onChange: (value: SearchValue) => void;
}

const text = (v: SearchValue | undefined) => (typeof v === 'string' ? v : '');
const list = (v: SearchValue | undefined): string[] =>
  Array.isArray(v) ? (v as readonly (string | null)[]).filter((x) => typeof x === 'string') : [];
const pair = (v: SearchValue | undefined): [string | null, string | null] =>
  Array.isArray(v) && v.length === 2 ? [v[0] ?? null, v[1] ?? null] : [null, null];

/** Parses a model string for the date pickers; they speak `Date` and ISO text. */
const toDate = (v: string | null) => (v ? dayjs(v).toDate() : null);
const toIso = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DDTHH:mm:ss') : null);

/** One search input, drawn by the field's type. */
export function SearchFieldInput({ field, value, onChange }: Props) {
  const { t } = useTranslation('table');
  const placeholder = field.placeholder ?? field.label;
  switch (field.type) {
    case 'text':
      return (
        <InputGroup
          value={text(value)}
          maxLength={field.maxLength}
          placeholder={placeholder}
          onValueChange={onChange}
        />
      );
    case 'textarea':
      return (
        <TextArea
          value={text(value)}
          maxLength={field.maxLength}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
      return (
        <NumericInput
          value={typeof value === 'number' ? value : ''}
          min={field.min}
          max={field.max}
          placeholder={placeholder}
          clampValueOnBlur
          onValueChange={(n, raw) => onChange(raw === '' || Number.isNaN(n) ? null : n)}
        />
      );
    case 'select':
      return (
        <HTMLSelect value={text(value)} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('choose')}</option>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </HTMLSelect>
      );
    case 'radio':
      return (
        <RadioGroup
          inline
          selectedValue={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        >
          {field.options?.map((o) => <Radio key={o.value} value={o.value} label={o.label} />) ?? []}
        </RadioGroup>
      );
    case 'checkbox':
      return <CheckboxGroup field={field} picked={list(value)} onChange={onChange} />;
    case 'date':
    case 'datetime':
      return <SingleDate field={field} value={text(value)} onChange={onChange} />;
    case 'daterange':
    case 'datetimerange':
      return <DateRange field={field} value={pair(value)} onChange={onChange} />;
    case 'custom':
      return field.render?.(value, onChange) ?? null;
  }
}

function CheckboxGroup({
  field,
  picked,
  onChange,
}: {
  field: SearchField;
  picked: string[];
  onChange: Props['onChange'];
}) {
  return (
    <span className="sd-checkbox-group">
      {field.options?.map((o) => (
        <Checkbox
          key={o.value}
          inline
          label={o.label}
          checked={picked.includes(o.value)}
          onChange={(e) =>
            onChange(
              e.currentTarget.checked ? [...picked, o.value] : picked.filter((p) => p !== o.value),
            )
          }
        />
      ))}
    </span>
  );
}

function SingleDate({
  field,
  value,
  onChange,
}: {
  field: SearchField;
  value: string;
  onChange: Props['onChange'];
}) {
  const withTime = field.type === 'datetime';
  const locale = useDateLocale();
  const format = withTime ? DATETIME_FORMAT : DATE_FORMAT;
  return (
    <DateInput
      locale={locale}
      value={toIso(value || null)}
      placeholder={format}
      timePrecision={withTime ? TimePrecision.SECOND : undefined}
      formatDate={(d) => dayjs(d).format(format)}
      parseDate={(s) => (dayjs(s).isValid() ? dayjs(s).toDate() : false)}
      onChange={(iso) => onChange(iso ? dayjs(iso).format(format) : null)}
    />
  );
}

function DateRange({
  field,
  value,
  onChange,
}: {
  field: SearchField;
  value: [string | null, string | null];
  onChange: Props['onChange'];
}) {
  const { t } = useTranslation('table');
  const withTime = field.type === 'datetimerange';
  const locale = useDateLocale();
  const format = withTime ? DATETIME_FORMAT : DATE_FORMAT;
  const out = (d: Date | null) => (d ? dayjs(d).format(format) : null);
  return (
    <DateRangeInput
      locale={locale}
      value={[toDate(value[0]), toDate(value[1])]}
      timePrecision={withTime ? TimePrecision.SECOND : undefined}
      formatDate={(d) => dayjs(d).format(format)}
      parseDate={(s) => (dayjs(s).isValid() ? dayjs(s).toDate() : null)}
      startInputProps={{ placeholder: t('start') }}
      endInputProps={{ placeholder: t('end') }}
      allowSingleDayRange
      onChange={([start, end]) => onChange([out(start), out(end)])}
    />
  );
}
