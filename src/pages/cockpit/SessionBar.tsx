/**
 * The cockpit's top bar (the shell's floating "back to console" sits at its left): the aircraft's
 * name, who holds it, the gamepad in use, the latency guard's settings, the language, and taking or
 * releasing control.
 */
import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DrcGuardSettings, DrcStatus } from '../../../protocol/drc.ts';
import { LanguageSwitch } from '../../app/shellApi.ts';
import { GuardSettings } from './GuardSettings.tsx';
import type { SessionPhase } from './useDrcSession.ts';

interface Props {
  title: string;
  status: DrcStatus | null;
  phase: SessionPhase;
  mine: boolean;
  canFly: boolean;
  /** The connected gamepad's own name, or null without one. */
  gamepad: string | null;
  guard: DrcGuardSettings;
  onSaveGuard: (next: DrcGuardSettings) => Promise<void>;
  onEnter: () => void;
  onLeave: () => void;
}

export function SessionBar(props: Props) {
  const { title, status, phase, mine, canFly, gamepad, onEnter, onLeave } = props;
  const { t } = useTranslation('cockpit');
  const holder = status?.holder ?? null;
  const who =
    phase === 'entering'
      ? t('taking')
      : holder === null
        ? t('free')
        : mine
          ? t('heldByMe')
          : t('heldBy', { name: holder.username });
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
      {canFly && gamepad !== null && (
        <Tag icon="control" minimal round title={gamepad} data-testid="gamepad">
          {t('gamepad')}
        </Tag>
      )}
      <span className="dc-bar-fill" />
      {canFly && <GuardSettings settings={props.guard} onSave={props.onSaveGuard} />}
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
