/**
 * A time of day as `HH:mm:ss` on the 24-hour clock. Written out by hand rather than through
 * `toLocaleTimeString`, whose options decide per locale whether the hour is shown at all.
 */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
