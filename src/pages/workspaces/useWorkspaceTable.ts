import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOLD_ORGANISATION, MOLD_PROJECT, type WorkspaceNode } from '../../../protocol/http.ts';
import { fetchWorkspaceTree, listWorkspaces } from '../../api/workspaces.ts';
import {
  useSearchTable,
  type SearchField,
  type TableQuery,
} from '../../components/SearchTable/index.ts';
import { parentIds, visibleRows } from './workspaceRows.ts';

/** The search fields of the projects page. */
function useFields(): SearchField[] {
  const { t } = useTranslation('workspaces');
  return [
    { name: 'name', label: t('name'), type: 'text', maxLength: 64 },
    {
      name: 'mold_id',
      label: t('mold'),
      type: 'select',
      options: [
        { value: String(MOLD_ORGANISATION), label: t('organisation') },
        { value: String(MOLD_PROJECT), label: t('project') },
      ],
    },
  ];
}

const isFiltered = (q: TableQuery) => Object.keys(q).some((k) => k !== 'current' && k !== 'size');

/**
 * The projects table. Without a filter it shows the caller's whole tree (one root, so one page);
 * with a filter it asks the server's paged flat list, because a match deep in the tree would
 * otherwise hide under a collapsed parent.
 */
export function useWorkspaceTable() {
  const fields = useFields();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // Parents seen before keep the state the user gave them; only new ones open on their own.
  const known = useRef(new Set<number>());
  const table = useSearchTable<WorkspaceNode>({
    fields,
    request: async (q) => {
      if (isFiltered(q)) return listWorkspaces(q as Record<string, string | number>);
      const tree = await fetchWorkspaceTree();
      const fresh = parentIds(tree).filter((id) => !known.current.has(id));
      fresh.forEach((id) => known.current.add(id));
      setExpanded((open) => new Set([...open, ...fresh]));
      return { data: tree, total: tree.length };
    },
  });
  const toggle = (id: number) => {
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };
  return { table, fields, rows: visibleRows(table.rows, expanded), expanded, toggle };
}
