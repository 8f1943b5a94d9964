/**
 * The head-up display drawn over the video: attitude, heading, flight values, links, obstacles
 * and the aircraft's airspace alarm.
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuardLevel, LatencyGuardConfig } from '../../lib/sticks/latencyGuard.ts';
import { AirspaceAlert } from './AirspaceAlert.tsx';
import { AttitudeIndicator } from './AttitudeIndicator.tsx';
import type { CockpitFeed } from './cockpitFeed.ts';
import { HeadingTape } from './HeadingTape.tsx';
import { ObstacleRing } from './ObstacleRing.tsx';
import type { Readings } from './useReadings.ts';
import { AGE_BAD_MS, AGE_WARN_MS, toneOf } from './linkTone.ts';
import { useTick } from './useTick.ts';

interface Props {
  /** The aircraft, whose airspace alarms the HUD shows. */
  aircraftSn: string;
  /** Its dock, whose reports give the aircraft's live distance to a flight area. */
  dockSn: string;
  readings: Readings;
  feed: CockpitFeed;
  flying: boolean;
  guard: GuardLevel;
  /** The pilot's thresholds: the link values turn amber at "warn" and red at "stop", as the guard does. */
  thresholds: LatencyGuardConfig;
  /** Capture-to-display delay the player measures on the burnt-in timestamp, ms. */
  playerDelayMs: number | null;
}

const fixed = (v: number | null, digits: number, unit: string): string =>
  v === null ? '—' : `${v.toFixed(digits)}${unit}`;

function Cell({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: string;
  testId: string;
  tone?: string;
}) {
  return (
    <div className={`dc-cell ${tone ?? ''}`}>
      <span className="dc-cell-label">{label}</span>
      <span className="dc-cell-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

export function Hud({
  aircraftSn,
  dockSn,
  readings: r,
  feed,
  flying,
  guard,
  thresholds,
  playerDelayMs,
}: Props) {
  const { t } = useTranslation('cockpit');
  const { t: td } = useTranslation('dashboard');
  useSyncExternalStore(feed.subscribe, feed.version);
  const now = useTick(500);
  const link = feed.health.readings(now);
  const age = r.dataAt === null ? null : Math.max(0, now - r.dataAt);
  const mode =
    r.modeName === null
      ? '—'
      : r.modeName === 'unknown'
        ? td('mode.unknown', { code: r.modeCode })
        : td(`mode.${r.modeName}`);
  const remain =
    r.remainS === null ? '' : ` · ${t('hud.remain', { min: Math.floor(r.remainS / 60) })}`;
  return (
    <div
      className={`dc-hud dc-guard-${guard}`}
      data-testid="hud"
      data-mode={r.modeCode ?? ''}
      data-heading={r.heading === null ? '' : r.heading.toFixed(1)}
    >
      <div className="dc-hud-top">
        <HeadingTape heading={r.heading} />
      </div>
      <div className="dc-hud-left">
        <Cell label={t('hud.hs')} value={fixed(r.hSpeed, 1, ' m/s')} testId="hud-hspeed" />
        <Cell label={t('hud.vs')} value={fixed(r.vSpeed, 1, ' m/s')} testId="hud-vspeed" />
        <Cell label={t('hud.agl')} value={fixed(r.agl, 1, ' m')} testId="hud-agl" />
        <Cell label={t('hud.asl')} value={fixed(r.asl, 1, ' m')} testId="hud-asl" />
        <Cell label={t('hud.home')} value={fixed(r.homeDistance, 0, ' m')} testId="hud-home" />
        <Cell label={t('hud.mode')} value={mode} testId="hud-mode" />
      </div>
      <div className="dc-hud-right">
        <Cell
          label={t('hud.battery')}
          value={`${fixed(r.battery, 0, ' %')}${remain}`}
          testId="hud-battery"
          tone={r.battery !== null && r.battery < 30 ? 'dc-warn' : ''}
        />
        <Cell label={t('hud.signal')} value={fixed(r.signal, 0, ' / 5')} testId="hud-signal" />
        <Cell
          label={t('hud.gps')}
          value={`${fixed(r.gps, 0, '')} / ${fixed(r.rtk, 0, '')}`}
          testId="hud-gps"
        />
        <Cell label={t('hud.wind')} value={fixed(r.wind, 1, ' m/s')} testId="hud-wind" />
        <Cell
          label={t('hud.age')}
          value={fixed(age, 0, ' ms')}
          testId="hud-age"
          tone={toneOf(age, AGE_WARN_MS, AGE_BAD_MS)}
        />
        <Cell
          label={t('hud.videoDelay')}
          value={fixed(playerDelayMs ?? feed.live.videoDelayMs, 0, ' ms')}
          testId="hud-video-delay"
        />
        {flying && (
          <>
            <Cell
              label={t('hud.cmd')}
              value={fixed(link.commandDelayMs, 0, ' ms')}
              testId="hud-cmd-delay"
              tone={toneOf(link.commandDelayMs, thresholds.warnMs, thresholds.stopMs)}
            />
            <Cell
              label={t('hud.echo')}
              value={fixed(link.echoMs, 0, ' ms')}
              testId="hud-echo"
              tone={toneOf(link.echoMs, thresholds.warnMs, thresholds.stopMs)}
            />
          </>
        )}
      </div>
      <div className="dc-hud-centre">
        <AttitudeIndicator pitch={r.pitch} roll={r.roll} />
        {flying && <ObstacleRing hsi={feed.live.hsi} label={t('hud.obstacle')} />}
      </div>
      <AirspaceAlert sn={aircraftSn} dockSn={dockSn} now={now} />
      {flying && guard !== 'ok' && (
        <div className="dc-guard-banner" role="alert" data-testid="guard-banner" data-level={guard}>
          {t(guard === 'stop' ? 'guard.stop' : 'guard.warn', { ms: Math.round(link.worstMs) })}
        </div>
      )}
    </div>
  );
}
