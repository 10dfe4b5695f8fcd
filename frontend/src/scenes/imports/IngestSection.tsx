import { useState, type FormEvent } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { bytes, words } from '../../lib/format'
import { uploadErrors, uploadMutation } from '../../lib/multipartUpload'
import { useInterval } from './useInterval'
import { RelativeTime } from '../../components/RelativeTime'

const Ingestions = graphql(`
  query Ingestions($first: Int) {
    ingestions(first: $first) {
      edges {
        node {
          ...IngestionFields
          document {
            ...DocumentFields
          }
        }
      }
    }
  }
`)

const Ingest = graphql(`
  mutation Ingest($input: IngestInput!) {
    ingest(input: $input) {
      ingestion {
        ...IngestionFields
      }
    }
  }
`)

const ReconvertIngestion = graphql(`
  mutation ReconvertIngestion($id: ID!) {
    reconvertIngestion(id: $id) {
      ingestion {
        ...IngestionFields
      }
    }
  }
`)

/** Ingesting one file into raw, and your ingestions (polled while one converts). */
export function IngestSection() {
  const [list, refetch] = useQuery({ query: Ingestions, variables: { first: 20 } })
  const [again, reconvert] = useMutation(ReconvertIngestion)
  const [file, setFile] = useState<File | null>(null)
  const [folder, setFolder] = useState('')
  const [source, setSource] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [formKey, setFormKey] = useState(0)
  const reload = () => refetch({ requestPolicy: 'network-only' })
  const edges = list.data?.ingestions.edges ?? []
  const working = edges.some((e) => e.node.status === 'PENDING' || e.node.status === 'PROCESSING')
  useInterval(reload, 2000, working)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!file) return
    setBusy(true)
    setError('')
    try {
      const input = { file, ...(folder.trim() ? { path: folder.trim() } : {}), ...(source.trim() ? { source: source.trim() } : {}) }
      const r = await uploadMutation(Ingest, { input }, 'input.file', file)
      const msg = uploadErrors(r)
      if (msg) setError(msg)
      else {
        setFile(null)
        setFormKey((k) => k + 1)
        reload()
      }
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="ingest-h">
      <h2 id="ingest-h">Ingest a file</h2>
      <p className="status">Markdown, text, HTML, PDF, DOCX or an image becomes a page in raw; the original is kept.</p>
      <form className="inline-form" onSubmit={submit} key={formKey}>
        <label>
          File
          <input type="file" required onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <label>
          Folder
          <input value={folder} onChange={(e) => setFolder(e.target.value)} placeholder="inbox/notes (raw root if empty)" />
        </label>
        <label>
          Source
          <input value={source} onChange={(e) => setSource(e.target.value)} placeholder="Where it came from (optional)" maxLength={2000} />
        </label>
        <button type="submit" disabled={busy || !file}>
          {busy ? 'Uploading…' : 'Ingest'}
        </button>
      </form>
      {error && (
        <p className="status error" role="alert">
          {error}
        </p>
      )}
      <h3>Your ingestions</h3>
      <ErrorNote error={again.error} />
      {list.fetching && !list.data ? (
        <Loading />
      ) : list.error ? (
        <ErrorNote error={list.error} />
      ) : edges.length === 0 ? (
        <Empty>Nothing ingested yet.</Empty>
      ) : (
        <ul className="rows" aria-label="Ingestions">
          {edges.map(({ node: n }) => (
            <li key={n.id} className="row">
              <div className="row-main">
                <span>
                  <strong>{n.filename}</strong> <span className={`pill ${n.status.toLowerCase()}`}>{words(n.status)}</span>
                </span>
                <span className="meta">
                  {n.kind || 'unknown kind'} · {bytes(n.byteSize)} · raw:{n.path || '/'} · <RelativeTime at={n.createdAt} />
                </span>
                {n.error && <span className="status error">{n.error}</span>}
              </div>
              <div className="row-actions">
                {n.document && <Link to={pageURL(n.document)}>Open page</Link>}
                <a href={n.originalUrl} download>
                  Original
                </a>
                {n.kind !== '' && (n.status === 'READY' || n.status === 'FAILED') && (
                  <button
                    type="button"
                    aria-label={`Convert ${n.filename} again`}
                    disabled={again.fetching}
                    onClick={async () => {
                      const r = await reconvert({ id: n.id })
                      if (!r.error) reload()
                    }}
                  >
                    Convert again
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
