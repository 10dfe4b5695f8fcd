import { useId, useState, type FormEvent } from 'react'
import { useMutation } from 'urql'
import { graphql } from '../../gql'
import type { AutomationKind, DryRunAutomationMutation, Space } from '../../gql/graphql'
import { ErrorNote } from '../../components/Status'
import { bytes, words } from '../../lib/format'
import { createInput, parseSampleEvent, triggerEvents, updateInput, type AutomationDraft } from '../../lib/automationForm'
import { Proposals } from './Proposals'

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

/** Writing or changing an automation, and trying it in a dry run that applies nothing. */
export function AutomationEditor({ initial, onDone, onCancel }: { initial: AutomationDraft; onDone: () => void; onCancel: () => void }) {
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
