/**
 * An event of the replay in the reader's words: its kind, what it was (an HMS code and level, an AI
 * class, a gas over its limit, a task, a cockpit command) and the detail a tooltip adds. Names come
 * from the pages that own them (AI classes, gases, task states, audit actions).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplayEvent } from '../../../protocol/replay.ts';
import { runStateLabel } from '../../components/TaskWords/taskWords.ts';
import { formatTime } from '../../lib/time.ts';

export interface EventWords {
  kind: string;
  what: string;
  detail: string;
}

/** A function describing events, in the current language. */
export function useEventWords(): (e: ReplayEvent) => EventWords {
  const { t } = useTranslation('replay');
  const ai = useTranslation('aiAlarms').t;
  const gas = useTranslation('gas').t;
  const task = useTranslation('taskWords').t;
  const logs = useTranslation('logs').t;
  return useCallback(
    (e: ReplayEvent): EventWords => {
      const kind = t(`kinds.${e.kind}`);
      const level = t(`levels.${String(e.level ?? 0)}` as 'levels.0', {
        defaultValue: String(e.level),
      });
      switch (e.kind) {
        case 'hms':
          return {
            kind,
            what: t('event.hms', { code: e.label, level }),
            detail:
              e.until === null
                ? t('event.active')
                : t('event.cleared', { time: formatTime(e.until) }),
          };
        case 'ai_alarm':
          return {
            kind,
            what: ai(`categories.${e.label}` as 'categories.person', { defaultValue: e.label }),
            detail: `${level} · ${e.detail}`,
          };
        case 'gas':
          return {
            kind,
            what: gas(`gases.${e.label}` as 'gases.ch4', { defaultValue: e.label }),
            detail: e.detail,
          };
        case 'task_start':
        case 'task_end':
          return { kind, what: e.label, detail: runStateLabel(task, e.detail) };
        case 'drc_start':
        case 'drc_end':
          return { kind, what: t('event.by', { user: e.user ?? '' }), detail: '' };
        case 'command': {
          const action = e.label.replace(/^task_/, '');
          return {
            kind,
            what: logs(`actions.${action}` as 'actions.add', { defaultValue: action }),
            detail: [e.user === null ? '' : t('event.by', { user: e.user }), e.detail]
              .filter((part) => part !== '')
              .join(' · '),
          };
        }
      }
    },
    [t, ai, gas, task, logs],
  );
}
