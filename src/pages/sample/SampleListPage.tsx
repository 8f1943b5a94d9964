import { useRef, useState } from 'react';
import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  SearchTable,
  useSearchTable,
  type TableColumn,
} from '../../components/SearchTable/index.ts';
import { exportPdf } from '../../lib/exportPdf.ts';
import { formatTime } from '../../lib/time.ts';
import { newSample, querySamples, SAMPLE_ROWS, type SampleRow } from './sampleRows.ts';
import { useSampleFields } from './useSampleFields.ts';

/** The sample list of spec §2: every column and search field type of the searchable table. */
export default function SampleListPage() {
  const { t } = useTranslation('sample');
  const [rows, setRows] = useState(SAMPLE_ROWS);
  const fields = useSampleFields();
  const table = useSearchTable<SampleRow>({ fields, request: (q) => querySamples(rows, q) });
  const root = useRef<HTMLDivElement>(null);
  const columns: TableColumn<SampleRow>[] = [
    {
      key: 'index',
      title: t('index'),
      width: 60,
      render: (_r, i) => (table.current - 1) * table.size + i + 1,
    },
    { key: 'nickname', title: t('nickname') },
    { key: 'email', title: t('email') },
    { key: 'description', title: t('description') },
    {
      key: 'published',
      title: t('status'),
      render: (r) => (
        <Tag intent={r.published ? 'success' : 'none'}>
          {r.published ? t('published') : t('unpublished')}
        </Tag>
      ),
    },
    { key: 'gender', title: t('gender'), render: (r) => t(r.gender) },
    { key: 'city', title: t('city'), render: (r) => t(`cities.${r.city}`) },
    {
      key: 'hobby',
      title: t('hobby'),
      render: (r) => r.hobby.map((h) => t(`hobbies.${h}`)).join(', '),
    },
    { key: 'fruit', title: t('fruit'), render: (r) => t(`fruits.${r.fruit}`) },
    { key: 'date', title: t('date') },
    { key: 'time', title: t('time'), render: (r) => formatTime(r.time) },
    { key: 'number', title: t('number') },
  ];
  const toolbar = (
    <>
      <Button
        intent="primary"
        icon="add"
        text={t('addOne')}
        onClick={() => setRows([{ ...newSample(rows.length), id: Date.now() }, ...rows])}
      />
      <Button
        intent="danger"
        icon="trash"
        text={t('batchDelete')}
        onClick={() => {
          setRows(rows.slice(table.rows.length));
          table.refresh();
        }}
      />
      <Button
        icon="document"
        text={t('exportReport')}
        data-testid="export-pdf"
        onClick={() => root.current && void exportPdf(root.current).catch(() => undefined)}
      />
    </>
  );
  return (
    <div ref={root} className="sd-sample">
      <SearchTable
        table={table}
        fields={fields}
        columns={columns}
        rowKey={(r) => r.id}
        toolbar={toolbar}
      />
    </div>
  );
}
