import { useEffect } from 'react'
import { useMutation } from 'urql'
import { graphql } from '../../gql'
import { errorMessage } from '../../components/Status'

const StarMutation = graphql(`
  mutation StarDocument($input: DocumentRefInput!) {
    starDocument(input: $input) {
      document {
        ...DocumentFields
        starred
      }
    }
  }
`)

const UnstarMutation = graphql(`
  mutation UnstarDocument($input: DocumentRefInput!) {
    unstarDocument(input: $input) {
      document {
        ...DocumentFields
        starred
      }
    }
  }
`)

const RecordViewMutation = graphql(`
  mutation RecordView($input: DocumentRefInput!) {
    recordView(input: $input)
  }
`)

/** Stars or unstars the page: a toggle, pressed while starred. */
export function StarButton({ id, starred }: { id: string; starred: boolean }) {
  const [star, doStar] = useMutation(StarMutation)
  const [unstar, doUnstar] = useMutation(UnstarMutation)
  const busy = star.fetching || unstar.fetching
  const error = star.error ?? unstar.error
  return (
    <button
      type="button"
      aria-pressed={starred}
      disabled={busy}
      title={error ? errorMessage(error) : undefined}
      onClick={() => (starred ? doUnstar : doStar)({ input: { documentId: id } })}
    >
      {starred ? 'Unstar' : 'Star'}
    </button>
  )
}

/**
 * Records, once per page opened, that you viewed it (recentDocuments): the
 * server keeps at most one a minute and writes it in the background.
 */
export function useRecordView(id: string | undefined) {
  const [, record] = useMutation(RecordViewMutation)
  useEffect(() => {
    if (id) void record({ input: { documentId: id } })
  }, [id, record])
}
