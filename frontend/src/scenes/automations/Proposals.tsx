import type { DryRunAutomationMutation } from '../../gql/graphql'
import { proposalText } from '../../lib/automationForm'

type Proposal = DryRunAutomationMutation['dryRunAutomation']['proposals'][number]

function verdict(applied: boolean | null | undefined): string {
  if (applied === true) return 'Applied'
  if (applied === false) return 'Rejected'
  return 'Proposed'
}

/** What a run (or a dry run) proposed, each with its verdict. */
export function Proposals({ list }: { list: readonly Proposal[] }) {
  if (list.length === 0) return <p className="meta">No proposals.</p>
  return (
    <ol className="report">
      {list.map((p, i) => (
        <li key={i}>
          <span className={`pill ${p.applied === true ? 'ok' : p.applied === false ? 'rejected' : ''}`}>{verdict(p.applied)}</span> {proposalText(p)}
          {p.reason && <span className="meta"> — {p.reason}</span>}
        </li>
      ))}
    </ol>
  )
}
