import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { RelativeTime } from '../../components/RelativeTime'

const Sessions = graphql(`
  query Sessions {
    sessions {
      ...SessionFields
    }
  }
`)

const EndSession = graphql(`
  mutation EndSession($input: EndSessionInput!) {
    endSession(input: $input) {
      id
    }
  }
`)

const EndOtherSessions = graphql(`
  mutation EndOtherSessions {
    endOtherSessions {
      sessionsEnded
    }
  }
`)

/** Your signed-in browsers, with their device, address and last use; sign one or all others out. */
export function SessionList() {
  const [list, refetch] = useQuery({ query: Sessions })
  const [ended, end] = useMutation(EndSession)
  const [others, endOthers] = useMutation(EndOtherSessions)
  const reload = () => refetch({ requestPolicy: 'network-only' })
  const sessions = list.data?.sessions ?? []
  return (
    <>
      <h2>Sessions</h2>
      <p className="status">Each browser you are signed in with. Sign out any you do not recognise.</p>
      <ErrorNote error={ended.error ?? others.error} />
      {list.fetching && !list.data ? (
        <Loading />
      ) : list.error ? (
        <ErrorNote error={list.error} />
      ) : !sessions.length ? (
        <Empty>No sessions.</Empty>
      ) : (
        <ul className="rows" aria-label="Sessions">
          {sessions.map((s) => (
            <li key={s.id} className="row">
              <div className="row-main">
                <strong>{s.device}</strong> {s.current && <span className="pill active">This browser</span>}
                <span className="meta">
                  {s.address ? `From ${s.address} · ` : ''}last used <RelativeTime at={s.lastUsedAt} /> · signed in <RelativeTime at={s.createdAt} />
                </span>
              </div>
              {!s.current && (
                <button
                  type="button"
                  aria-label={`Sign out ${s.device}`}
                  disabled={ended.fetching}
                  onClick={async () => {
                    const r = await end({ input: { id: s.id } })
                    if (!r.error) reload()
                  }}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.filter((s) => !s.current).length > 1 && (
        <button
          type="button"
          disabled={others.fetching}
          onClick={async () => {
            const r = await endOthers({})
            if (!r.error) reload()
          }}
        >
          Sign out all other sessions
        </button>
      )}
    </>
  )
}
