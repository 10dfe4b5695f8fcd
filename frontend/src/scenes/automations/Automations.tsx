import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import type { Space } from '../../gql/graphql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { words } from '../../lib/format'
import { draftFrom, emptyDraft, type AutomationDraft } from '../../lib/automationForm'
import { AutomationEditor } from './AutomationEditor'
import { Runs } from './Runs'
import '../../components/admin.css'
import { RelativeTime } from '../../components/RelativeTime'

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
                    : `Schedule ${a.schedule ?? ''} (${a.timezone})`}
                  {a.kind !== 'EVENT' && a.nextRunAt ? <> · next <RelativeTime at={a.nextRunAt} /></> : ''}
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
