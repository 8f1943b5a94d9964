import { useTranslation } from 'react-i18next';
import type { FlightTask } from '../../../protocol/tasks.ts';
import { FactsTable, type Fact } from '../../components/FactsTable/FactsTable.tsx';
import {
  describeSchedule,
  LOST_ACTIONS,
  PRECISIONS,
  shownTaskState,
} from '../../components/TaskWords/taskWords.ts';
import { formatTime } from '../../lib/time.ts';

/** What the task is: route, dock, schedule in words and the flight settings. */
export function PlanFacts({ task }: { task: FlightTask }) {
  const { t } = useTranslation('taskInfo');
  const words = useTranslation('taskWords').t;
  const lost = LOST_ACTIONS[task.out_of_control_action] ?? 'home';
  const precision = PRECISIONS[task.wayline_precision_type] ?? 'gps';
  const facts: Fact[] = [
    ['name', t('name'), task.name],
    ['wayline', t('wayline'), task.wayline_name || t('none')],
    ['dock', t('dock'), task.dock_sn],
    ['schedule', t('schedule'), describeSchedule(words, task.schedule)],
    ['state', t('status'), words(`shownStates.${shownTaskState(task)}`)],
    ['next', t('nextRun'), formatTime(task.next_run_at) || t('none')],
    ['rth', t('rthAltitude'), t('metres', { value: task.rth_altitude })],
    [
      'rcLost',
      t('rcLost'),
      task.exit_wayline_when_rc_lost === 1 ? words('rcLostExit') : words('rcLostKeep'),
    ],
    ['lost', t('lostAction'), words(`lostActions.${lost}`)],
    ['precision', t('precision'), words(`precisions.${precision}`)],
    ['creator', t('creator'), task.creator_name || t('none')],
    ['created', t('createdAt'), formatTime(task.created_at)],
  ];
  return <FactsTable facts={facts} className="sd-task-info-facts" />;
}
