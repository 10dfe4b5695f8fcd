import { useMemo, useState, type FormEvent } from 'react'
import { Client, Provider, cacheExchange, fetchExchange, useClient, useQuery } from 'urql'
import { graphql } from '../../gql'
import { Loading, errorMessage } from '../../components/Status'
import Agents from './Agents'
import Audit from './Audit'
import ManagedAutomations from './Automations'
import Parked from './Events'
import Groups from './Groups'
import People from './People'
import Quarantine from './Quarantine'
import Spaces from './Spaces'
import ServiceTokens from './Tokens'
import Usage from './Usage'
import ManagedWebhooks from './Webhooks'
import '../../components/admin.css'

// Management's console. The browser cannot sign in as management (login is
// for people; management is a `manage` token): the token is typed here,
// kept in memory only, and sent as a Bearer header by a client of its own
// (no cookie). Management sees metadata, never content. Each tab is a file
// of this folder, with its operations; ./shared.tsx has what they repeat.

const ManageMe = graphql(`
  query ManageMe {
    me {
      ...UserFields
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

const tabs = ['People', 'Groups', 'Agents', 'Tokens', 'Audit', 'Usage', 'Quarantine', 'Automations', 'Webhooks', 'Parked events', 'Spaces'] as const
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
          {tab === 'Webhooks' && <ManagedWebhooks />}
          {tab === 'Parked events' && <Parked />}
          {tab === 'Spaces' && <Spaces />}
        </div>
      </main>
    </div>
  )
}
