/** True when `name` is an IANA time zone this Node knows (`Asia/Shanghai`, `UTC`, …). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Formats instants as `YYYY-MM-DD HH:mm:ss` wall-clock time in `timeZone`, the way the logs page
 * shows them in the browser's zone.
 */
export function zonedFormatter(timeZone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (at) => {
    const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const { type, value } of format.formatToParts(at)) part[type] = value;
    const { year, month, day, hour, minute, second } = part;
    return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
  };
}
