import { useState, type FormEvent } from 'react'
import { useQuery, useSubscription } from 'urql'
import { graphql } from '../../gql'
import type { ImportFormat, ImportsQuery, Space, SpaceDefaultAccess } from '../../gql/graphql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { percent, words } from '../../lib/format'
import { uploadErrors, uploadMutation } from '../../lib/multipartUpload'
import { SpaceSelect } from './SpaceSelect'
import { RelativeTime } from '../../components/RelativeTime'

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

type ImportNode = ImportsQuery['imports']['edges'][number]['node']

const formats: { value: ImportFormat; label: string }[] = [
  { value: 'MARKDOWN', label: 'Markdown (zip)' },
  { value: 'NOTION', label: 'Notion export' },
  { value: 'CONFLUENCE', label: 'Confluence HTML export' },
  { value: 'FILES', label: 'Any files (zip)' },
]

/** Importing an archive into a folder, and your imports with live progress. */
export function ImportSection() {
  const [list, refetch] = useQuery({ query: Imports_, variables: { first: 20 } })
  const [file, setFile] = useState<File | null>(null)
  const [format, setFormat] = useState<ImportFormat>('MARKDOWN')
  const [space, setSpace] = useState<Space>('RAW')
  const [folder, setFolder] = useState('')
  const [access, setAccess] = useState<SpaceDefaultAccess>('PRIVATE')
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
      const input = { file, format, space, access, ...(folder.trim() ? { path: folder.trim() } : {}) }
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
        <label>
          Who can read the pages
          <select value={access} onChange={(e) => setAccess(e.target.value as SpaceDefaultAccess)}>
            <option value="PRIVATE">Only you</option>
            <option value="EVERYONE_READ">Everyone</option>
          </select>
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
        <span className="meta">Started <RelativeTime at={cur.createdAt} />{cur.finishedAt ? <> · finished <RelativeTime at={cur.finishedAt} /></> : ''}</span>
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
