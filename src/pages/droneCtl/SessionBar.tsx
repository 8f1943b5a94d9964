/**
 * The cockpit's top bar (the shell's floating "back to console" sits at its left): the aircraft's
 * name, who holds it, the language, and taking or releasing control.
 */
import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DrcStatus } from '../../../protocol/drc.ts';
import { LanguageSwitch } from '../../app/shellApi.ts';
import type { SessionPhase } from './useDrcSession.ts';

interface Props {
  title: string;
  status: DrcStatus | null;
  phase: SessionPhase;
  mine: boolean;
  canFly: boolean;
  onEnter: () => void;
  onLeave: () => void;
}

export function SessionBar({ title, status, phase, mine, canFly, onEnter, onLeave }: Props) {
  const { t } = useTranslation('droneCtl');
  const holder = status?.holder ?? null;
  const who =
    holder === null ? t('free') : mine ? t('heldByMe') : t('heldBy', { name: holder.username });
  return (
    <header className="dc-bar">
      <span className="dc-title">{title}</span>
      <Tag
        intent={holder === null ? 'none' : mine ? 'success' : 'warning'}
        data-testid="drc-holder"
        round
      >
        {who}
      </Tag>
      <span className="dc-bar-fill" />
      <LanguageSwitch />
      {!canFly && <Tag minimal>{t('viewer')}</Tag>}
      {canFly && phase !== 'flying' && (
        <Button
          intent="primary"
          icon="take-action"
          data-testid="drc-enter"
          loading={phase === 'entering'}
          disabled={holder !== null && !mine}
          text={t('take')}
          onClick={onEnter}
        />
      )}
      {canFly && phase === 'flying' && (
        <Button icon="log-out" data-testid="drc-leave" text={t('leave')} onClick={onLeave} />
      )}
    </header>
  );
}
