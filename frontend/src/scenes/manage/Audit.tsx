import { useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import { Pager, State, Table } from './shared'
import { RelativeTime } from '../../components/RelativeTime'

// Audit: management's audit trail, newest first, filtered by action.

const ManageAudit = graphql(`
  query ManageAudit($first: Int, $after: String, $filter: AuditFilter) {
    manageAudit(first: $first, after: $after, filter: $filter) {
      edges {
        node {
          ...AuditEntryFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`)

export default function Audit() {
  const [action, setAction] = useState('')
  const [applied, setApplied] = useState('')
  const [after, setAfter] = useState<string | null>(null)
  const [res] = useQuery({
    query: ManageAudit,
    variables: { first: 50, after, filter: applied ? { action: applied } : undefined },
    requestPolicy: 'cache-and-network',
  })
  const edges = res.data?.manageAudit.edges ?? []
  return (
    <section aria-label="Audit">
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault()
          setAfter(null)
          setApplied(action.trim())
        }}
      >
        <label>
          Action
          <input value={action} onChange={(e) => setAction(e.target.value)} placeholder="user.create" />
        </label>
        <button type="submit">Filter</button>
      </form>
      <State fetching={res.fetching && !res.data} error={res.error} empty={edges.length === 0 && 'Nothing in the audit.'}>
        <Table columns={['When', 'Action', 'Via', 'Target', 'Details']}>
          {edges.map(({ node: a }) => (
            <tr key={a.id}>
              <td><RelativeTime at={a.createdAt} /></td>
              <td>{a.action}</td>
              <td>{a.via}</td>
              <td>
                <code>{a.targetUserId ?? a.targetGroupId ?? a.targetDocumentId ?? ''}</code>
              </td>
              <td>
                <code>{JSON.stringify(a.details)}</code>
              </td>
            </tr>
          ))}
        </Table>
        <Pager after={after} pageInfo={res.data?.manageAudit.pageInfo} onPage={setAfter} first="Newest" next="Older" />
      </State>
    </section>
  )
}
