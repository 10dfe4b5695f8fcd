import { useState, type ChangeEvent, type ReactNode } from 'react'
import type { OperationResult } from 'urql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { CopyButton } from '../../components/CopyButton'

// What several management tabs repeat: loading/error/empty states, lists of
// rows, tables, paging, the secret shown once and "run, then reload".

/** Re-fetch from the network (after a change the cache cannot see). */
export const fresh = (refetch: (opts: { requestPolicy: 'network-only' }) => void) => () => refetch({ requestPolicy: 'network-only' })

/** Awaits a mutation and calls then(result) when it succeeded; its error shows through the mutation's state. */
export async function onSuccess<R extends OperationResult>(run: Promise<R>, then: (r: R) => void): Promise<void> {
  const r = await run
  if (!r.error) then(r)
}

/** A form's string fields: bind(key) gives an input's value and onChange; reset() empties it. */
export function useFields<T extends Record<string, unknown>>(initial: T) {
  const [f, setF] = useState(initial)
  const bind = (k: { [K in keyof T]: T[K] extends string ? K : never }[keyof T]) => ({
    value: f[k] as string,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.target.value }),
  })
  return { f, setF, bind, reset: () => setF(initial) }
}

export function State({ fetching, error, empty, children }: { fetching: boolean; error: Parameters<typeof ErrorNote>[0]['error']; empty: string | false; children: ReactNode }) {
  if (fetching) return <Loading />
  if (error) return <ErrorNote error={error} />
  if (empty) return <Empty>{empty}</Empty>
  return <>{children}</>
}

/** The main column of a row: a title line and a meta line. */
export function RowMain({ title, meta }: { title: ReactNode; meta: ReactNode }) {
  return (
    <div className="row-main">
      <span>{title}</span>
      <span className="meta">{meta}</span>
    </div>
  )
}

/** A plain table: column headings, then the rows. */
export function Table({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/** Cursor paging: back to the start, or on to the next page. */
export function Pager({
  after,
  pageInfo,
  onPage,
  first,
  next,
}: {
  after: string | null
  pageInfo: { hasNextPage: boolean; endCursor?: string | null } | undefined
  onPage: (after: string | null) => void
  first: string
  next: string
}) {
  return (
    <div className="actions">
      {after && (
        <button type="button" onClick={() => onPage(null)}>
          {first}
        </button>
      )}
      {pageInfo?.hasNextPage && (
        <button type="button" onClick={() => onPage(pageInfo.endCursor ?? null)}>
          {next}
        </button>
      )}
    </div>
  )
}

export function Secret({ what, token, onDone }: { what: string; token: string; onDone: () => void }) {
  return (
    <div className="secret" role="status">
      <p>
        <strong>{what}</strong> It is shown this once.
      </p>
      <div className="secret-row">
        <label className="grow">
          <span className="sr-only">Secret</span>
          <input readOnly value={token} onFocus={(e) => e.target.select()} />
        </label>
        <CopyButton text={token} />
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  )
}

/** A secret to show once: show(what, token) puts it up, `secret` renders it until Done. */
export function useShownOnce() {
  const [s, setS] = useState<{ what: string; token: string } | null>(null)
  const secret = s && <Secret what={s.what} token={s.token} onDone={() => setS(null)} />
  return { secret, show: (what: string, token: string) => setS({ what, token }) }
}
