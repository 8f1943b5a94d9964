/** The HUD's colour for a delay: amber from the warning threshold, red from the stop threshold. */

/** CSS class of a HUD cell showing `ms`: none below `warn`, amber from it, red from `stop`. */
export const toneOf = (ms: number | null, warn: number, stop: number): string =>
  ms === null ? '' : ms >= stop ? 'dc-bad' : ms >= warn ? 'dc-warn' : '';

/** Telemetry age is judged on its own scale: osd arrives every 0.5–1 s even on a healthy link. */
export const AGE_WARN_MS = 3_000;
export const AGE_BAD_MS = 10_000;
