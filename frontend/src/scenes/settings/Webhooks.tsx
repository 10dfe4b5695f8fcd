import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { useFieldErrors } from '../../components/useFieldErrors'
import type { Space } from '../../gql/graphql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { Secret, WebhookRow, eventTypes } from '../../components/webhooks'
import { fieldErrors } from '../../lib/pageForm'
import { SettingsNav } from './SettingsNav'
import '../../components/admin.css'

const MyWebhooks = graphql(`
  query MyWebhooks {
    webhooks {
      ...WebhookFields
      deliveries(first: 10) {
        ...WebhookDeliveryFields
      }
    }
  }
`)

const CreateWebhook = graphql(`
  mutation CreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      secret
      webhook {
        ...WebhookFields
      }
    }
  }
`)

const PauseWebhook = graphql(`
  mutation PauseWebhook($id: ID!) {
    pauseWebhook(id: $id) {
      webhook {
        ...WebhookFields
      }
    }
  }
`)

const ResumeWebhook = graphql(`
  mutation ResumeWebhook($id: ID!) {
    resumeWebhook(id: $id) {
      webhook {
        ...WebhookFields
      }
    }
  }
`)

const RotateWebhookSecret = graphql(`
  mutation RotateWebhookSecret($id: ID!) {
    rotateWebhookSecret(id: $id) {
      secret
      webhook {
        ...WebhookFields
      }
    }
  }
`)

const PingWebhook = graphql(`
  mutation PingWebhook($id: ID!) {
    pingWebhook(id: $id) {
      delivery {
        ...WebhookDeliveryFields
      }
    }
  }
`)

const RedeliverWebhookDelivery = graphql(`
  mutation RedeliverWebhookDelivery($id: ID!) {
    redeliverWebhookDelivery(id: $id) {
      delivery {
        ...WebhookDeliveryFields
      }
    }
  }
`)

const DeleteWebhook = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhook(id: $id) {
      id
    }
  }
`)

/** /settings/webhooks: your webhooks, their deliveries, and a form for a new one. */
export default function Webhooks() {
  const [list, refetch] = useQuery({ query: MyWebhooks })
  const [created, create] = useMutation(CreateWebhook)
  const [paused, pause] = useMutation(PauseWebhook)
  const [resumed, resume] = useMutation(ResumeWebhook)
  const [rotated, rotate] = useMutation(RotateWebhookSecret)
  const [pinged, ping] = useMutation(PingWebhook)
  const [redelivered, redeliver] = useMutation(RedeliverWebhookDelivery)
  const [deleted, remove] = useMutation(DeleteWebhook)
  const [url, setURL] = useState('')
  const [events, setEvents] = useState<string[]>([])
  const [space, setSpace] = useState<Space | ''>('')
  const [pathPrefix, setPathPrefix] = useState('')
  const { ids, errors, setErrors, field, errorOf, other } = useFieldErrors(['url', 'events', 'space', 'pathPrefix'])
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null)
  const reload = () => refetch({ requestPolicy: 'network-only' })
  const busy = paused.fetching || resumed.fetching || rotated.fetching || pinged.fetching || redelivered.fetching || deleted.fetching
  const actionError = paused.error ?? resumed.error ?? rotated.error ?? pinged.error ?? redelivered.error ?? deleted.error


  const act = async (r: Promise<{ error?: unknown }>) => {
    const res = await r
    if (!res.error) reload()
  }

  return (
    <section className="admin">
      <h1>Webhooks</h1>
      <SettingsNav current="/settings/webhooks" />
      <p className="status">
        A webhook posts the events on pages you can read to an endpoint of yours, signed with a secret shown once. You
        hold at most 10.
      </p>
      <form
        className="stack-form"
        onSubmit={async (e) => {
          e.preventDefault()
          setErrors({})
          const input = {
            url: url.trim(),
            ...(events.length ? { events } : {}),
            ...(space ? { space } : {}),
            ...(space && pathPrefix.trim() ? { pathPrefix: pathPrefix.trim() } : {}),
          }
          const r = await create({ input })
          if (r.error) {
            setErrors(fieldErrors(r.error))
            return
          }
          if (r.data) {
            setSecret({ url: r.data.createWebhook.webhook.url, value: r.data.createWebhook.secret })
            setURL('')
            setEvents([])
            setPathPrefix('')
            reload()
          }
        }}
      >
        <label htmlFor={`${ids}-url`}>URL</label>
        <input {...field('url')} type="url" value={url} onChange={(e) => setURL(e.target.value)} required placeholder="https://ci.example.com/codna" />
        {errorOf('url')}
        <fieldset className="checks" aria-describedby={errors.events ? `${ids}-events-error` : undefined}>
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
        <label htmlFor={`${ids}-pathPrefix`}>Folder (optional: this folder and beneath it)</label>
        <input
          {...field('pathPrefix')}
          value={pathPrefix}
          disabled={!space}
          onChange={(e) => setPathPrefix(e.target.value)}
          placeholder="runbooks"
          autoCapitalize="off"
          spellCheck={false}
        />
        {errorOf('pathPrefix')}
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
      <h2>Your webhooks</h2>
      <ErrorNote error={actionError} />
      {list.fetching && !list.data ? (
        <Loading />
      ) : list.error ? (
        <ErrorNote error={list.error} />
      ) : !list.data?.webhooks.length ? (
        <Empty>You have no webhooks.</Empty>
      ) : (
        <ul className="rows" aria-label="Webhooks">
          {list.data.webhooks.map((w) => (
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
                  setSecret({ url: w.url, value: r.data.rotateWebhookSecret.secret })
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
