import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_KINDS } from '../../../protocol/media.ts';
import { listTasks } from '../../api/tasks.ts';
import type { FieldOption, SearchField } from '../../components/SearchTable/types.ts';
import { useAccountState } from '../../state/account.ts';

/** Most tasks the task picker offers; a project with more can still search by keyword. */
const TASK_OPTIONS_LIMIT = 200;

/** The project's tasks as picker options, loaded once per project. */
function useTaskOptions(workspaceId: number | undefined): FieldOption[] {
  const [options, setOptions] = useState<{ id: number | undefined; list: FieldOption[] }>({
    id: undefined,
    list: [],
  });
  useEffect(() => {
    if (workspaceId === undefined) return;
    let current = true;
    listTasks({ workspace_id: workspaceId, current: 1, size: TASK_OPTIONS_LIMIT })
      .then((page) => {
        const list = page.data.map((task) => ({ value: String(task.id), label: task.name }));
        if (current) setOptions({ id: workspaceId, list });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [workspaceId]);
  return options.id === workspaceId ? options.list : [];
}

/** The media library's search fields: task, device, shooting days, type and a keyword. */
export function useMediaFields(): SearchField[] {
  const { t } = useTranslation('media');
  const { workspace, devices } = useAccountState();
  const tasks = useTaskOptions(workspace?.id);
  const deviceOptions = devices.map((d) => ({
    value: d.device_sn,
    label: d.name ? `${d.name} (${d.device_sn})` : d.device_sn,
  }));
  return [
    { name: 'task_id', label: t('task'), type: 'select', options: tasks },
    { name: 'device_sn', label: t('device'), type: 'select', options: deviceOptions },
    { name: 'range', label: t('shotAt'), type: 'daterange', rangeNames: ['begin', 'end'] },
    {
      name: 'kind',
      label: t('kind'),
      type: 'select',
      options: MEDIA_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) })),
    },
    {
      name: 'keyword',
      label: t('keyword'),
      type: 'text',
      maxLength: 64,
      placeholder: t('keywordHint'),
    },
  ];
}
