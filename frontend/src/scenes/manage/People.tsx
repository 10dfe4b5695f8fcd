import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import type { UserKind } from '../../gql/graphql'
import { ErrorNote } from '../../components/Status'
import { when } from '../../lib/format'
import { Pager, RowMain, State, fresh, onSuccess, useFields } from './shared'

// People: create, deactivate and reactivate people; list people and agents.

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
      <h2>Create a person</h2>
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
                    {u.kind === 'AGENT' ? 'Agent' : 'Person'} · created {when(u.createdAt)} · <code>{u.id}</code>
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
