import { useMutation } from 'urql'
import { graphql } from '../../gql'
import { errorMessage } from '../../components/Status'

const WatchMutation = graphql(`
  mutation WatchDocument($input: DocumentRefInput!) {
    watchDocument(input: $input) {
      watch {
        ...WatchFields
      }
      document {
        ...DocumentFields
        watching
        watcherCount
      }
    }
  }
`)

const UnwatchMutation = graphql(`
  mutation UnwatchDocument($input: DocumentRefInput!) {
    unwatchDocument(input: $input) {
      document {
        ...DocumentFields
        watching
        watcherCount
      }
    }
  }
`)

/**
 * Watches or unwatches the page: a toggle, pressed while watching. Its
 * title says how many watch the page; unwatching keeps a mute, so the page
 * stays unwatched even when you comment on it or its folder is watched.
 */
export function WatchButton({ id, watching, watchers }: { id: string; watching: boolean; watchers: number }) {
  const [watch, doWatch] = useMutation(WatchMutation)
  const [unwatch, doUnwatch] = useMutation(UnwatchMutation)
  const busy = watch.fetching || unwatch.fetching
  const error = watch.error ?? unwatch.error
  const count = `${watchers} ${watchers === 1 ? 'person watches' : 'people watch'} this page`
  return (
    <button
      type="button"
      aria-pressed={watching}
      disabled={busy}
      title={error ? errorMessage(error) : count}
      onClick={() => (watching ? doUnwatch : doWatch)({ input: { documentId: id } })}
    >
      {watching ? 'Unwatch' : 'Watch'}
    </button>
  )
}
