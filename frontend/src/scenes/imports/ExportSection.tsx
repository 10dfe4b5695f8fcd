import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import type { Space } from '../../gql/graphql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { bytes, words } from '../../lib/format'
import { SpaceSelect } from './SpaceSelect'
import { useInterval } from './useInterval'
import { RelativeTime } from '../../components/RelativeTime'

const ExportDocuments = graphql(`
  mutation ExportDocuments($space: Space!, $path: String) {
    exportDocuments(space: $space, path: $path) {
      export {
        ...ExportFields
      }
    }
  }
`)

const ExportStatus = graphql(`
  query ExportStatus($id: ID!) {
    export(id: $id) {
      ...ExportFields
    }
  }
`)

/** Exporting a folder as a zip, polled until it is ready to download. */
export function ExportSection() {
  const [space, setSpace] = useState<Space>('WIKI')
  const [folder, setFolder] = useState('')
  const [started, start] = useMutation(ExportDocuments)
  const [id, setId] = useState<string | null>(null)
  const [exp, refetch] = useQuery({ query: ExportStatus, variables: { id: id ?? '' }, pause: !id, requestPolicy: 'network-only' })
  const e = exp.data?.export
  const pending = !!id && (!e || e.status === 'QUEUED' || e.status === 'RUNNING')
  useInterval(() => refetch({ requestPolicy: 'network-only' }), 1000, pending && !exp.fetching)

  return (
    <section aria-labelledby="export-h">
      <h2 id="export-h">Export a folder</h2>
      <p className="status">Every page in and beneath the folder that you can read, as a zip of markdown files.</p>
      <form
        className="inline-form"
        onSubmit={async (ev) => {
          ev.preventDefault()
          setId(null)
          const r = await start({ space, path: folder.trim() })
          if (r.data) setId(r.data.exportDocuments.export.id)
        }}
      >
        <SpaceSelect value={space} onChange={setSpace} />
        <label>
          Folder
          <input value={folder} onChange={(ev) => setFolder(ev.target.value)} placeholder="ops (the whole space if empty)" />
        </label>
        <button type="submit" disabled={started.fetching || pending}>
          Export
        </button>
      </form>
      <ErrorNote error={started.error} />
      {id && (
        <div className="row" aria-live="polite">
          {exp.error ? (
            <ErrorNote error={exp.error} />
          ) : !e ? (
            exp.data ? <Empty>The export is gone (it expired).</Empty> : <Loading what="Exporting" />
          ) : (
            <div className="row-main">
              <span>
                <strong>
                  {e.space.toLowerCase()}:{e.path || '/'}
                </strong>{' '}
                <span className={`pill ${e.status.toLowerCase()}`}>{words(e.status)}</span>
              </span>
              {pending && (
                <div className="progress-row">
                  <progress max={Math.max(e.total, 1)} value={e.done} aria-label="Export progress" aria-valuenow={e.done} aria-valuemin={0} aria-valuemax={e.total} />
                  <span className="meta">
                    {e.done} of {e.total || '?'}
                  </span>
                </div>
              )}
              {e.status === 'READY' && e.url && (
                <span>
                  <a href={e.url} download>
                    Download the export
                  </a>{' '}
                  <span className="meta">
                    {bytes(e.byteSize)} · until <RelativeTime at={e.expiresAt} />
                  </span>
                </span>
              )}
              {e.error && <span className="status error">{e.error}</span>}
            </div>
          )}
        </div>
      )}
    </section>
  )
}
