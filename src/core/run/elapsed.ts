// How long a run has taken, in the short words the views use (docs/run.md): `3 s`, `4 min`, `1 h 5 min`.

/** The time from `startedAt` (ISO 8601) to `now`; '' when `startedAt` is not a date or lies in the future. */
export function elapsedText(startedAt: string, now: Date = new Date()): string {
  const ms = now.getTime() - Date.parse(startedAt);
  if (!Number.isFinite(ms) || ms < 0) return '';
  const sec = Math.floor(ms / 1000);
  if (sec < 60) return `${sec} s`;
  const min = Math.floor(sec / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  return min % 60 === 0 ? `${h} h` : `${h} h ${min % 60} min`;
}
