import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { useFieldErrors } from '../../components/useFieldErrors'
import type { Space } from '../../gql/graphql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { Secret, WebhookRow, eventTypes } from '../../components/webhooks'
import { fieldErrors } from '../../lib/pageForm'
import { fresh } from './shared'

// Management's instance-wide webhooks: every matching event on every page,
// metadata only (docs/api.md, "Management's webhooks").

const ManagementWebhooks = graphql(`
  query ManagementWebhooks {
    managementWebhooks {
      ...WebhookFields
      deliveries(first: 10) {
        ...WebhookDeliveryFields
      }
    }
  }
`)

const CreateManagementWebhook = graphql(`
  mutation CreateManagementWebhook($input: CreateManagementWebhookInput!) {
    createManagementWebhook(input: $input) {
      secret
      webhook {
        ...WebhookFields
      }
    }
  }
`)

const PauseManagementWebhook = graphql(`
  mutation PauseManagementWebhook($id: ID!) {
    pauseManagementWebhook(id: $id) {
      webhook {
        ...WebhookFields
      }
    }
  }
`)

const ResumeManagementWebhook = graphql(`
  mutation ResumeManagementWebhook($id: ID!) {
    resumeManagementWebhook(id: $id) {
      webhook {
        ...WebhookFields
      }
    }
  }
`)

const RotateManagementWebhookSecret = graphql(`
  mutation RotateManagementWebhookSecret($id: ID!) {
    rotateManagementWebhookSecret(id: $id) {
      secret
      webhook {
        ...WebhookFields
      }
    }
  }
`)

const PingManagementWebhook = graphql(`
  mutation PingManagementWebhook($id: ID!) {
    pingManagementWebhook(id: $id) {
      delivery {
        ...WebhookDeliveryFields
      }
    }
  }
`)

const RedeliverManagementWebhookDelivery = graphql(`
  mutation RedeliverManagementWebhookDelivery($id: ID!) {
    redeliverManagementWebhookDelivery(id: $id) {
      delivery {
        ...WebhookDeliveryFields
      }
    }
  }
`)

const DeleteManagementWebhook = graphql(`
  mutation DeleteManagementWebhook($id: ID!) {
    deleteManagementWebhook(id: $id) {
      id
    }
  }
`)

export default function ManagedWebhooks() {
  const [list, refetch] = useQuery({ query: ManagementWebhooks })
  const [created, create] = useMutation(CreateManagementWebhook)
  const [paused, pause] = useMutation(PauseManagementWebhook)
  const [resumed, resume] = useMutation(ResumeManagementWebhook)
  const [rotated, rotate] = useMutation(RotateManagementWebhookSecret)
  const [pinged, ping] = useMutation(PingManagementWebhook)
  const [redelivered, redeliver] = useMutation(RedeliverManagementWebhookDelivery)
  const [deleted, remove] = useMutation(DeleteManagementWebhook)
  const [url, setURL] = useState('')
  const [events, setEvents] = useState<string[]>([])
  const [space, setSpace] = useState<Space | ''>('')
  const { ids, setErrors, field, errorOf, other } = useFieldErrors(['url', 'events', 'space'])
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null)
  const reload = fresh(refetch)
  const busy = paused.fetching || resumed.fetching || rotated.fetching || pinged.fetching || redelivered.fetching || deleted.fetching
  const actionError = paused.error ?? resumed.error ?? rotated.error ?? pinged.error ?? redelivered.error ?? deleted.error
  const act = async (r: Promise<{ error?: unknown }>) => {
    const res = await r
    if (!res.error) reload()
  }

  return (
    <section aria-label="Webhooks">
      <p className="status">
        Instance-wide webhooks receive every matching event on every page, whoever can read it, with metadata only: ids,
        types, spaces, versions and times — never a title, path, text or anyone's name. At most 50.
      </p>
      <h2>Create a webhook</h2>
      <form
        className="stack-form"
        onSubmit={async (e) => {
          e.preventDefault()
          setErrors({})
          const r = await create({ input: { url: url.trim(), ...(events.length ? { events } : {}), ...(space ? { space } : {}) } })
          if (r.error) {
            setErrors(fieldErrors(r.error))
            return
          }
          if (r.data) {
            setSecret({ url: r.data.createManagementWebhook.webhook.url, value: r.data.createManagementWebhook.secret })
            setURL('')
            setEvents([])
            reload()
          }
        }}
      >
        <label htmlFor={`${ids}-url`}>URL</label>
        <input {...field('url')} type="url" value={url} onChange={(e) => setURL(e.target.value)} required placeholder="https://siem.example.com/codna" />
        {errorOf('url')}
        <fieldset className="checks">
          <legend>Events (none ticked: every one)</legend>
          {eventTypes.map((t) => (
            <label key={t}>
              <input
                type="checkbox"
                checked={events.includes(t)}
                onChange={(e) => setEvents(e.target.checked ? [...events, t] : events.filter((x) => x !== t))}
              />
              <code>{t}</code>
            </label>
          ))}
        </fieldset>
        {errorOf('events')}
        <label htmlFor={`${ids}-space`}>Space</label>
        <select {...field('space')} value={space} onChange={(e) => setSpace(e.target.value as Space | '')}>
          <option value="">Every space</option>
          <option value="WIKI">Wiki</option>
          <option value="RAW">Raw</option>
          <option value="OUTPUT">Output</option>
        </select>
        {errorOf('space')}
        {other.length > 0 && (
          <p className="status error" role="alert">
            {other.join(' ')}
          </p>
        )}
        <div className="buttons">
          <button type="submit" disabled={created.fetching || url.trim() === ''}>
            Create webhook
          </button>
        </div>
      </form>
      {secret && <Secret secret={secret} onDone={() => setSecret(null)} />}
      <h2>Instance-wide webhooks</h2>
      <ErrorNote error={actionError} />
      {list.fetching && !list.data ? (
        <Loading />
      ) : list.error ? (
        <ErrorNote error={list.error} />
      ) : !list.data?.managementWebhooks.length ? (
        <Empty>No instance-wide webhooks.</Empty>
      ) : (
        <ul className="rows" aria-label="Instance-wide webhooks">
          {list.data.managementWebhooks.map((w) => (
            <WebhookRow
              key={w.id}
              w={w}
              busy={busy}
              refreshing={list.fetching}
              onPing={() => act(ping({ id: w.id }))}
              onPause={() => act(pause({ id: w.id }))}
              onResume={() => act(resume({ id: w.id }))}
              onRotate={async () => {
                const r = await rotate({ id: w.id })
                if (r.data) {
                  setSecret({ url: w.url, value: r.data.rotateManagementWebhookSecret.secret })
                  reload()
                }
              }}
              onDelete={() => act(remove({ id: w.id }))}
              onRedeliver={(id) => act(redeliver({ id }))}
              onRefresh={reload}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
