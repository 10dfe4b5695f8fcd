import { useEffect, useState } from 'react'
import { fullDate, isoOf, relative } from '../lib/relativeTime'

// Every RelativeTime on screen shares one clock that ticks each minute, so
// "now" becomes "2 minutes ago" without a timer per date.
const listeners = new Set<(now: Date) => void>()
let timer: ReturnType<typeof setInterval> | undefined

function subscribe(fn: (now: Date) => void): () => void {
  listeners.add(fn)
  if (!timer) timer = setInterval(() => listeners.forEach((l) => l(new Date())), 60_000)
  return () => {
    listeners.delete(fn)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/**
 * A date as the reader says it ("3 hours ago", "in 2 days") in the browser's
 * locale, with the full date on hover: `<time dateTime title>`. Renders
 * nothing for no date.
 */
export function RelativeTime({ at, className }: { at: string | number | Date | null | undefined; className?: string }) {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => subscribe(setNow), [])
  const iso = isoOf(at)
  if (!iso) return at ? <span className={className}>{String(at)}</span> : null
  return (
    <time className={className} dateTime={iso} title={fullDate(at)}>
      {relative(at, now)}
    </time>
  )
}
