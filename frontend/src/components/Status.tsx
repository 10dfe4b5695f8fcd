import { useEffect, useRef, useState } from 'react'
import type { CombinedError } from 'urql'

// The loading, empty and error states every screen shows the same way.

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p className="status" role="status" aria-live="polite">
      {what}…
    </p>
  )
}

export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="status empty">{children}</p>
}

/** The message of a GraphQL or network error, as the server worded it. */
export function errorMessage(e: CombinedError | Error | undefined | null): string {
  if (!e) return ''
  if ('graphQLErrors' in e && e.graphQLErrors.length) return e.graphQLErrors.map((g) => g.message).join(' ')
  if ('networkError' in e && e.networkError) return 'The server cannot be reached. Try again.'
  return e.message
}

/**
 * True for an error that says the server could not be reached: no answer at
 * all, or a gateway's 502, 503 or 504 (a proxy in front of a stopped server,
 * or the server not ready yet), which pass the same way.
 */
export function isUnreachable(e: CombinedError | Error | undefined | null): boolean {
  if (!e || !('networkError' in e) || !e.networkError || e.graphQLErrors.length > 0) return false
  const status = 'response' in e ? (e.response as Response | undefined)?.status : undefined
  return !status || status === 502 || status === 503 || status === 504
}

/** How long the banner waits before asking the server again, in ms: 1, 2, 4, 8, then every 10 s. */
export const retryDelays = [1000, 2000, 4000, 8000, 10000]

/**
 * An error, as the server worded it. An unreachable server shows a banner
 * that asks /readyz again by itself (docs/frontend.md, "Comfort") and,
 * once it answers, calls retry (read what failed again) — or, with none,
 * tells the person the server is back.
 */
export function ErrorNote({ error, retry }: { error: CombinedError | Error | undefined | null; retry?: () => void }) {
  if (!error) return null
  if (isUnreachable(error)) return <Unreachable key={String(error.message)} retry={retry} />
  return (
    <p className="status error" role="alert">
      {errorMessage(error)}
    </p>
  )
}

function Unreachable({ retry }: { retry?: () => void }) {
  const [back, setBack] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const latest = useRef(retry)
  latest.current = retry
  useEffect(() => {
    if (back) return
    let gone = false
    const t = setTimeout(async () => {
      try {
        const r = await fetch('/readyz', { cache: 'no-store' })
        if (gone) return
        if (r.ok) {
          setBack(true)
          latest.current?.()
          return
        }
      } catch {
        // still unreachable
      }
      if (!gone) setAttempt((n) => n + 1)
    }, retryDelays[Math.min(attempt, retryDelays.length - 1)])
    return () => {
      gone = true
      clearTimeout(t)
    }
  }, [attempt, back])
  if (back && retry) return null
  return (
    <p className="status error banner" role="alert" data-testid="unreachable">
      {back ? 'The server is back. Open the screen again to see it.' : 'The server cannot be reached. Trying again…'}
    </p>
  )
}
