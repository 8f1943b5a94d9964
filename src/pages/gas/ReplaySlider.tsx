import { useEffect, useState } from 'react';
import { Button, Slider } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { clock } from '../../lib/clock.ts';
import { formatTime } from '../../lib/time.ts';

/** Steps a replay moves through the range; one step per frame of the timer. */
const STEPS = 200;
const STEP_MS = 120;

/** A time slider over the range: the map and charts show the readings up to it. */
export function ReplaySlider({
  from,
  to,
  value,
  onChange,
}: {
  from: number;
  to: number;
  /** null: everything (the slider at the end). */
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  const { t } = useTranslation('gas');
  const [playing, setPlaying] = useState(false);
  const step = Math.max(1, (to - from) / STEPS);
  useEffect(() => {
    if (!playing) return;
    return clock.setInterval(() => {
      const next = (value ?? from) + step;
      if (next >= to) {
        setPlaying(false);
        onChange(null);
      } else onChange(next);
    }, STEP_MS);
  }, [playing, value, from, to, step, onChange]);
  if (to <= from) return null;
  return (
    <div className="linxiu-replay" data-report="hide" data-testid="gas-replay">
      <Button
        icon={playing ? 'pause' : 'play'}
        variant="minimal"
        aria-label={playing ? t('replay.pause') : t('replay.play')}
        onClick={() => {
          if (!playing && value === null) onChange(from);
          setPlaying(!playing);
        }}
      />
      <Slider
        className="linxiu-slider"
        min={from}
        max={to}
        stepSize={step}
        value={value ?? to}
        labelRenderer={false}
        onChange={(v) => onChange(v >= to ? null : v)}
      />
      <span className="linxiu-muted linxiu-replay-at">
        {value === null ? t('replay.live') : t('replay.at', { time: formatTime(value) })}
      </span>
    </div>
  );
}
