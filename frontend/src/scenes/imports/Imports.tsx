import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useMutation, useQuery, useSubscription } from 'urql'
import { graphql } from '../../gql'
import type { ImportFormat, ImportsQuery, Space } from '../../gql/graphql'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { bytes, percent, when, words } from '../../lib/format'
import { uploadErrors, uploadMutation } from '../../lib/multipartUpload'
import '../../components/admin.css'

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


const Imports_ = graphql(`
  query Imports($first: Int) {
    imports(first: $first) {
      edges {
        node {
          ...ImportFields
        }
      }
    }
  }
`)

const StartImport = graphql(`
  mutation StartImport($input: StartImportInput!) {
    startImport(input: $input) {
      import {
        ...ImportFields
      }
    }
  }
`)

const ImportProgress = graphql(`
  subscription ImportProgress($id: ID!) {
    importProgress(id: $id) {
      ...ImportFields
    }
  }
`)

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

const ReconvertIngestion = graphql(`
  mutation ReconvertIngestion($id: ID!) {
    reconvertIngestion(id: $id) {
      ingestion {
        ...IngestionFields
      }
    }
  }
`)

type ImportNode = ImportsQuery['imports']['edges'][number]['node']

/** /imports: originals into raw, archives into a folder, folders out as a zip. */
export default function Imports() {
  return (
    <section className="admin">
      <h1>Imports</h1>
      <IngestSection />
      <ImportSection />
      <ExportSection />
    </section>
  )
}

function useInterval(fn: () => void, ms: number, on: boolean) {
  const ref = useRef(fn)
  ref.current = fn
  useEffect(() => {
    if (!on) return
    const t = setInterval(() => ref.current(), ms)
    return () => clearInterval(t)
  }, [ms, on])
}

function IngestSection() {
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
                  {n.kind || 'unknown kind'} · {bytes(n.byteSize)} · raw:{n.path || '/'} · {when(n.createdAt)}
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

const formats: { value: ImportFormat; label: string }[] = [
  { value: 'MARKDOWN', label: 'Markdown (zip)' },
  { value: 'NOTION', label: 'Notion export' },
  { value: 'CONFLUENCE', label: 'Confluence HTML export' },
  { value: 'FILES', label: 'Any files (zip)' },
]

function SpaceSelect({ value, onChange }: { value: Space; onChange: (s: Space) => void }) {
  return (
    <label>
      Space
      <select value={value} onChange={(e) => onChange(e.target.value as Space)}>
        <option value="RAW">raw</option>
        <option value="WIKI">wiki</option>
        <option value="OUTPUT">output</option>
      </select>
    </label>
  )
}

function ImportSection() {
  const [list, refetch] = useQuery({ query: Imports_, variables: { first: 20 } })
  const [file, setFile] = useState<File | null>(null)
  const [format, setFormat] = useState<ImportFormat>('MARKDOWN')
  const [space, setSpace] = useState<Space>('RAW')
  const [folder, setFolder] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [formKey, setFormKey] = useState(0)
  const reload = () => refetch({ requestPolicy: 'network-only' })
  const edges = list.data?.imports.edges ?? []

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!file) return
    setBusy(true)
    setError('')
    try {
      const input = { file, format, space, ...(folder.trim() ? { path: folder.trim() } : {}) }
      const r = await uploadMutation(StartImport, { input }, 'input.file', file)
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
    <section aria-labelledby="import-h">
      <h2 id="import-h">Import an archive</h2>
      <form className="inline-form" onSubmit={submit} key={formKey}>
        <label>
          Archive
          <input type="file" accept=".zip,application/zip" required onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <label>
          Format
          <select value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>
            {formats.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <SpaceSelect value={space} onChange={setSpace} />
        <label>
          Folder
          <input value={folder} onChange={(e) => setFolder(e.target.value)} placeholder="imported/notion (space root if empty)" />
        </label>
        <button type="submit" disabled={busy || !file}>
          {busy ? 'Uploading…' : 'Import'}
        </button>
      </form>
      {error && (
        <p className="status error" role="alert">
          {error}
        </p>
      )}
      <h3>Your imports</h3>
      {list.fetching && !list.data ? (
        <Loading />
      ) : list.error ? (
        <ErrorNote error={list.error} />
      ) : edges.length === 0 ? (
        <Empty>No imports yet.</Empty>
      ) : (
        <ul className="rows" aria-label="Imports">
          {edges.map(({ node }) => (
            <ImportRow key={node.id} imp={node} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ImportRow({ imp }: { imp: ImportNode }) {
  const live = imp.status === 'QUEUED' || imp.status === 'RUNNING'
  const [sub] = useSubscription({ query: ImportProgress, variables: { id: imp.id }, pause: !live })
  // The subscription's pushes update the cached Import (same id); read it from either.
  const cur = { ...imp, ...(sub.data?.importProgress ?? {}) }
  const pct = percent(cur.done, cur.total)
  return (
    <li className="row">
      <div className="row-main">
        <span>
          <strong>
            {cur.space.toLowerCase()}:{cur.path || '/'}
          </strong>{' '}
          <span className="meta">{words(cur.format)}</span> <span className={`pill ${cur.status.toLowerCase()}`}>{words(cur.status)}</span>
        </span>
        <span className="meta">Started {when(cur.createdAt)}{cur.finishedAt ? ` · finished ${when(cur.finishedAt)}` : ''}</span>
        <div className="progress-row">
          <progress
            max={Math.max(cur.total, 1)}
            value={cur.status === 'DONE' ? Math.max(cur.total, 1) : cur.done}
            aria-label={`Import progress ${cur.path || cur.space.toLowerCase()}`}
            aria-valuenow={cur.done}
            aria-valuemin={0}
            aria-valuemax={cur.total}
          />
          <span className="meta">
            {cur.done} of {cur.total || '?'} {cur.total ? `(${pct}%)` : ''}
          </span>
        </div>
        {cur.error && <span className="status error">{cur.error}</span>}
        {cur.status === 'DONE' && <Report report={cur.report} />}
      </div>
    </li>
  )
}

function Report({ report }: { report: ImportNode['report'] }) {
  return (
    <div className="report">
      <span>
        {report.created} created · {report.updated} updated · {report.unchanged} unchanged · {report.skipped.length} skipped
      </span>
      {report.skipped.length > 0 && (
        <details>
          <summary>Skipped entries</summary>
          <ul>
            {report.skipped.map((s, i) => (
              <li key={i}>
                <code>{s.entry}</code>: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.droppedKeys.length > 0 && <p className="meta">Frontmatter keys not kept: {report.droppedKeys.join(', ')}</p>}
    </div>
  )
}

function ExportSection() {
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
                    {bytes(e.byteSize)} · until {when(e.expiresAt)}
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
