/** 10-digit timestamps are seconds; longer ones are milliseconds. */
export const toMs = (ts: number | string): number => {
  const n = Number(ts);
  return String(Math.trunc(n)).length <= 10 ? n * 1000 : n;
};

const pad = (n: number) => String(n).padStart(2, "0");

export function formatDate(ts: number | string, withTime = false): string {
  const d = new Date(toMs(ts));
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withTime ? `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : date;
}

export type RelativeTime =
  { key: "justNow" } | { key: "minutesAgo" | "hoursAgo" | "daysAgo"; count: number } | { key: "date"; date: string };

/** The spec's relative time: under 300 s "just now", then minutes, hours, days up to 30 days, then yyyy-mm-dd. */
export function relativeTime(ts: number | string, now = Date.now()): RelativeTime {
  const seconds = Math.max(0, (now - toMs(ts)) / 1000);
  if (seconds < 300) return { key: "justNow" };
  if (seconds < 3600) return { key: "minutesAgo", count: Math.floor(seconds / 60) };
  if (seconds < 86400) return { key: "hoursAgo", count: Math.floor(seconds / 3600) };
  if (seconds < 30 * 86400) return { key: "daysAgo", count: Math.floor(seconds / 86400) };
  return { key: "date", date: formatDate(ts) };
}
