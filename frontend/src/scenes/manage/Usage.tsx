import { useState } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import { day } from '../../lib/format'
import { State, Table } from './shared'

// Usage: counts of use per day, person, activity and tool.

const ManageUsage = graphql(`
  query ManageUsage($from: String!, $to: String!) {
    manageUsage(from: $from, to: $to) {
      day
      activity
      tool
      outcome
      count
      user {
        ...ManagedUserFields
      }
    }
  }
`)

export default function Usage() {
  const [from, setFrom] = useState(() => day(new Date(), 6))
  const [to, setTo] = useState(() => day(new Date()))
  const [res] = useQuery({ query: ManageUsage, variables: { from, to }, pause: !from || !to })
  const rows = res.data?.manageUsage ?? []
  return (
    <section aria-label="Usage">
      <div className="inline-form">
        <label>
          From
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </div>
      <State fetching={res.fetching && !res.data} error={res.error} empty={rows.length === 0 && 'No use in these days.'}>
        <Table columns={['Day', 'Who', 'Activity', 'Tool', 'Outcome', 'Count']}>
          {rows.map((r, i) => (
            <tr key={i}>
              <td>{r.day}</td>
              <td>{r.user.name}</td>
              <td>{r.activity}</td>
              <td>{r.tool}</td>
              <td>{r.outcome}</td>
              <td>{r.count}</td>
            </tr>
          ))}
        </Table>
      </State>
    </section>
  )
}
