import { useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { Client, Provider, cacheExchange, fetchExchange, useClient, useMutation, useQuery } from 'urql'
import { graphql } from '../gql'
import type { PrincipalType, UserKind } from '../gql/graphql'
import { Empty, ErrorNote, Loading, errorMessage } from '../components/Status'
import { CopyButton } from './SecretCopy'
import { day, when } from './format'
import './Admin.css'

// Management's console. The browser cannot sign in as management (login is
// for people; management is a `manage` token): the token is typed here,
// kept in memory only, and sent as a Bearer header by a client of its own
// (no cookie). Management sees metadata, never content.

const ManageMe = graphql(`
  query ManageMe {
    me {
      id
      name
      kind
    }
  }
`)

/** A client acting as the manage token: Bearer header, no cookie, a plain document cache. */
export function manageClient(token: string): Client {
  return new Client({
    url: '/graphql',
    preferGetMethod: false,
    fetchOptions: () => ({ headers: { Authorization: `Bearer ${token}` }, credentials: 'omit' }),
    exchanges: [cacheExchange, fetchExchange],
  })
}

export default function Manage() {
  const app = useClient()
  const [me] = useQuery({ query: ManageMe })
  const [token, setToken] = useState('')
  const client = useMemo(() => (token ? manageClient(token) : null), [token])
  if (client) {
    return (
      <Provider value={client}>
        <Console onSignOut={() => setToken('')} />
      </Provider>
    )
  }
  if (me.fetching && !me.data) return <Loading what="Starting" />
  // Signed in as management already (a manage token sent by the client itself).
  if (me.data?.me?.kind === 'MANAGEMENT') {
    return (
      <Provider value={app}>
        <Console />
      </Provider>
    )
  }
  return <TokenForm onToken={setToken} />
}

function TokenForm({ onToken }: { onToken: (t: string) => void }) {
  const [value, setValue] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError('')
    const t = value.trim()
    const r = await manageClient(t).query(ManageMe, {}, { requestPolicy: 'network-only' }).toPromise()
    setBusy(false)
    if (r.error) setError(errorMessage(r.error))
    else if (r.data?.me?.kind !== 'MANAGEMENT') setError('That is not a manage token.')
    else {
      setValue('')
      onToken(t)
    }
  }
  return (
    <main className="signin">
      <h1>CoDNA management</h1>
      <p className="status">
        Management signs in with a manage token (<code>codna manage token create</code>). It is kept in this tab only, until you leave.
      </p>
      <form onSubmit={submit}>
        <label>
          Manage token
          <input type="password" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} required placeholder="codna_…" />
        </label>
        <button type="submit" disabled={busy || value.trim() === ''}>
          {busy ? 'Checking…' : 'Use token'}
        </button>
      </form>
      {error && (
        <p className="status error" role="alert">
          {error}
        </p>
      )}
    </main>
  )
}

const tabs = ['People', 'Groups', 'Agents', 'Tokens', 'Audit', 'Usage', 'Quarantine', 'Automations', 'Parked events'] as const
type Tab = (typeof tabs)[number]

function Console({ onSignOut }: { onSignOut?: () => void }) {
  const [tab, setTab] = useState<Tab>('People')
  return (
    <div className="admin-console">
      <header className="manage-top">
        <strong>CoDNA management</strong>
        {onSignOut && (
          <button type="button" onClick={onSignOut}>
            Forget token
          </button>
        )}
      </header>
      <main className="manage-main admin">
        <div role="tablist" aria-label="Areas" className="tabs">
          {tabs.map((t) => (
            <button key={t} type="button" role="tab" id={`tab-${t}`} aria-controls="manage-panel" aria-selected={tab === t} onClick={() => setTab(t)}>
              {t}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="manage-panel" aria-labelledby={`tab-${tab}`}>
          {tab === 'People' && <People />}
          {tab === 'Groups' && <Groups />}
          {tab === 'Agents' && <Agents />}
          {tab === 'Tokens' && <ServiceTokens />}
          {tab === 'Audit' && <Audit />}
          {tab === 'Usage' && <Usage />}
          {tab === 'Quarantine' && <Quarantine />}
          {tab === 'Automations' && <ManagedAutomations />}
          {tab === 'Parked events' && <Parked />}
        </div>
      </main>
    </div>
  )
}

function Secret({ what, token, onDone }: { what: string; token: string; onDone: () => void }) {
  return (
    <div className="secret" role="status">
      <p>
        <strong>{what}</strong> It is shown this once.
      </p>
      <div className="secret-row">
        <label className="grow">
          <span className="sr-only">Secret</span>
          <input readOnly value={token} onFocus={(e) => e.target.select()} />
        </label>
        <CopyButton text={token} />
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  )
}

function State({ fetching, error, empty, children }: { fetching: boolean; error: Parameters<typeof ErrorNote>[0]['error']; empty: string | false; children: ReactNode }) {
  if (fetching) return <Loading />
  if (error) return <ErrorNote error={error} />
  if (empty) return <Empty>{empty}</Empty>
  return <>{children}</>
}

// People

const ManagedUsers = graphql(`
  query ManagedUsers($first: Int, $after: String) {
    managedUsers(first: $first, after: $after) {
      edges {
        node {
          id
          email
          name
          kind
          active
          createdAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`)

const CreatePerson = graphql(`
  mutation CreatePerson($input: CreatePersonInput!) {
    createPerson(input: $input) {
      user {
        id
        email
        name
        kind
        active
        createdAt
      }
    }
  }
`)

const DeactivatePerson = graphql(`
  mutation DeactivatePerson($input: SetPersonActiveInput!) {
    deactivatePerson(input: $input) {
      user {
        id
        active
      }
    }
  }
`)

const ReactivatePerson = graphql(`
  mutation ReactivatePerson($input: SetPersonActiveInput!) {
    reactivatePerson(input: $input) {
      user {
        id
        active
      }
    }
  }
`)

function useUsers(kind?: UserKind) {
  const [res, refetch] = useQuery({ query: ManagedUsers, variables: { first: 100 } })
  const users = (res.data?.managedUsers.edges ?? []).map((e) => e.node).filter((u) => !kind || u.kind === kind)
  return { res, users, reload: () => refetch({ requestPolicy: 'network-only' }) }
}

function People() {
  const [after, setAfter] = useState<string | null>(null)
  const [res, refetch] = useQuery({ query: ManagedUsers, variables: { first: 100, after } })
  const [created, create] = useMutation(CreatePerson)
  const [off, deactivate] = useMutation(DeactivatePerson)
  const [on, reactivate] = useMutation(ReactivatePerson)
  const [f, setF] = useState({ email: '', name: '', password: '' })
  const reload = () => refetch({ requestPolicy: 'network-only' })
  const edges = res.data?.managedUsers.edges ?? []
  return (
    <section aria-label="People">
      <h2>Create a person</h2>
      <form
        className="inline-form"
        onSubmit={async (e) => {
          e.preventDefault()
          const r = await create({ input: f })
          if (!r.error) {
            setF({ email: '', name: '', password: '' })
            reload()
          }
        }}
      >
        <label>
          Email
          <input type="email" value={f.email} onChange={(e) => setF({ ...f, email: e.target.value })} required />
        </label>
        <label>
          Name
          <input value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} required />
        </label>
        <label>
          Password
          <input type="password" autoComplete="new-password" minLength={10} value={f.password} onChange={(e) => setF({ ...f, password: e.target.value })} required />
        </label>
        <button type="submit" disabled={created.fetching}>
          Create person
        </button>
      </form>
      <ErrorNote error={created.error ?? off.error ?? on.error} />
      <h2>People and agents</h2>
      <State fetching={res.fetching && !res.data} error={res.error} empty={edges.length === 0 && 'Nobody yet.'}>
        <ul className="rows" aria-label="Users">
          {edges.map(({ node: u }) => (
            <li key={u.id} className="row">
              <div className="row-main">
                <span>
                  <strong>{u.name}</strong> <span className="meta">{u.email}</span>{' '}
                  <span className={`pill ${u.active ? 'active' : 'inactive'}`}>{u.active ? 'Active' : 'Deactivated'}</span>
                </span>
                <span className="meta">
                  {u.kind === 'AGENT' ? 'Agent' : 'Person'} · created {when(u.createdAt)} · <code>{u.id}</code>
                </span>
              </div>
              {u.kind === 'PERSON' && (
                <div className="row-actions">
                  {u.active ? (
                    <button type="button" aria-label={`Deactivate ${u.email}`} disabled={off.fetching} onClick={() => deactivate({ input: { id: u.id } })}>
                      Deactivate
                    </button>
                  ) : (
                    <button type="button" aria-label={`Reactivate ${u.email}`} disabled={on.fetching} onClick={() => reactivate({ input: { id: u.id } })}>
                      Reactivate
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
        <div className="actions">
          {after && (
            <button type="button" onClick={() => setAfter(null)}>
              First page
            </button>
          )}
          {res.data?.managedUsers.pageInfo.hasNextPage && (
            <button type="button" onClick={() => setAfter(res.data?.managedUsers.pageInfo.endCursor ?? null)}>
              Next page
            </button>
          )}
        </div>
      </State>
    </section>
  )
}

// Groups

const ManageGroups = graphql(`
  query ManageGroups {
    manageGroups {
      id
      slug
      name
      description
      everyone
      members
    }
  }
`)

const ManageGroupMembers = graphql(`
  query ManageGroupMembers($groupId: ID!) {
    manageGroupMembers(groupId: $groupId) {
      id
      email
      name
      kind
      active
    }
  }
`)

const CreateGroup = graphql(`
  mutation CreateGroup($input: CreateGroupInput!) {
    createGroup(input: $input) {
      group {
        id
        slug
        name
        description
        everyone
        members
      }
    }
  }
`)

const DeleteGroup = graphql(`
  mutation DeleteGroup($input: GroupInput!) {
    deleteGroup(input: $input) {
      group {
        id
      }
    }
  }
`)

const AddGroupMember = graphql(`
  mutation AddGroupMember($input: GroupMemberInput!) {
    addGroupMember(input: $input) {
      group {
        id
        members
      }
    }
  }
`)

const RemoveGroupMember = graphql(`
  mutation RemoveGroupMember($input: GroupMemberInput!) {
    removeGroupMember(input: $input) {
      group {
        id
        members
      }
    }
  }
`)

function Groups() {
  const [res, refetch] = useQuery({ query: ManageGroups })
  const [created, create] = useMutation(CreateGroup)
  const [deleted, del] = useMutation(DeleteGroup)
  const [f, setF] = useState({ slug: '', name: '', description: '' })
  const [open, setOpen] = useState<string | null>(null)
  const reload = () => refetch({ requestPolicy: 'network-only' })
  const groups = res.data?.manageGroups ?? []
  return (
    <section aria-label="Groups">
      <h2>Create a group</h2>
      <form
        className="inline-form"
        onSubmit={async (e) => {
          e.preventDefault()
          const r = await create({ input: f })
          if (!r.error) {
            setF({ slug: '', name: '', description: '' })
            reload()
          }
        }}
      >
        <label>
          Slug
          <input value={f.slug} onChange={(e) => setF({ ...f, slug: e.target.value })} required placeholder="ops" />
        </label>
        <label>
          Name
          <input value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} required />
        </label>
        <label>
          Description
          <input value={f.description} onChange={(e) => setF({ ...f, description: e.target.value })} />
        </label>
        <button type="submit" disabled={created.fetching}>
          Create group
        </button>
      </form>
      <ErrorNote error={created.error ?? deleted.error} />
      <h2>Groups</h2>
      <State fetching={res.fetching && !res.data} error={res.error} empty={groups.length === 0 && 'No groups.'}>
        <ul className="rows" aria-label="Groups">
          {groups.map((g) => (
            <li key={g.id} className="row">
              <div className="row-main">
                <span>
                  <strong>{g.name}</strong> <code>group:{g.slug}</code> {g.everyone && <span className="pill">Everyone</span>}
                </span>
                <span className="meta">
                  {g.members} members{g.description ? ` · ${g.description}` : ''}
                </span>
              </div>
              <div className="row-actions">
                {!g.everyone && (
                  <button type="button" aria-label={`Members of ${g.slug}`} aria-expanded={open === g.id} onClick={() => setOpen(open === g.id ? null : g.id)}>
                    Members
                  </button>
                )}
                {!g.everyone && (
                  <button
                    type="button"
                    aria-label={`Delete group ${g.slug}`}
                    disabled={deleted.fetching}
                    onClick={async () => {
                      const r = await del({ input: { id: g.id } })
                      if (!r.error) reload()
                    }}
                  >
                    Delete
                  </button>
                )}
              </div>
              {open === g.id && <Members groupId={g.id} slug={g.slug} onChange={reload} />}
            </li>
          ))}
        </ul>
      </State>
    </section>
  )
}

function Members({ groupId, slug, onChange }: { groupId: string; slug: string; onChange: () => void }) {
  const [res, refetch] = useQuery({ query: ManageGroupMembers, variables: { groupId } })
  const { users } = useUsers()
  const [added, add] = useMutation(AddGroupMember)
  const [removed, remove] = useMutation(RemoveGroupMember)
  const [pick, setPick] = useState('')
  const members = res.data?.manageGroupMembers ?? []
  const done = () => {
    refetch({ requestPolicy: 'network-only' })
    onChange()
  }
  const candidates = users.filter((u) => u.active && !members.some((m) => m.id === u.id))
  return (
    <div className="report">
      <form
        className="inline-form"
        onSubmit={async (e) => {
          e.preventDefault()
          if (!pick) return
          const r = await add({ input: { groupId, userId: pick } })
          if (!r.error) {
            setPick('')
            done()
          }
        }}
      >
        <label>
          Add to {slug}
          <select value={pick} onChange={(e) => setPick(e.target.value)}>
            <option value="">Choose someone…</option>
            {candidates.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.email})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!pick || added.fetching}>
          Add member
        </button>
      </form>
      <ErrorNote error={added.error ?? removed.error} />
      <State fetching={res.fetching && !res.data} error={res.error} empty={members.length === 0 && 'No members.'}>
        <ul className="rows">
          {members.map((m) => (
            <li key={m.id} className="row">
              <span>
                {m.name} <span className="meta">{m.email}</span>
              </span>
              <button
                type="button"
                aria-label={`Remove ${m.email} from ${slug}`}
                onClick={async () => {
                  const r = await remove({ input: { groupId, userId: m.id } })
                  if (!r.error) done()
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      </State>
    </div>
  )
}

// Agents

const ManageAgents = graphql(`
  query ManageAgents {
    manageAgents {
      id
      slug
      name
      description
      createdAt
      deletedAt
      responsible {
        id
        name
        email
      }
    }
  }
`)

const CreateAgent = graphql(`
  mutation CreateAgent($input: CreateAgentInput!) {
    createAgent(input: $input) {
      token
      agent {
        id
        slug
      }
    }
  }
`)

const DeleteAgent = graphql(`
  mutation DeleteAgent($input: AgentInput!) {
    deleteAgent(input: $input) {
      agent {
        id
        deletedAt
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

function Agents() {
  const [res, refetch] = useQuery({ query: ManageAgents })
  const { users: people } = useUsers('PERSON')
  const [created, create] = useMutation(CreateAgent)
  const [deleted, del] = useMutation(DeleteAgent)
  const [issued, issue] = useMutation(IssueAgentToken)
  const [f, setF] = useState({ slug: '', name: '', description: '', responsible: [] as string[] })
  const [secret, setSecret] = useState<{ what: string; token: string } | null>(null)
  const reload = () => refetch({ requestPolicy: 'network-only' })
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
            setSecret({ what: `The token of agent:${r.data.createAgent.agent.slug}.`, token: r.data.createAgent.token })
            setF({ slug: '', name: '', description: '', responsible: [] })
            reload()
          }
        }}
      >
        <label>
          Slug
          <input value={f.slug} onChange={(e) => setF({ ...f, slug: e.target.value })} required placeholder="helper" />
        </label>
        <label>
          Name
          <input value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} required />
        </label>
        <label>
          Description
          <input value={f.description} onChange={(e) => setF({ ...f, description: e.target.value })} />
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
      <ErrorNote error={created.error ?? deleted.error ?? issued.error} />
      {secret && <Secret what={secret.what} token={secret.token} onDone={() => setSecret(null)} />}
      <h2>Agents</h2>
      <State fetching={res.fetching && !res.data} error={res.error} empty={agents.length === 0 && 'No agents.'}>
        <ul className="rows" aria-label="Agents">
          {agents.map((a) => (
            <li key={a.id} className="row">
              <div className="row-main">
                <span>
                  <strong>{a.name}</strong> <code>agent:{a.slug}</code> {a.deletedAt && <span className="pill inactive">Deleted</span>}
                </span>
                <span className="meta">
                  Responsible: {a.responsible.map((r) => r.name).join(', ') || 'nobody'} · created {when(a.createdAt)}
                </span>
              </div>
              {!a.deletedAt && (
                <div className="row-actions">
                  <button
                    type="button"
                    aria-label={`Issue a token for ${a.slug}`}
                    disabled={issued.fetching}
                    onClick={async () => {
                      const r = await issue({ input: { agentId: a.id, name: `web ${day(new Date())}` } })
                      if (r.data) setSecret({ what: `A new token of agent:${a.slug}.`, token: r.data.issueAgentToken.token })
                    }}
                  >
                    Issue token
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete agent ${a.slug}`}
                    disabled={deleted.fetching}
                    onClick={async () => {
                      const r = await del({ input: { id: a.id } })
                      if (!r.error) reload()
                    }}
                  >
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

// Manage tokens

const ManageServiceTokens = graphql(`
  query ManageServiceTokens {
    manageServiceTokens {
      id
      name
      prefix
      createdAt
      expiresAt
      lastUsedAt
      revokedAt
    }
  }
`)

const CreateServiceToken = graphql(`
  mutation CreateServiceToken($input: CreateServiceTokenInput!) {
    createServiceToken(input: $input) {
      token
      serviceToken {
        id
        name
      }
    }
  }
`)

const RevokeServiceToken = graphql(`
  mutation RevokeServiceToken($input: ServiceTokenInput!) {
    revokeServiceToken(input: $input) {
      serviceToken {
        id
        revokedAt
      }
    }
  }
`)

function ServiceTokens() {
  const [res, refetch] = useQuery({ query: ManageServiceTokens })
  const [created, create] = useMutation(CreateServiceToken)
  const [revoked, revoke] = useMutation(RevokeServiceToken)
  const [name, setName] = useState('')
  const [validFor, setValidFor] = useState('720h')
  const [secret, setSecret] = useState<string | null>(null)
  const reload = () => refetch({ requestPolicy: 'network-only' })
  const tokens = res.data?.manageServiceTokens ?? []
  return (
    <section aria-label="Manage tokens">
      <h2>Create a manage token</h2>
      <form
        className="inline-form"
        onSubmit={async (e) => {
          e.preventDefault()
          const r = await create({ input: { name: name.trim(), ...(validFor ? { validFor } : {}) } })
          if (r.data) {
            setSecret(r.data.createServiceToken.token)
            setName('')
            reload()
          }
        }}
      >
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        <label>
          Valid for
          <select value={validFor} onChange={(e) => setValidFor(e.target.value)}>
            <option value="24h">1 day</option>
            <option value="168h">7 days</option>
            <option value="720h">30 days</option>
            <option value="">Never expires</option>
          </select>
        </label>
        <button type="submit" disabled={created.fetching}>
          Create token
        </button>
      </form>
      <ErrorNote error={created.error ?? revoked.error} />
      {secret && <Secret what="The new manage token." token={secret} onDone={() => setSecret(null)} />}
      <h2>Manage tokens</h2>
      <State fetching={res.fetching && !res.data} error={res.error} empty={tokens.length === 0 && 'No manage tokens.'}>
        <ul className="rows" aria-label="Manage tokens">
          {tokens.map((t) => (
            <li key={t.id} className="row">
              <div className="row-main">
                <span>
                  <strong>{t.name}</strong> <code>{t.prefix}…</code> {t.revokedAt && <span className="pill inactive">Revoked</span>}
                </span>
                <span className="meta">
                  Created {when(t.createdAt)} · {t.lastUsedAt ? `last used ${when(t.lastUsedAt)}` : 'never used'} ·{' '}
                  {t.expiresAt ? `expires ${when(t.expiresAt)}` : 'never expires'}
                </span>
              </div>
              {!t.revokedAt && (
                <button type="button" aria-label={`Revoke ${t.name}`} disabled={revoked.fetching} onClick={() => revoke({ input: { id: t.id } })}>
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      </State>
    </section>
  )
}

// Audit

const ManageAudit = graphql(`
  query ManageAudit($first: Int, $after: String, $filter: AuditFilter) {
    manageAudit(first: $first, after: $after, filter: $filter) {
      edges {
        node {
          id
          action
          via
          tokenId
          targetUserId
          targetGroupId
          targetDocumentId
          details
          createdAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`)

function Audit() {
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
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Action</th>
                <th scope="col">Via</th>
                <th scope="col">Target</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {edges.map(({ node: a }) => (
                <tr key={a.id}>
                  <td>{when(a.createdAt)}</td>
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
            </tbody>
          </table>
        </div>
        <div className="actions">
          {after && (
            <button type="button" onClick={() => setAfter(null)}>
              Newest
            </button>
          )}
          {res.data?.manageAudit.pageInfo.hasNextPage && (
            <button type="button" onClick={() => setAfter(res.data?.manageAudit.pageInfo.endCursor ?? null)}>
              Older
            </button>
          )}
        </div>
      </State>
    </section>
  )
}

// Usage

const ManageUsage = graphql(`
  query ManageUsage($from: String!, $to: String!) {
    manageUsage(from: $from, to: $to) {
      day
      activity
      tool
      outcome
      count
      user {
        id
        name
        email
      }
    }
  }
`)

function Usage() {
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
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Who</th>
                <th scope="col">Activity</th>
                <th scope="col">Tool</th>
                <th scope="col">Outcome</th>
                <th scope="col">Count</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      </State>
    </section>
  )
}

// Quarantine

const ManageDocument = graphql(`
  query ManageDocument($id: ID!) {
    manageDocument(id: $id) {
      id
      space
      status
      versions
      createdAt
      updatedAt
      deletedAt
      quarantinedAt
      owner {
        id
        name
        email
      }
      grants {
        principalType
        principalId
        recipient
        name
        permission
        reason
        createdAt
      }
    }
  }
`)

const QuarantineDocument = graphql(`
  mutation QuarantineDocument($input: QuarantineInput!) {
    quarantineDocument(input: $input) {
      document {
        id
        quarantinedAt
      }
    }
  }
`)

const ReleaseDocument = graphql(`
  mutation ReleaseDocument($input: ReleaseInput!) {
    releaseDocument(input: $input) {
      document {
        id
        quarantinedAt
      }
      notRestored {
        recipient
        name
        permission
      }
    }
  }
`)

const TakeAwayShare = graphql(`
  mutation TakeAwayShare($input: TakeAwayShareInput!) {
    takeAwayShare(input: $input) {
      document {
        id
      }
    }
  }
`)

function Quarantine() {
  const [input, setInput] = useState('')
  const [id, setId] = useState('')
  const [res, refetch] = useQuery({ query: ManageDocument, variables: { id }, pause: !id })
  const [q, quarantine] = useMutation(QuarantineDocument)
  const [rel, release] = useMutation(ReleaseDocument)
  const [took, takeAway] = useMutation(TakeAwayShare)
  const [reason, setReason] = useState('')
  const [restore, setRestore] = useState(true)
  const reload = () => refetch({ requestPolicy: 'network-only' })
  const d = res.data?.manageDocument
  return (
    <section aria-label="Quarantine">
      <p className="status">A reported document, by its id: its metadata and shares, never its content.</p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault()
          setId(input.trim())
        }}
      >
        <label>
          Document id
          <input value={input} onChange={(e) => setInput(e.target.value)} required />
        </label>
        <button type="submit">Look up</button>
      </form>
      {id && (
        <State fetching={res.fetching && !res.data} error={res.error} empty={!d && 'No such document.'}>
          {d && (
            <div className="report">
              <p>
                <code>{d.id}</code> · {d.space.toLowerCase()} · {d.status.toLowerCase()} · {d.versions} versions · owner {d.owner.name} ({d.owner.email})
              </p>
              <p className="meta">
                Created {when(d.createdAt)} · updated {when(d.updatedAt)}
                {d.deletedAt ? ` · in the trash since ${when(d.deletedAt)}` : ''}
                {d.quarantinedAt ? ` · quarantined since ${when(d.quarantinedAt)}` : ''}
              </p>
              <h3>Shares</h3>
              {d.grants.length === 0 ? (
                <Empty>No shares.</Empty>
              ) : (
                <ul className="rows">
                  {d.grants.map((g) => (
                    <li key={`${g.principalType}:${g.principalId}`} className="row">
                      <span>
                        {g.name} <code>{g.recipient}</code> · {g.permission.toLowerCase()} · {g.reason.toLowerCase()}
                      </span>
                      <button
                        type="button"
                        aria-label={`Take away the share of ${g.recipient}`}
                        disabled={took.fetching}
                        onClick={async () => {
                          const r = await takeAway({ input: { documentId: d.id, principalType: g.principalType as PrincipalType, principalId: g.principalId } })
                          if (!r.error) reload()
                        }}
                      >
                        Take away
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {d.quarantinedAt ? (
                <form
                  className="inline-form"
                  onSubmit={async (e) => {
                    e.preventDefault()
                    const r = await release({ input: { documentId: d.id, restoreSharing: restore } })
                    if (!r.error) reload()
                  }}
                >
                  <label className="check">
                    <input type="checkbox" checked={restore} onChange={(e) => setRestore(e.target.checked)} />
                    Give the shares back
                  </label>
                  <button type="submit" disabled={rel.fetching}>
                    Release
                  </button>
                </form>
              ) : (
                <form
                  className="inline-form"
                  onSubmit={async (e) => {
                    e.preventDefault()
                    const r = await quarantine({ input: { documentId: d.id, reason: reason.trim() } })
                    if (!r.error) {
                      setReason('')
                      reload()
                    }
                  }}
                >
                  <label>
                    Reason (shown to the owner)
                    <input value={reason} onChange={(e) => setReason(e.target.value)} required />
                  </label>
                  <button type="submit" disabled={q.fetching}>
                    Quarantine
                  </button>
                </form>
              )}
              <ErrorNote error={q.error ?? rel.error ?? took.error} />
              {rel.data && rel.data.releaseDocument.notRestored.length > 0 && (
                <p className="status error">
                  Not given back: {rel.data.releaseDocument.notRestored.map((g) => `${g.name} (${g.recipient})`).join(', ')}
                </p>
              )}
            </div>
          )}
        </State>
      )}
    </section>
  )
}

// Automations

const ManagedAutomationsQuery = graphql(`
  query ManagedAutomations($first: Int, $after: String) {
    managedAutomations(first: $first, after: $after) {
      edges {
        node {
          id
          name
          kind
          enabled
          disabledReason
          ownerActive
          schedule
          owner {
            id
            name
            email
          }
          lastRun {
            id
            status
            finishedAt
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
        id
        enabled
        disabledReason
      }
    }
  }
`)

function ManagedAutomations() {
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
              <div className="row-main">
                <span>
                  <strong>{a.name}</strong> <span className={`pill ${a.enabled ? 'enabled' : 'disabled'}`}>{a.enabled ? 'Enabled' : 'Disabled'}</span>
                  {a.lastRun && <span className={`pill ${a.lastRun.status.toLowerCase()}`}> last run {a.lastRun.status.toLowerCase()}</span>}
                </span>
                <span className="meta">
                  {a.kind === 'EVENT' ? 'On events' : `Schedule ${a.schedule ?? ''}`} · owner {a.owner.name} ({a.owner.email})
                  {a.ownerActive ? '' : ' (deactivated)'}
                  {a.disabledReason ? ` · ${a.disabledReason}` : ''}
                </span>
              </div>
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

// Parked events

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

function Parked() {
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
              <div className="row-main">
                <span>
                  <strong>{p.eventType}</strong> for <code>{p.consumer}</code> · {p.errorClass} after {p.attempts} attempts
                </span>
                <span className="meta">
                  <code>{p.eventId}</code> ({p.subjectType}) · parked {when(p.parkedAt)}
                </span>
              </div>
              <button
                type="button"
                aria-label={`Retry ${p.eventId} for ${p.consumer}`}
                disabled={retried.fetching}
                onClick={async () => {
                  const r = await retry({ input: { eventId: p.eventId, consumer: p.consumer } })
                  if (!r.error) refetch({ requestPolicy: 'network-only' })
                }}
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
