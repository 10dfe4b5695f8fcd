import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { ErrorNote } from '../../components/Status'
import { RowMain, State, fresh, onSuccess } from './shared'
import { RelativeTime } from '../../components/RelativeTime'

// Parked events: events a consumer gave up on, and retrying them.

const ManageParkedEvents = graphql(`
  query ManageParkedEvents {
    manageParkedEvents(first: 100) {
      eventId
      consumer
      eventType
      subjectType
      attempts
      errorClass
      parkedAt
    }
  }
`)

const RetryParkedEvent = graphql(`
  mutation RetryParkedEvent($input: RetryParkedEventInput!) {
    retryParkedEvent(input: $input) {
      parkedEvent {
        eventId
        consumer
      }
    }
  }
`)

export default function Parked() {
  const [res, refetch] = useQuery({ query: ManageParkedEvents })
  const [retried, retry] = useMutation(RetryParkedEvent)
  const rows = res.data?.manageParkedEvents ?? []
  return (
    <section aria-label="Parked events">
      <ErrorNote error={retried.error} />
      <State fetching={res.fetching && !res.data} error={res.error} empty={rows.length === 0 && 'No parked events.'}>
        <ul className="rows">
          {rows.map((p) => (
            <li key={`${p.eventId}:${p.consumer}`} className="row">
              <RowMain
                title={
                  <>
                    <strong>{p.eventType}</strong> for <code>{p.consumer}</code> · {p.errorClass} after {p.attempts} attempts
                  </>
                }
                meta={
                  <>
                    <code>{p.eventId}</code> ({p.subjectType}) · parked <RelativeTime at={p.parkedAt} />
                  </>
                }
              />
              <button
                type="button"
                aria-label={`Retry ${p.eventId} for ${p.consumer}`}
                disabled={retried.fetching}
                onClick={() => onSuccess(retry({ input: { eventId: p.eventId, consumer: p.consumer } }), fresh(refetch))}
              >
                Retry
              </button>
            </li>
          ))}
        </ul>
      </State>
    </section>
  )
}
