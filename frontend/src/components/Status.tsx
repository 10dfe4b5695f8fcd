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

export function ErrorNote({ error }: { error: CombinedError | Error | undefined | null }) {
  if (!error) return null
  return (
    <p className="status error" role="alert">
      {errorMessage(error)}
    </p>
  )
}
