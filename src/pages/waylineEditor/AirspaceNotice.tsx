import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AirspaceMarks } from './airspaceMarks.ts';

/** Findings listed; a route circling an area has many, and the map shows them all. */
const SHOWN = 4;

/**
 * What the last save (or the opened route) found against the project's airspace, in words. The
 * route is kept; a task flying it needs an override. Once the route is edited the findings are of
 * the saved version, and the marks leave the map until it is saved again.
 */
export function AirspaceNotice({ marks, stale }: { marks: AirspaceMarks; stale: boolean }) {
  const { t } = useTranslation('waylineEditor');
  const { messages } = marks;
  if (messages.length === 0) return null;
  return (
    <Callout
      compact
      intent="warning"
      icon="warning-sign"
      className="sd-editor-airspace"
      data-testid="editor-airspace"
      data-stale={stale}
      title={t('airspace.title', { count: messages.length })}
    >
      <ul className="sd-editor-airspace__list">
        {messages.slice(0, SHOWN).map((text, i) => (
          <li key={i}>{text}</li>
        ))}
        {messages.length > SHOWN && (
          <li>{t('airspace.more', { count: messages.length - SHOWN })}</li>
        )}
      </ul>
      <span className="bp6-text-muted">{t(stale ? 'airspace.stale' : 'airspace.hint')}</span>
    </Callout>
  );
}
