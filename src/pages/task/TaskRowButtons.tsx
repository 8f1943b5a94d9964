import { Button, ButtonGroup, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightTask } from '../../../protocol/tasks.ts';
import { navigateTo } from '../../app/shellApi.ts';
import { usePermission } from '../../components/Permission/Permission.tsx';
import { isFlying, isUnderway } from '../../components/TaskWords/taskWords.ts';

export type TaskAction = 'edit' | 'cancel' | 'delete';

interface Props {
  task: FlightTask;
  act: (action: TaskAction, task: FlightTask) => void;
  /** Details as a button and everything else in one menu (a narrow table, see columnFit.ts). */
  folded: boolean;
}

/** What a row offers to whom: the same rules for the buttons and for the folded menu. */
function useRowRules(task: FlightTask) {
  const flying = task.last !== null && isFlying(task.last.state);
  // The dock flies what it was sent: a task whose run is with its dock cannot change (the server
  // refuses too). One whose run waits with its dock can still be canceled, whatever its plan says.
  const underway = task.last !== null && isUnderway(task.last.state);
  const canEdit = usePermission('task:edit');
  const canDelete = usePermission('task:del');
  const wallMap = flying && task.last ? `/taskInfoMap?id=${String(task.last.id)}` : null;
  const cancelable = canEdit && (task.state === 'active' || (underway && !flying));
  return { underway, canEdit, canDelete, wallMap, cancelable };
}

/** The row's actions: icon buttons with their words in the tooltip, or folded into a menu. */
export function TaskRowButtons({ task, act, folded }: Props) {
  const { t } = useTranslation('task');
  const rules = useRowRules(task);
  const details = (
    <Button
      icon="info-sign"
      aria-label={t('detail')}
      title={t('detail')}
      data-testid="task-detail"
      onClick={() => navigateTo(`/taskInfo/${String(task.id)}`)}
    />
  );
  if (folded)
    return (
      <ButtonGroup variant="minimal">
        {details}
        <FoldedMenu task={task} act={act} rules={rules} />
      </ButtonGroup>
    );
  const { wallMap, underway } = rules;
  return (
    <ButtonGroup variant="minimal">
      {details}
      {wallMap !== null && (
        <Button
          icon="map"
          aria-label={t('map')}
          title={t('map')}
          onClick={() => navigateTo(wallMap)}
        />
      )}
      {rules.canEdit && (
        <Button
          icon="edit"
          aria-label={t('edit')}
          title={underway ? t('editBusy') : t('edit')}
          disabled={underway}
          data-testid="task-edit"
          onClick={() => act('edit', task)}
        />
      )}
      {rules.cancelable && (
        <Button
          icon="disable"
          intent="warning"
          aria-label={t('cancel')}
          title={t('cancel')}
          onClick={() => act('cancel', task)}
        />
      )}
      {rules.canDelete && (
        <Button
          icon="trash"
          intent="danger"
          aria-label={t('del')}
          title={t('del')}
          onClick={() => act('delete', task)}
        />
      )}
    </ButtonGroup>
  );
}

/**
 * Everything but the details in one menu, each entry with its words: on a phone a thumb reads and
 * reaches a list better than a row of small icons. No button at all when the menu would be empty.
 */
function FoldedMenu({
  task,
  act,
  rules,
}: Omit<Props, 'folded'> & { rules: ReturnType<typeof useRowRules> }) {
  const { t } = useTranslation('task');
  const { wallMap, underway } = rules;
  const items: ReactNode[] = [];
  if (wallMap !== null)
    items.push(
      <MenuItem key="map" icon="map" text={t('map')} onClick={() => navigateTo(wallMap)} />,
    );
  if (rules.canEdit)
    items.push(
      <MenuItem
        key="edit"
        icon="edit"
        text={t('edit')}
        label={underway ? t('editBusyShort') : undefined}
        htmlTitle={underway ? t('editBusy') : undefined}
        disabled={underway}
        data-testid="task-edit"
        onClick={() => act('edit', task)}
      />,
    );
  if (rules.cancelable)
    items.push(
      <MenuItem
        key="cancel"
        icon="disable"
        intent="warning"
        text={t('cancel')}
        onClick={() => act('cancel', task)}
      />,
    );
  if (rules.canDelete)
    items.push(
      <MenuItem
        key="delete"
        icon="trash"
        intent="danger"
        text={t('del')}
        onClick={() => act('delete', task)}
      />,
    );
  if (items.length === 0) return null;
  return (
    <PopoverNext content={<Menu data-testid="task-more-menu">{items}</Menu>} placement="bottom-end">
      <Button icon="more" aria-label={t('more')} title={t('more')} data-testid="task-more" />
    </PopoverNext>
  );
}
