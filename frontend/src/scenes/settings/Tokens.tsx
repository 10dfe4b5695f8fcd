import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { CopyButton } from '../../components/CopyButton'
import { SettingsNav } from './SettingsNav'
import { SessionList } from './Sessions'
import '../../components/admin.css'
import { RelativeTime } from '../../components/RelativeTime'

const AccessTokens = graphql(`
  query AccessTokens {
    accessTokens {
      ...AccessTokenFields
    }
  }
`)

const CreateAccessToken = graphql(`
  mutation CreateAccessToken($input: CreateAccessTokenInput!) {
    createAccessToken(input: $input) {
      token
      accessToken {
        ...AccessTokenFields
      }
    }
  }
`)

const RevokeAccessToken = graphql(`
  mutation RevokeAccessToken($input: RevokeAccessTokenInput!) {
    revokeAccessToken(input: $input) {
      accessToken {
        ...AccessTokenFields
      }
    }
  }
`)

export const expiries: { label: string; value: string }[] = [
  { label: '30 days', value: '720h' },
  { label: '7 days', value: '168h' },
  { label: '90 days', value: '2160h' },
  { label: '1 year', value: '8760h' },
  { label: 'Never', value: '' },
]

/** /settings/tokens: your sessions and personal access tokens. */
export default function Tokens() {
  const [list, refetch] = useQuery({ query: AccessTokens })
  const [created, create] = useMutation(CreateAccessToken)
  const [revoked, revoke] = useMutation(RevokeAccessToken)
  const [name, setName] = useState('')
  const [expiresIn, setExpiresIn] = useState('720h')
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null)
  const reload = () => refetch({ requestPolicy: 'network-only' })

  return (
    <section className="admin">
      <h1>Sessions and tokens</h1>
      <SettingsNav current="/settings/tokens" />
      <SessionList />
      <h2>Personal access tokens</h2>
      <p className="status">
        A token acts as you from scripts and assistants (<code>Authorization: Bearer …</code>). Its secret is shown once.
      </p>
      <form
        className="inline-form"
        onSubmit={async (e) => {
          e.preventDefault()
          const r = await create({ input: { name: name.trim(), ...(expiresIn ? { expiresIn } : {}) } })
          if (r.data) {
            setSecret({ name: r.data.createAccessToken.accessToken.name, token: r.data.createAccessToken.token })
            setName('')
            reload()
          }
        }}
      >
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} placeholder="laptop script" />
        </label>
        <label>
          Expires
          <select value={expiresIn} onChange={(e) => setExpiresIn(e.target.value)}>
            {expiries.map((x) => (
              <option key={x.value} value={x.value}>
                {x.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={created.fetching || name.trim() === ''}>
          Create token
        </button>
      </form>
      <ErrorNote error={created.error} />
      {secret && (
        <div className="secret" role="status">
          <p>
            <strong>Copy the token “{secret.name}” now:</strong> it will not be shown again.
          </p>
          <div className="secret-row">
            <label className="grow">
              <span className="sr-only">New token</span>
              <input readOnly value={secret.token} onFocus={(e) => e.target.select()} />
            </label>
            <CopyButton text={secret.token} />
            <button type="button" onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      <h2>Your tokens</h2>
      <ErrorNote error={revoked.error} />
      {list.fetching && !list.data ? (
        <Loading />
      ) : list.error ? (
        <ErrorNote error={list.error} />
      ) : !list.data?.accessTokens.length ? (
        <Empty>You have no tokens.</Empty>
      ) : (
        <ul className="rows" aria-label="Tokens">
          {list.data.accessTokens.map((t) => {
            const expired = t.expiresAt !== null && t.expiresAt !== undefined && new Date(t.expiresAt) < new Date()
            return (
              <li key={t.id} className="row">
                <div className="row-main">
                  <strong>{t.name}</strong> <code>{t.prefix}…</code>
                  <span className="meta">
                    Created <RelativeTime at={t.createdAt} /> · {t.lastUsedAt ? <>last used <RelativeTime at={t.lastUsedAt} /></> : 'never used'} ·{' '}
                    {t.expiresAt ? <>{expired ? 'expired' : 'expires'} <RelativeTime at={t.expiresAt} /></> : 'never expires'}
                  </span>
                </div>
                <button
                  type="button"
                  aria-label={`Revoke ${t.name}`}
                  disabled={revoked.fetching}
                  onClick={async () => {
                    const r = await revoke({ input: { id: t.id } })
                    if (!r.error) reload()
                  }}
                >
                  Revoke
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
