// Dates as a reader says them: "3 hours ago", "in 2 days", "yesterday", in the
// browser's locale (Intl), with the full date kept for a tooltip. Free of React
// so the ranges can be tested alone.

const units: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 86400 },
  { unit: 'month', seconds: 30 * 86400 },
  { unit: 'week', seconds: 7 * 86400 },
  { unit: 'day', seconds: 86400 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
]

// A locale left undefined is the reader's: Intl then follows the browser's language.

function parse(t: string | number | Date): Date | null {
  const d = t instanceof Date ? t : new Date(t)
  return Number.isNaN(d.getTime()) ? null : d
}

/**
 * How long ago (or ahead) `t` is from `now`, in words of the locale: under a
 * minute is "now", then minutes, hours, days ("yesterday"), weeks, months and
 * years, each rounded down to the largest whole unit. '' for no date.
 */
export function relative(t: string | number | Date | null | undefined, now: Date = new Date(), locale?: string | string[]): string {
  if (t === null || t === undefined || t === '') return ''
  const d = parse(t)
  if (!d) return String(t)
  const diff = (d.getTime() - now.getTime()) / 1000 // negative: in the past
  const abs = Math.abs(diff)
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  if (abs < 45) return rtf.format(0, 'second')
  for (const { unit, seconds } of units) {
    if (abs >= seconds) {
      const n = Math.floor(abs / seconds)
      return rtf.format(diff < 0 ? -n : n, unit)
    }
  }
  return rtf.format(diff < 0 ? -1 : 1, 'minute')
}

/** The full date and time of `t` in the locale (the tooltip). '' for no date. */
export function fullDate(t: string | number | Date | null | undefined, locale?: string | string[]): string {
  if (t === null || t === undefined || t === '') return ''
  const d = parse(t)
  if (!d) return String(t)
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(d)
}

/** The ISO form a `<time dateTime>` takes ('' for no date). */
export function isoOf(t: string | number | Date | null | undefined): string {
  if (t === null || t === undefined || t === '') return ''
  const d = parse(t)
  return d ? d.toISOString() : ''
}
