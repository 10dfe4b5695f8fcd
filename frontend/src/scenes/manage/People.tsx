import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import type { UserKind } from '../../gql/graphql'
import { ErrorNote } from '../../components/Status'
import { CopyButton } from '../../components/CopyButton'
import { Pager, RowMain, State, fresh, onSuccess, useFields } from './shared'
import { RelativeTime } from '../../components/RelativeTime'

// People: invite, create, deactivate and reactivate people; list people and agents.

const ManagedUsers = graphql(`
  query ManagedUsers($first: Int, $after: String) {
    managedUsers(first: $first, after: $after) {
      edges {
        node {
          ...ManagedUserFields
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
        ...ManagedUserFields
        kind
        active
        createdAt
      }
    }
  }
`)

const InvitePerson = graphql(`
  mutation InvitePerson($input: InvitePersonInput!) {
    invitePerson(input: $input) {
      invitationToken
      user {
        ...ManagedUserFields
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
        ...ManagedUserFields
        active
      }
    }
  }
`)

const ReactivatePerson = graphql(`
  mutation ReactivatePerson($input: SetPersonActiveInput!) {
    reactivatePerson(input: $input) {
      user {
        ...ManagedUserFields
        active
      }
    }
  }
`)

/** Everyone management sees (first page), optionally only one kind: for pickers in other tabs. */
export function useUsers(kind?: UserKind) {
  const [res, refetch] = useQuery({ query: ManagedUsers, variables: { first: 100 } })
  const users = (res.data?.managedUsers.edges ?? []).map((e) => e.node).filter((u) => !kind || u.kind === kind)
  return { res, users, reload: fresh(refetch) }
}

const validities = [
  { label: '7 days', value: '168h' },
  { label: '3 days', value: '72h' },
  { label: '30 days', value: '720h' },
]

/**
 * Inviting a person: with mail on, the invitation is mailed; with it off, the
 * link (`/invite/<token>`) is shown once to pass on.
 */
function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [invited, invite] = useMutation(InvitePerson)
  const { f, setF, bind, reset } = useFields({ email: '', name: '', validFor: '168h' })
  const [sent, setSent] = useState<{ email: string; link: string } | null>(null)
  return (
    <>
      <h2>Invite a person</h2>
      <form
        className="inline-form"
        aria-label="Invite a person"
        onSubmit={async (e) => {
          e.preventDefault()
          await onSuccess(invite({ input: f }), (r) => {
            if (!r.data) return
            const token = r.data.invitePerson.invitationToken
            setSent({ email: r.data.invitePerson.user.email, link: token ? `${location.origin}/invite/${encodeURIComponent(token)}` : '' })
            reset()
            onInvited()
          })
        }}
      >
        <label>
          Email
          <input type="email" {...bind('email')} required />
        </label>
        <label>
          Name
          <input {...bind('name')} required />
        </label>
        <label>
          Valid for
          <select value={f.validFor} onChange={(e) => setF({ ...f, validFor: e.target.value })}>
            {validities.map((v) => (
              <option key={v.value} value={v.value}>
                {v.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={invited.fetching}>
          Invite
        </button>
      </form>
      <ErrorNote error={invited.error} />
      {sent &&
        (sent.link ? (
          <div className="secret" role="status">
            <p>
              <strong>Send {sent.email} this link</strong> (mail is off on this instance). It works once and will not be shown again.
            </p>
            <div className="secret-row">
              <label className="grow">
                <span className="sr-only">Invitation link</span>
                <input readOnly value={sent.link} onFocus={(e) => e.target.select()} />
              </label>
              <CopyButton text={sent.link} />
              <button type="button" onClick={() => setSent(null)}>
                Done
              </button>
            </div>
          </div>
        ) : (
          <p className="status" role="status">
            The invitation was mailed to {sent.email}.
          </p>
        ))}
    </>
  )
}

export default function People() {
  const [after, setAfter] = useState<string | null>(null)
  const [res, refetch] = useQuery({ query: ManagedUsers, variables: { first: 100, after } })
  const [created, create] = useMutation(CreatePerson)
  const [off, deactivate] = useMutation(DeactivatePerson)
  const [on, reactivate] = useMutation(ReactivatePerson)
  const { f, bind, reset } = useFields({ email: '', name: '', password: '' })
  const reload = fresh(refetch)
  const edges = res.data?.managedUsers.edges ?? []
  return (
    <section aria-label="People">
      <InviteForm onInvited={reload} />
      <h2>Create a person (with a password you pass on)</h2>
      <form
        className="inline-form"
        onSubmit={async (e) => {
          e.preventDefault()
          await onSuccess(create({ input: f }), () => {
            reset()
            reload()
          })
        }}
      >
        <label>
          Email
          <input type="email" {...bind('email')} required />
        </label>
        <label>
          Name
          <input {...bind('name')} required />
        </label>
        <label>
          Password
          <input type="password" autoComplete="new-password" minLength={10} {...bind('password')} required />
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
              <RowMain
                title={
                  <>
                    <strong>{u.name}</strong> <span className="meta">{u.email}</span>{' '}
                    <span className={`pill ${u.active ? 'active' : 'inactive'}`}>{u.active ? 'Active' : 'Deactivated'}</span>
                  </>
                }
                meta={
                  <>
                    {u.kind === 'AGENT' ? 'Agent' : 'Person'} · created <RelativeTime at={u.createdAt} /> · <code>{u.id}</code>
                  </>
                }
              />
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
        <Pager after={after} pageInfo={res.data?.managedUsers.pageInfo} onPage={setAfter} first="First page" next="Next page" />
      </State>
    </section>
  )
}
