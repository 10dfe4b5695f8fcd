import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { ErrorNote } from '../../components/Status'
import { day } from '../../lib/format'
import { useUsers } from './People'
import { RowMain, State, fresh, onSuccess, useFields, useShownOnce } from './shared'
import { RelativeTime } from '../../components/RelativeTime'

// Agents: create agents (with the people responsible), issue their tokens, delete them; a
// paused one (nobody active answers for it) says so and can be resumed.

const ManageAgents = graphql(`
  query ManageAgents {
    manageAgents {
      ...ManagedAgentFields
      responsible {
        ...ManagedUserFields
      }
    }
  }
`)

const CreateAgent = graphql(`
  mutation CreateAgent($input: CreateAgentInput!) {
    createAgent(input: $input) {
      token
      agent {
        ...ManagedAgentFields
      }
    }
  }
`)

const DeleteAgent = graphql(`
  mutation DeleteAgent($input: AgentInput!) {
    deleteAgent(input: $input) {
      agent {
        ...ManagedAgentFields
      }
    }
  }
`)

const ResumeAgent = graphql(`
  mutation ResumeManagedAgent($input: ResumeAgentInput!) {
    resumeAgent(input: $input) {
      agent {
        ...ResponsibleAgentFields
      }
    }
  }
`)

const IssueAgentToken = graphql(`
  mutation IssueAgentToken($input: IssueAgentTokenInput!) {
    issueAgentToken(input: $input) {
      token
    }
  }
`)

export default function Agents() {
  const [res, refetch] = useQuery({ query: ManageAgents })
  const { users: people } = useUsers('PERSON')
  const [created, create] = useMutation(CreateAgent)
  const [deleted, del] = useMutation(DeleteAgent)
  const [issued, issue] = useMutation(IssueAgentToken)
  const [resumed, resume] = useMutation(ResumeAgent)
  const { f, setF, bind, reset } = useFields({ slug: '', name: '', description: '', responsible: [] as string[] })
  const { secret, show } = useShownOnce()
  const reload = fresh(refetch)
  const agents = res.data?.manageAgents ?? []
  return (
    <section aria-label="Agents">
      <h2>Create an agent</h2>
      <form
        className="stack-form"
        onSubmit={async (e) => {
          e.preventDefault()
          const r = await create({ input: f })
          if (r.data) {
            show(`The token of agent:${r.data.createAgent.agent.slug}.`, r.data.createAgent.token)
            reset()
            reload()
          }
        }}
      >
        <label>
          Slug
          <input {...bind('slug')} required placeholder="helper" />
        </label>
        <label>
          Name
          <input {...bind('name')} required />
        </label>
        <label>
          Description
          <input {...bind('description')} />
        </label>
        <fieldset className="checks">
          <legend>Responsible people</legend>
          {people.filter((p) => p.active).map((p) => (
            <label key={p.id}>
              <input
                type="checkbox"
                checked={f.responsible.includes(p.id)}
                onChange={(e) =>
                  setF({ ...f, responsible: e.target.checked ? [...f.responsible, p.id] : f.responsible.filter((x) => x !== p.id) })
                }
              />
              {p.name} ({p.email})
            </label>
          ))}
        </fieldset>
        <div className="buttons">
          <button type="submit" disabled={created.fetching || f.responsible.length === 0}>
            Create agent
          </button>
        </div>
      </form>
      <ErrorNote error={created.error ?? deleted.error ?? issued.error ?? resumed.error} />
      {secret}
      <h2>Agents</h2>
      <State fetching={res.fetching && !res.data} error={res.error} empty={agents.length === 0 && 'No agents.'}>
        <ul className="rows" aria-label="Agents">
          {agents.map((a) => (
            <li key={a.id} className="row">
              <RowMain
                title={
                  <>
                    <strong>{a.name}</strong> <code>agent:{a.slug}</code> {a.deletedAt && <span className="pill inactive">Deleted</span>}{' '}
                    {a.pausedAt && !a.deletedAt && (
                      <span className="pill inactive" title="Nobody active answers for it: its tokens are refused until it is resumed.">
                        Paused
                      </span>
                    )}
                  </>
                }
                meta={
                  <>
                    Responsible: {a.responsible.map((r) => r.name).join(', ') || 'nobody'} · created <RelativeTime at={a.createdAt} />
                  </>
                }
              />
              {!a.deletedAt && (
                <div className="row-actions">
                  {a.pausedAt && (
                    <button type="button" aria-label={`Resume agent ${a.slug}`} disabled={resumed.fetching} onClick={() => onSuccess(resume({ input: { agentId: a.id } }), reload)}>
                      Resume
                    </button>
                  )}
                  <button
                    type="button"
                    aria-label={`Issue a token for ${a.slug}`}
                    disabled={issued.fetching}
                    onClick={async () => {
                      const r = await issue({ input: { agentId: a.id, name: `web ${day(new Date())}` } })
                      if (r.data) show(`A new token of agent:${a.slug}.`, r.data.issueAgentToken.token)
                    }}
                  >
                    Issue token
                  </button>
                  <button type="button" aria-label={`Delete agent ${a.slug}`} disabled={deleted.fetching} onClick={() => onSuccess(del({ input: { id: a.id } }), reload)}>
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </State>
    </section>
  )
}
