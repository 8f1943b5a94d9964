import type {
  FlightTask,
  ScheduleKind,
  TaskEdit,
  TaskInput,
  TaskSchedule,
} from '../../../protocol/tasks.ts';

/** What the task dialog edits; date-times are `datetime-local` strings, dates `YYYY-MM-DD`. */
export interface TaskForm {
  name: string;
  waylineId: string;
  dockSn: string;
  kind: ScheduleKind;
  at: string;
  days: number[];
  times: string;
  from: string;
  to: string;
  battery: number;
  begin: string;
  end: string;
  rthAltitude: number;
  rcLostExit: number;
  lostAction: number;
  precision: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `value` as a `datetime-local` string in the browser's time zone. */
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A fresh form: immediate, 100 m return altitude, return home on signal loss, GPS. */
export function emptyForm(now: number): TaskForm {
  const hour = 3_600_000;
  return {
    name: '',
    waylineId: '',
    dockSn: '',
    kind: 'immediate',
    at: localDateTime(now + hour),
    days: [1, 2, 3, 4, 5],
    times: '09:00',
    from: localDateTime(now).slice(0, 10),
    to: localDateTime(now + 30 * 24 * hour).slice(0, 10),
    battery: 80,
    begin: localDateTime(now),
    end: localDateTime(now + 4 * hour),
    rthAltitude: 100,
    rcLostExit: 0,
    lostAction: 0,
    precision: 0,
  };
}

/**
 * The form of an existing task: its settings and schedule, and for the schedule kinds it does not
 * use the fresh defaults (so switching kind in the dialog starts from something sensible).
 */
export function formOf(task: FlightTask, now: number): TaskForm {
  const form: TaskForm = {
    ...emptyForm(now),
    name: task.name,
    waylineId: task.wayline_id === null ? '' : String(task.wayline_id),
    dockSn: task.dock_sn,
    kind: task.schedule.kind,
    rthAltitude: task.rth_altitude,
    rcLostExit: task.exit_wayline_when_rc_lost,
    lostAction: task.out_of_control_action,
    precision: task.wayline_precision_type,
  };
  const s = task.schedule;
  switch (s.kind) {
    case 'immediate':
      return form;
    case 'timed':
      return { ...form, at: localDateTime(s.at) };
    case 'recurring':
      return {
        ...form,
        days: [...s.days],
        times: s.times.join(', '),
        from: localDateTime(s.from).slice(0, 10),
        to: localDateTime(s.to).slice(0, 10),
      };
    case 'conditional':
      return {
        ...form,
        battery: s.battery,
        begin: localDateTime(s.begin),
        end: localDateTime(s.end),
      };
  }
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The times field as a list, or null when one of them is not `HH:MM`. */
export function parseTimes(text: string): string[] | null {
  const times = text
    .split(/[,，\s]+/)
    .map((x) => x.trim())
    .filter((x) => x !== '')
    .map((x) => (/^\d:/.test(x) ? `0${x}` : x));
  return times.length > 0 && times.every((x) => HHMM.test(x)) ? [...new Set(times)] : null;
}

const ms = (local: string) => new Date(local).getTime();

/** The schedule the form describes, or which field is wrong. */
export function scheduleOf(f: TaskForm): TaskSchedule | { problem: keyof TaskForm } {
  switch (f.kind) {
    case 'immediate':
      return { kind: 'immediate' };
    case 'timed':
      return Number.isFinite(ms(f.at)) ? { kind: 'timed', at: ms(f.at) } : { problem: 'at' };
    case 'recurring': {
      const times = parseTimes(f.times);
      const from = ms(`${f.from}T00:00`);
      const to = ms(`${f.to}T23:59`);
      if (f.days.length === 0) return { problem: 'days' };
      if (times === null) return { problem: 'times' };
      if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return { problem: 'to' };
      return { kind: 'recurring', days: [...f.days].sort(), times, from, to };
    }
    case 'conditional': {
      const begin = ms(f.begin);
      const end = ms(f.end);
      if (!Number.isFinite(begin) || !Number.isFinite(end) || end <= begin)
        return { problem: 'end' };
      return { kind: 'conditional', battery: f.battery, begin, end };
    }
  }
}

/** The add call's body, or the first field the user must fix. */
export function toInput(
  f: TaskForm,
  workspaceId: number,
): { input: TaskInput } | { problem: keyof TaskForm } {
  if (f.name.trim() === '') return { problem: 'name' };
  if (f.waylineId === '') return { problem: 'waylineId' };
  if (f.dockSn === '') return { problem: 'dockSn' };
  const schedule = scheduleOf(f);
  if ('problem' in schedule) return schedule;
  return {
    input: {
      workspace_id: workspaceId,
      name: f.name.trim(),
      wayline_id: Number(f.waylineId),
      dock_sn: f.dockSn,
      schedule,
      rth_altitude: f.rthAltitude,
      out_of_control_action: f.lostAction,
      exit_wayline_when_rc_lost: f.rcLostExit,
      wayline_precision_type: f.precision,
    },
  };
}

/** The edit call's body for task `id`: the add body without its project (a task stays in its own). */
export function editOf(input: TaskInput, id: number): TaskEdit {
  return {
    id,
    name: input.name,
    wayline_id: input.wayline_id,
    dock_sn: input.dock_sn,
    schedule: input.schedule,
    rth_altitude: input.rth_altitude,
    out_of_control_action: input.out_of_control_action,
    exit_wayline_when_rc_lost: input.exit_wayline_when_rc_lost,
    wayline_precision_type: input.wayline_precision_type,
  };
}
