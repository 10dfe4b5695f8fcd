import { useId, useState, type FormEvent } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import type { AutomationKind, DryRunAutomationMutation, Space } from '../../gql/graphql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { bytes, when, words } from '../../lib/format'
import {
  createInput,
  draftFrom,
  emptyDraft,
  parseSampleEvent,
  proposalText,
  triggerEvents,
  updateInput,
  type AutomationDraft,
} from '../../lib/automationForm'
import '../../components/admin.css'

const MyAutomations = graphql(`
  query MyAutomations {
    automations {
      ...AutomationFields
      description
      triggerEvents
      scope {
        space
        pathPrefix
        tags
      }
      timezone
      nextRunAt
      lastRunAt
      script
      updatedAt
      lastRun {
        ...AutomationRunFields
      }
    }
  }
`)

const AutomationRuns = graphql(`
  query AutomationRuns($id: ID!, $first: Int, $after: String) {
    automation(id: $id) {
      ...AutomationFields
      runs(first: $first, after: $after) {
        edges {
          node {
            ...AutomationRunFields
            eventType
            scheduledFor
            durationMs
            memoryPeak
            limitHit
            reads
            attempts
            logs
            error
            proposals {
              kind
              documentId
              recipient
              permission
              message
              tag
              write {
                space
                path
                slug
                title
              }
              applied
              reason
            }
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`)

const CreateAutomation = graphql(`
  mutation CreateAutomation($input: CreateAutomationInput!) {
    createAutomation(input: $input) {
      automation {
        ...AutomationFields
      }
    }
  }
`)

const UpdateAutomation = graphql(`
  mutation UpdateAutomation($input: UpdateAutomationInput!) {
    updateAutomation(input: $input) {
      automation {
        ...AutomationFields
        description
        script
        triggerEvents
        timezone
        nextRunAt
        scope {
          space
          pathPrefix
          tags
        }
      }
    }
  }
`)

const EnableAutomation = graphql(`
  mutation EnableAutomation($id: ID!) {
    enableAutomation(id: $id) {
      automation {
        ...AutomationFields
        nextRunAt
      }
    }
  }
`)

const DisableAutomation = graphql(`
  mutation DisableAutomation($id: ID!) {
    disableAutomation(id: $id) {
      automation {
        ...AutomationFields
        nextRunAt
      }
    }
  }
`)

const DeleteAutomation = graphql(`
  mutation DeleteAutomation($id: ID!) {
    deleteAutomation(id: $id) {
      id
    }
  }
`)

const DryRunAutomation = graphql(`
  mutation DryRunAutomation($input: DryRunAutomationInput!) {
    dryRunAutomation(input: $input) {
      proposals {
        kind
        documentId
        recipient
        permission
        message
        tag
        write {
          space
          path
          slug
          title
        }
        applied
        reason
      }
      logs
      logsTruncated
      limitHit
      error
      reads
      durationMs
      memoryPeak
    }
  }
`)

/** /automations: your automations, their editor, dry runs and runs. */
export default function Automations() {
  const [list, refetch] = useQuery({ query: MyAutomations })
  const [draft, setDraft] = useState<AutomationDraft | null>(null)
  const [enabled, enable] = useMutation(EnableAutomation)
  const [disabled, disable] = useMutation(DisableAutomation)
  const [deleted, del] = useMutation(DeleteAutomation)
  const [runsOf, setRunsOf] = useState<string | null>(null)
  const reload = () => refetch({ requestPolicy: 'network-only' })
  const items = list.data?.automations ?? []

  return (
    <section className="admin">
      <h1>Automations</h1>
      <p className="status">Small scripts that run on events or on a schedule and propose shares, tags, messages and pages, applied as you.</p>
      {!draft && (
        <p>
          <button type="button" onClick={() => setDraft(emptyDraft())}>
            New automation
          </button>
        </p>
      )}
      {draft && (
        <AutomationEditor
          key={draft.id ?? 'new'}
          initial={draft}
          onDone={() => {
            setDraft(null)
            reload()
          }}
          onCancel={() => setDraft(null)}
        />
      )}
      <h2>Your automations</h2>
      <ErrorNote error={enabled.error ?? disabled.error ?? deleted.error} />
      {list.fetching && !list.data ? (
        <Loading />
      ) : list.error ? (
        <ErrorNote error={list.error} />
      ) : items.length === 0 ? (
        <Empty>You have no automations yet.</Empty>
      ) : (
        <ul className="rows" aria-label="Automations">
          {items.map((a) => (
            <li key={a.id} className="row">
              <div className="row-main">
                <span>
                  <strong>{a.name}</strong>{' '}
                  <span className={`pill ${a.enabled && a.ownerActive ? 'enabled' : 'disabled'}`}>{a.enabled ? 'Enabled' : 'Disabled'}</span>
                  {a.lastRun && (
                    <>
                      {' '}
                      <span className={`pill ${a.lastRun.status.toLowerCase()}`}>Last run: {words(a.lastRun.status)}</span>
                    </>
                  )}
                </span>
                {a.description && <span>{a.description}</span>}
                <span className="meta">
                  {a.kind === 'EVENT'
                    ? `On ${a.triggerEvents.join(', ')}${scopeText(a.scope)}`
                    : `Schedule ${a.schedule ?? ''} (${a.timezone})${a.nextRunAt ? ` · next ${when(a.nextRunAt)}` : ''}`}
                </span>
                {a.disabledReason && <span className="meta">{a.disabledReason}</span>}
                {!a.ownerActive && <span className="status error">Its owner is deactivated: it does not run.</span>}
              </div>
              <div className="row-actions">
                <button type="button" aria-label={`Edit ${a.name}`} onClick={() => setDraft(draftFrom(a))}>
                  Edit
                </button>
                {a.enabled ? (
                  <button type="button" aria-label={`Disable ${a.name}`} disabled={disabled.fetching} onClick={() => disable({ id: a.id })}>
                    Disable
                  </button>
                ) : (
                  <button type="button" aria-label={`Enable ${a.name}`} disabled={enabled.fetching} onClick={() => enable({ id: a.id })}>
                    Enable
                  </button>
                )}
                <button
                  type="button"
                  aria-label={`Runs of ${a.name}`}
                  aria-expanded={runsOf === a.id}
                  onClick={() => setRunsOf(runsOf === a.id ? null : a.id)}
                >
                  Runs
                </button>
                <button
                  type="button"
                  aria-label={`Delete ${a.name}`}
                  disabled={deleted.fetching}
                  onClick={async () => {
                    const r = await del({ id: a.id })
                    if (!r.error) {
                      if (draft?.id === a.id) setDraft(null)
                      reload()
                    }
                  }}
                >
                  Delete
                </button>
              </div>
              {runsOf === a.id && <Runs id={a.id} name={a.name} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function scopeText(s: { space?: Space | null; pathPrefix?: string | null; tags: string[] }): string {
  const parts: string[] = []
  if (s.space) parts.push(s.space.toLowerCase())
  if (s.pathPrefix) parts.push(`in ${s.pathPrefix}`)
  if (s.tags.length) parts.push(`tagged ${s.tags.join(', ')}`)
  return parts.length ? ` · ${parts.join(' ')}` : ''
}

function AutomationEditor({ initial, onDone, onCancel }: { initial: AutomationDraft; onDone: () => void; onCancel: () => void }) {
  const uid = useId()
  const [d, setD] = useState(initial)
  const [sample, setSample] = useState('')
  const [sampleError, setSampleError] = useState('')
  const [created, create] = useMutation(CreateAutomation)
  const [updated, update] = useMutation(UpdateAutomation)
  const [dry, dryRun] = useMutation(DryRunAutomation)
  const set = (p: Partial<AutomationDraft>) => setD({ ...d, ...p })
  const editing = d.id !== undefined
  const heading = editing ? `Edit ${initial.name}` : 'New automation'

  const save = async (e: FormEvent) => {
    e.preventDefault()
    const r = d.id !== undefined ? await update({ input: updateInput({ ...d, id: d.id }) }) : await create({ input: createInput(d) })
    if (!r.error) onDone()
  }
  const runDry = async () => {
    setSampleError('')
    let event: Record<string, unknown> | null
    try {
      event = parseSampleEvent(sample)
    } catch (err) {
      setSampleError(err instanceof Error ? err.message : String(err))
      return
    }
    await dryRun({ input: { script: d.script, event } })
  }

  return (
    <section aria-label={heading} className="editor-box">
      <h2>{heading}</h2>
      <form className="stack-form" onSubmit={save}>
        <label>
          Name
          <input value={d.name} onChange={(e) => set({ name: e.target.value })} required maxLength={200} />
        </label>
        <label>
          Purpose
          <input value={d.description} onChange={(e) => set({ description: e.target.value })} maxLength={2000} />
        </label>
        <label>
          Trigger
          <select value={d.kind} disabled={editing} onChange={(e) => set({ kind: e.target.value as AutomationKind })}>
            <option value="EVENT">On events</option>
            <option value="SCHEDULE">On a schedule</option>
          </select>
        </label>
        {d.kind === 'EVENT' ? (
          <>
            <label htmlFor={`${uid}-events`}>Trigger events</label>
            <select
                id={`${uid}-events`}
                aria-describedby={`${uid}-events-hint`}
                multiple
                size={6}
                value={d.triggerEvents}
                onChange={(e) => set({ triggerEvents: Array.from(e.target.selectedOptions, (o) => o.value) })}
              >
                {triggerEvents.map((ev) => (
                  <option key={ev} value={ev}>
                    {ev}
                  </option>
                ))}
              </select>
            <span className="meta" id={`${uid}-events-hint`}>
              Choose one or more (Ctrl or Shift to pick several).
            </span>
            <label>
              Scope space
              <select value={d.scopeSpace} onChange={(e) => set({ scopeSpace: e.target.value as '' | Space })}>
                <option value="">Any space</option>
                <option value="WIKI">wiki</option>
                <option value="RAW">raw</option>
                <option value="OUTPUT">output</option>
              </select>
            </label>
            <label>
              Scope folder
              <input value={d.scopePath} onChange={(e) => set({ scopePath: e.target.value })} placeholder="ops (any folder if empty)" />
            </label>
            <label>
              Scope tags
              <input value={d.scopeTags} onChange={(e) => set({ scopeTags: e.target.value })} placeholder="runbook, ops" />
            </label>
          </>
        ) : (
          <>
            <label>
              Schedule
              <input value={d.schedule} onChange={(e) => set({ schedule: e.target.value })} placeholder="0 9 * * 1" required />
            </label>
            <label>
              Time zone
              <input value={d.timezone} onChange={(e) => set({ timezone: e.target.value })} placeholder="UTC" />
            </label>
          </>
        )}
        <label>
          Script
          <textarea rows={12} spellCheck={false} value={d.script} onChange={(e) => set({ script: e.target.value })} required />
        </label>
        <label>
          Sample event (JSON, for a dry run)
          <textarea
            rows={3}
            spellCheck={false}
            value={sample}
            onChange={(e) => setSample(e.target.value)}
            placeholder='{"type": "document.updated", "documentId": "…"} (empty: run as a scheduled run)'
          />
        </label>
        <div className="buttons">
          <button type="submit" disabled={created.fetching || updated.fetching}>
            Save
          </button>
          <button type="button" onClick={runDry} disabled={dry.fetching || d.script.trim() === ''}>
            {dry.fetching ? 'Running…' : 'Dry run'}
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
      <ErrorNote error={created.error ?? updated.error} />
      {sampleError && (
        <p className="status error" role="alert">
          {sampleError}
        </p>
      )}
      <ErrorNote error={dry.error} />
      {dry.data && <DryRunResult r={dry.data.dryRunAutomation} />}
    </section>
  )
}

type DryRun = DryRunAutomationMutation['dryRunAutomation']
type Proposal = DryRun['proposals'][number]

function verdict(applied: boolean | null | undefined): string {
  if (applied === true) return 'Applied'
  if (applied === false) return 'Rejected'
  return 'Proposed'
}

function Proposals({ list }: { list: readonly Proposal[] }) {
  if (list.length === 0) return <p className="meta">No proposals.</p>
  return (
    <ol className="report">
      {list.map((p, i) => (
        <li key={i}>
          <span className={`pill ${p.applied === true ? 'ok' : p.applied === false ? 'rejected' : ''}`}>{verdict(p.applied)}</span> {proposalText(p)}
          {p.reason && <span className="meta"> — {p.reason}</span>}
        </li>
      ))}
    </ol>
  )
}

function DryRunResult({ r }: { r: DryRun }) {
  const ok = !r.error && !r.limitHit
  return (
    <section aria-label="Dry run result" className="report">
      <h3>
        Dry run: <span className={`pill ${ok ? 'ok' : 'failed'}`}>{ok ? 'Finished' : r.limitHit ? `Limit hit: ${words(r.limitHit)}` : 'Failed'}</span>
      </h3>
      <p className="meta">
        {r.durationMs} ms · {bytes(r.memoryPeak)} peak · {r.reads} reads · nothing was applied
      </p>
      {r.error && <pre className="logs status error">{r.error}</pre>}
      <h4>Proposals</h4>
      <Proposals list={r.proposals} />
      {r.logs && (
        <>
          <h4>Logs{r.logsTruncated ? ' (truncated)' : ''}</h4>
          <pre className="logs">{r.logs}</pre>
        </>
      )}
    </section>
  )
}

function Runs({ id, name }: { id: string; name: string }) {
  const [res, refetch] = useQuery({ query: AutomationRuns, variables: { id, first: 20 }, requestPolicy: 'cache-and-network' })
  const runs = res.data?.automation?.runs.edges ?? []
  return (
    <section aria-label={`Runs of ${name}`} className="runs">
      <h3>Recent runs</h3>
      <button type="button" onClick={() => refetch({ requestPolicy: 'network-only' })}>
        Refresh
      </button>
      {res.fetching && !res.data ? (
        <Loading />
      ) : res.error ? (
        <ErrorNote error={res.error} />
      ) : runs.length === 0 ? (
        <Empty>No runs yet.</Empty>
      ) : (
        <ul className="rows">
          {runs.map(({ node: r }) => (
            <li key={r.id} className="row">
              <div className="row-main">
                <span>
                  <span className={`pill ${r.status.toLowerCase()}`}>{words(r.status)}</span>{' '}
                  {r.eventType ?? (r.scheduledFor ? `Scheduled for ${when(r.scheduledFor)}` : '')}{' '}
                  <span className="meta">{when(r.createdAt)}</span>
                </span>
                <span className="meta">
                  {r.durationMs !== null && r.durationMs !== undefined ? `${r.durationMs} ms · ` : ''}
                  {r.reads} reads{r.memoryPeak ? ` · ${bytes(r.memoryPeak)} peak` : ''}
                  {r.limitHit ? ` · limit hit: ${words(r.limitHit)}` : ''}
                  {r.attempts > 1 ? ` · ${r.attempts} attempts` : ''}
                </span>
                {r.error && <span className="status error">{r.error}</span>}
                <Proposals list={r.proposals} />
                {r.logs && (
                  <details>
                    <summary>Logs</summary>
                    <pre className="logs">{r.logs}</pre>
                  </details>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
