import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { ErrorNote } from '../../components/Status'
import { RowMain, State, fresh, useShownOnce } from './shared'
import { RelativeTime } from '../../components/RelativeTime'

// Manage tokens: create (shown once) and revoke the tokens management signs in with.

const ManageServiceTokens = graphql(`
  query ManageServiceTokens {
    manageServiceTokens {
      ...ServiceTokenFields
    }
  }
`)

const CreateServiceToken = graphql(`
  mutation CreateServiceToken($input: CreateServiceTokenInput!) {
    createServiceToken(input: $input) {
      token
      serviceToken {
        ...ServiceTokenFields
      }
    }
  }
`)

const RevokeServiceToken = graphql(`
  mutation RevokeServiceToken($input: ServiceTokenInput!) {
    revokeServiceToken(input: $input) {
      serviceToken {
        ...ServiceTokenFields
      }
    }
  }
`)

export default function ServiceTokens() {
  const [res, refetch] = useQuery({ query: ManageServiceTokens })
  const [created, create] = useMutation(CreateServiceToken)
  const [revoked, revoke] = useMutation(RevokeServiceToken)
  const [name, setName] = useState('')
  const [validFor, setValidFor] = useState('720h')
  const { secret, show } = useShownOnce()
  const reload = fresh(refetch)
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
            show('The new manage token.', r.data.createServiceToken.token)
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
      {secret}
      <h2>Manage tokens</h2>
      <State fetching={res.fetching && !res.data} error={res.error} empty={tokens.length === 0 && 'No manage tokens.'}>
        <ul className="rows" aria-label="Manage tokens">
          {tokens.map((t) => (
            <li key={t.id} className="row">
              <RowMain
                title={
                  <>
                    <strong>{t.name}</strong> <code>{t.prefix}…</code> {t.revokedAt && <span className="pill inactive">Revoked</span>}
                  </>
                }
                meta={
                  <>
                    Created <RelativeTime at={t.createdAt} /> · {t.lastUsedAt ? <>last used <RelativeTime at={t.lastUsedAt} /></> : 'never used'} ·{' '}
                    {t.expiresAt ? <>expires <RelativeTime at={t.expiresAt} /></> : 'never expires'}
                  </>
                }
              />
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
