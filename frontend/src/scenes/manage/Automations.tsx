import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { ErrorNote } from '../../components/Status'
import { RowMain, State } from './shared'

// Automations: everyone's automations, and disabling one.

const ManagedAutomationsQuery = graphql(`
  query ManagedAutomations($first: Int, $after: String) {
    managedAutomations(first: $first, after: $after) {
      edges {
        node {
          ...AutomationFields
          owner {
            ...UserFields
            email
          }
          lastRun {
            ...AutomationRunFields
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`)

const ManageDisableAutomation = graphql(`
  mutation ManageDisableAutomation($id: ID!) {
    disableAutomation(id: $id) {
      automation {
        ...AutomationFields
      }
    }
  }
`)

export default function ManagedAutomations() {
  const [res] = useQuery({ query: ManagedAutomationsQuery, variables: { first: 100 } })
  const [off, disable] = useMutation(ManageDisableAutomation)
  const items = res.data?.managedAutomations.edges ?? []
  return (
    <section aria-label="Automations">
      <ErrorNote error={off.error} />
      <State fetching={res.fetching && !res.data} error={res.error} empty={items.length === 0 && 'No automations.'}>
        <ul className="rows" aria-label="Automations">
          {items.map(({ node: a }) => (
            <li key={a.id} className="row">
              <RowMain
                title={
                  <>
                    <strong>{a.name}</strong> <span className={`pill ${a.enabled ? 'enabled' : 'disabled'}`}>{a.enabled ? 'Enabled' : 'Disabled'}</span>
                    {a.lastRun && <span className={`pill ${a.lastRun.status.toLowerCase()}`}> last run {a.lastRun.status.toLowerCase()}</span>}
                  </>
                }
                meta={
                  <>
                    {a.kind === 'EVENT' ? 'On events' : `Schedule ${a.schedule ?? ''}`} · owner {a.owner.name} ({a.owner.email})
                    {a.ownerActive ? '' : ' (deactivated)'}
                    {a.disabledReason ? ` · ${a.disabledReason}` : ''}
                  </>
                }
              />
              {a.enabled && (
                <button type="button" aria-label={`Disable ${a.name}`} disabled={off.fetching} onClick={() => disable({ id: a.id })}>
                  Disable
                </button>
              )}
            </li>
          ))}
        </ul>
      </State>
    </section>
  )
}
