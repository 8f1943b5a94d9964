/** Play, pause, step and speed of the replay, with the cursor's time and what acts on it. */
import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/time.ts';
import type { Player, PlayerState, Speed } from './player.ts';
import { SPEEDS } from './player.ts';

interface Props {
  state: PlayerState;
  player: Player;
  stepMs: number;
  onSpeed: (speed: Speed) => void;
  /** Actions on the cursor's moment, after its time (the report's moments). */
  children?: ReactNode;
}

export function PlayerBar({ state, player, stepMs, onSpeed, children }: Props) {
  const { t } = useTranslation('replay');
  return (
    <div className="replay-player" data-testid="replay-player">
      <ButtonGroup>
        <Button
          icon="step-backward"
          aria-label={t('player.start')}
          title={t('player.start')}
          onClick={() => player.seek(state.from)}
        />
        <Button
          icon="chevron-left"
          aria-label={t('player.back')}
          title={t('player.back')}
          onClick={() => player.step(-1, stepMs)}
          data-testid="replay-back"
        />
        <Button
          icon={state.playing ? 'pause' : 'play'}
          intent="primary"
          aria-label={state.playing ? t('player.pause') : t('player.play')}
          title={state.playing ? t('player.pause') : t('player.play')}
          onClick={() => player.toggle()}
          data-testid="replay-play"
        />
        <Button
          icon="chevron-right"
          aria-label={t('player.forward')}
          title={t('player.forward')}
          onClick={() => player.step(1, stepMs)}
          data-testid="replay-forward"
        />
        <Button
          icon="step-forward"
          aria-label={t('player.end')}
          title={t('player.end')}
          onClick={() => player.seek(state.to)}
        />
      </ButtonGroup>
      <HTMLSelect
        aria-label={t('player.speed')}
        value={state.speed}
        onChange={(e) => onSpeed(Number(e.target.value) as Speed)}
        data-testid="replay-speed"
      >
        {SPEEDS.map((s) => (
          <option key={s} value={s}>{`${String(s)}×`}</option>
        ))}
      </HTMLSelect>
      <span className="replay-clock" data-testid="replay-clock" data-t={state.t}>
        {formatTime(state.t)}
      </span>
      {children}
      <span className="replay-keys">{t('player.keys')}</span>
    </div>
  );
}
