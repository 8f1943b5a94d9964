/**
 * The optional alarm sound: two short tones made with Web Audio (no sound file to ship), off by
 * default, the choice kept in this browser.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'skydeck.aiAlarmSound';
const listeners = new Set<() => void>();
/** Tone pitch, Hz, and length, s: short and high enough to cut through a control room. */
const TONES = [880, 1175] as const;
const TONE_S = 0.18;

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

/** Turns the sound on or off for this browser. */
export function setAlarmSound(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the choice lasts this page only, which is still useful.
  }
  for (const l of listeners) l();
}

export function useAlarmSound(): boolean {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, read);
}

/** Plays the alarm tones when the sound is on; browsers may refuse before the user has clicked. */
export function playAlarmSound(): void {
  if (!read() || typeof AudioContext === 'undefined') return;
  const audio = new AudioContext();
  TONES.forEach((hz, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.value = 0.15;
    osc.connect(gain).connect(audio.destination);
    const start = audio.currentTime + i * TONE_S;
    osc.start(start);
    osc.stop(start + TONE_S * 0.9);
  });
  void audio.resume().catch(() => undefined);
}
