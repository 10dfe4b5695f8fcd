import { useState } from 'react'
import type { WebhookDeliveryFieldsFragment, WebhookFieldsFragment } from '../gql/graphql'
import { CopyButton } from './CopyButton'
import { RelativeTime } from './RelativeTime'

// What a person's webhooks (scenes/settings/Webhooks) and management's
// (scenes/manage/Webhooks) show alike: the event catalogue, a webhook's
// filter in words, the secret shown once, a webhook's row with its actions,
// and the deliveries table.

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
                event <RelativeTime at={d.eventAt} />
                {d.deliveredAt
                  ? <> · delivered <RelativeTime at={d.deliveredAt} /></>
                  : d.status === 'PENDING'
                    ? <> · next try <RelativeTime at={d.nextAttemptAt} /></>
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


/** One webhook in a list: what it takes, its status, its actions (delete asks first) and its recent deliveries. */
export function WebhookRow({
  w,
  busy,
  refreshing,
  onPing,
  onPause,
  onResume,
  onRotate,
  onDelete,
  onRedeliver,
  onRefresh,
}: {
  w: WebhookFieldsFragment & { deliveries: WebhookDeliveryFieldsFragment[] }
  busy: boolean
  refreshing: boolean
  onPing: () => void
  onPause: () => void
  onResume: () => void
  onRotate: () => void
  onDelete: () => void
  onRedeliver: (delivery: string) => void
  onRefresh: () => void
}) {
  const [confirming, setConfirming] = useState(false)
  return (
    <li className="row">
      <div className="row-main">
        <strong>{w.url}</strong>
        <span className="meta">{webhookFilter(w)}</span>
        <span className="meta">
          <span className={`pill ${w.status.toLowerCase()}`}>{w.status.toLowerCase()}</span>
          {w.statusReason && ` ${w.statusReason}`}
          {w.consecutiveDead > 0 && ` · ${w.consecutiveDead} dead in a row`}
          {w.previousSecretUntil && <> · the previous secret signs too until <RelativeTime at={w.previousSecretUntil} /></>}
        </span>
      </div>
      <div className="row-actions">
        <button type="button" disabled={busy} onClick={onPing}>
          Ping
        </button>
        {w.status === 'ACTIVE' ? (
          <button type="button" disabled={busy} onClick={onPause}>
            Pause
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={onResume}>
            Resume
          </button>
        )}
        <button type="button" disabled={busy} onClick={onRotate}>
          Rotate secret
        </button>
        {confirming ? (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setConfirming(false)
                onDelete()
              }}
            >
              Delete for good
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" disabled={busy} onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
        <button type="button" disabled={refreshing} onClick={onRefresh}>
          Refresh
        </button>
      </div>
      <details className="deliveries" open>
        <summary>Recent deliveries</summary>
        <Deliveries deliveries={w.deliveries} busy={busy} onRedeliver={onRedeliver} />
      </details>
    </li>
  )
}
