// Small formatting helpers the screens share.

/**
 * A time as the reader's locale writes it, in full ('' for none). Where a date
 * is shown on its own, prefer components/RelativeTime ("3 hours ago", this on hover).
 */
export function when(t: string | null | undefined): string {
  if (!t) return ''
  const d = new Date(t)
  if (Number.isNaN(d.getTime())) return t
  // undefined: the browser's locale.
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(d)
}

/** A byte size: 512 B, 1.5 KB, 2.0 MB. */
export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return ''
  if (n < 1024) return `${n} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let v = n / 1024
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return `${v.toFixed(1)} ${units[i]}`
}

/** A percentage of done over total, 0 when total is unknown. */
export function percent(done: number, total: number): number {
  if (total <= 0) return 0
  return Math.max(0, Math.min(100, Math.round((done / total) * 100)))
}

/** An upper-case enum value as words: READY → Ready, STALE_TEXT → Stale text. */
export function words(v: string): string {
  const s = v.toLowerCase().replace(/_/g, ' ')
  return s.charAt(0).toUpperCase() + s.slice(1)
}

/** A YYYY-MM-DD day `daysAgo` days before `now` (UTC). */
export function day(now: Date, daysAgo = 0): string {
  const d = new Date(now.getTime() - daysAgo * 86400000)
  return d.toISOString().slice(0, 10)
}
