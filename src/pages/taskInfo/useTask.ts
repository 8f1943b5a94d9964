import { useEffect, useState } from 'react';
import type { FlightTaskDetail } from '../../../protocol/tasks.ts';
import { fetchTask } from '../../api/tasks.ts';
import { isEnded } from '../../components/TaskWords/taskWords.ts';

/** How often the page asks again while a run is under way. */
const POLL_MS = 3000;

/**
 * One task with its runs; `null` while loading, `'missing'` when the server refused. A new `version`
 * reads it again (after the page changed it).
 */
export function useTask(id: number, version = 0): FlightTaskDetail | null | 'missing' {
  const [task, setTask] = useState<{ id: number; value: FlightTaskDetail | 'missing' } | null>(
    null,
  );
  const current = task?.id === id ? task.value : null;
  const running =
    current !== null && current !== 'missing' && current.executions.some((x) => !isEnded(x.state));
  useEffect(() => {
    let alive = true;
    const load = () =>
      fetchTask(id)
        .then((value) => alive && setTask({ id, value }))
        .catch(() => alive && setTask({ id, value: 'missing' }));
    void load();
    const timer = running ? window.setInterval(() => void load(), POLL_MS) : undefined;
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [id, running, version]);
  return current;
}
