import { useQuery } from 'urql'
import { graphql } from '../../gql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { bytes, words } from '../../lib/format'
import { Proposals } from './Proposals'
import { RelativeTime } from '../../components/RelativeTime'

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

/** An automation's recent runs: what started each, what it cost, proposed and logged. */
export function Runs({ id, name }: { id: string; name: string }) {
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
                  {r.eventType ?? (r.scheduledFor ? <>Scheduled for <RelativeTime at={r.scheduledFor} /></> : '')}{' '}
                  <span className="meta"><RelativeTime at={r.createdAt} /></span>
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
