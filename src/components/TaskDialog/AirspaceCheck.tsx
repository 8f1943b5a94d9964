import { Callout, Checkbox } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AirspaceRouteCheck } from '../../../protocol/airspace.ts';

/** Findings listed; the route editor marks every one on its map. */
const SHOWN = 4;

interface Props {
  check: AirspaceRouteCheck;
  /** The user holds `airspace:override`: the dialog offers to fly it anyway. */
  canOverride: boolean;
  override: boolean;
  onOverride: (on: boolean) => void;
}

/**
 * The chosen route's conflicts with the project's airspace, in words, before the task is saved:
 * the server refuses such a task unless a user allowed to asks to fly it anyway, which it records
 * in the audit log. Nothing when the route is clear.
 */
export function AirspaceCheck({ check, canOverride, override, onOverride }: Props) {
  const { t } = useTranslation('taskDialog');
  if (check.count === 0) return null;
  const words = check.warnings.map((w) => w.message);
  return (
    <Callout
      compact
      intent={override ? 'warning' : 'danger'}
      icon="warning-sign"
      className="sd-task-airspace"
      data-testid="task-airspace"
      title={t('airspace.title', { count: check.count })}
    >
      <ul className="sd-task-airspace__list">
        {words.slice(0, SHOWN).map((text, i) => (
          <li key={i}>{text}</li>
        ))}
        {check.count > SHOWN && <li>{t('airspace.more', { count: check.count - SHOWN })}</li>}
      </ul>
      {canOverride ? (
        <Checkbox
          checked={override}
          label={t('airspace.override')}
          data-testid="task-airspace-override"
          onChange={(e) => onOverride(e.currentTarget.checked)}
        />
      ) : (
        <span className="bp6-text-muted">{t('airspace.notAllowed')}</span>
      )}
    </Callout>
  );
}
