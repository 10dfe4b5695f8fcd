import type { WebhookDeliveryFieldsFragment, WebhookFieldsFragment } from '../gql/graphql'
import { CopyButton } from './CopyButton'
import { when } from '../lib/format'

// What a person's webhooks (scenes/settings/Webhooks) and management's
// (scenes/manage/Webhooks) show alike: the event catalogue, a webhook's
// filter in words, the secret shown once, and the deliveries table.

/** The public event types a webhook can take (docs/api.md, "Events"). */
export const eventTypes = [
  'document.created',
  'document.updated',
  'document.moved',
  'document.trashed',
  'document.restored',
  'document.purged',
  'access.granted',
  'access.revoked',
  'link.state_changed',
  'comment.created',
  'thread.resolved',
  'automation.failed',
]

/** What a webhook takes, in words. */
export function webhookFilter(w: Pick<WebhookFieldsFragment, 'events' | 'space' | 'pathPrefix'>): string {
  const events = w.events.length ? w.events.join(', ') : 'every event'
  const where = w.space ? `${w.space.toLowerCase()}${w.pathPrefix ? `:${w.pathPrefix}` : ''}` : 'every space'
  return `${events} · ${where}`
}

/** The secret of a webhook, shown once. */
export function Secret({ secret, onDone }: { secret: { url: string; value: string }; onDone: () => void }) {
  return (
    <div className="secret" role="status">
      <p>
        <strong>Copy the signing secret of {secret.url} now:</strong> it will not be shown again.
      </p>
      <div className="secret-row">
        <label className="grow">
          <span className="sr-only">Signing secret</span>
          <input readOnly value={secret.value} onFocus={(e) => e.target.select()} />
        </label>
        <CopyButton text={secret.value} />
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  )
}

/** A webhook's recent deliveries, with "Redeliver" on those delivered or dead. */
export function Deliveries({
  deliveries,
  onRedeliver,
  busy,
}: {
  deliveries: WebhookDeliveryFieldsFragment[]
  onRedeliver: (id: string) => void
  busy: boolean
}) {
  if (!deliveries.length) return <p className="meta">No deliveries yet.</p>
  return (
    <div className="table-wrap">
      <table aria-label="Deliveries">
        <thead>
          <tr>
            <th>Event</th>
            <th>Status</th>
            <th>Attempts</th>
            <th>Last answer</th>
            <th>Times</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id}>
              <td>
                <code>{d.eventType}</code>
              </td>
              <td>
                <span className={`pill ${d.status === 'DELIVERED' ? 'ok' : d.status === 'DEAD' ? 'failed' : ''}`}>
                  {d.status.toLowerCase()}
                </span>
              </td>
              <td>{d.attempts}</td>
              <td>
                {d.lastStatus ?? '—'}
                {d.lastError && <div className="meta">{d.lastError}</div>}
              </td>
              <td className="meta">
                event {when(d.eventAt)}
                {d.deliveredAt
                  ? ` · delivered ${when(d.deliveredAt)}`
                  : d.status === 'PENDING'
                    ? ` · next try ${when(d.nextAttemptAt)}`
                    : ''}
              </td>
              <td>
                {d.status !== 'PENDING' && (
                  <button type="button" disabled={busy} onClick={() => onRedeliver(d.id)}>
                    Redeliver
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

