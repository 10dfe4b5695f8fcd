import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { ErrorNote } from '../../components/Status'
import { useUsers } from './People'
import { RowMain, State, fresh, onSuccess, useFields } from './shared'

// Groups: create and delete groups, and add or remove their members.

const ManageGroups = graphql(`
  query ManageGroups {
    manageGroups {
      ...ManagedGroupFields
    }
  }
`)

const ManageGroupMembers = graphql(`
  query ManageGroupMembers($groupId: ID!) {
    manageGroupMembers(groupId: $groupId) {
      ...ManagedUserFields
      kind
      active
    }
  }
`)

const CreateGroup = graphql(`
  mutation CreateGroup($input: CreateGroupInput!) {
    createGroup(input: $input) {
      group {
        ...ManagedGroupFields
      }
    }
  }
`)

const DeleteGroup = graphql(`
  mutation DeleteGroup($input: GroupInput!) {
    deleteGroup(input: $input) {
      group {
        ...ManagedGroupFields
      }
    }
  }
`)

const AddGroupMember = graphql(`
  mutation AddGroupMember($input: GroupMemberInput!) {
    addGroupMember(input: $input) {
      group {
        ...ManagedGroupFields
      }
    }
  }
`)

const RemoveGroupMember = graphql(`
  mutation RemoveGroupMember($input: GroupMemberInput!) {
    removeGroupMember(input: $input) {
      group {
        ...ManagedGroupFields
      }
    }
  }
`)

export default function Groups() {
  const [res, refetch] = useQuery({ query: ManageGroups })
  const [created, create] = useMutation(CreateGroup)
  const [deleted, del] = useMutation(DeleteGroup)
  const { f, bind, reset } = useFields({ slug: '', name: '', description: '' })
  const [open, setOpen] = useState<string | null>(null)
  const reload = fresh(refetch)
  const groups = res.data?.manageGroups ?? []
  return (
    <section aria-label="Groups">
      <h2>Create a group</h2>
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
          Slug
          <input {...bind('slug')} required placeholder="ops" />
        </label>
        <label>
          Name
          <input {...bind('name')} required />
        </label>
        <label>
          Description
          <input {...bind('description')} />
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
              <RowMain
                title={
                  <>
                    <strong>{g.name}</strong> <code>group:{g.slug}</code> {g.everyone && <span className="pill">Everyone</span>}
                  </>
                }
                meta={
                  <>
                    {g.members} members{g.description ? ` · ${g.description}` : ''}
                  </>
                }
              />
              <div className="row-actions">
                {!g.everyone && (
                  <button type="button" aria-label={`Members of ${g.slug}`} aria-expanded={open === g.id} onClick={() => setOpen(open === g.id ? null : g.id)}>
                    Members
                  </button>
                )}
                {!g.everyone && (
                  <button type="button" aria-label={`Delete group ${g.slug}`} disabled={deleted.fetching} onClick={() => onSuccess(del({ input: { id: g.id } }), reload)}>
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
  const reload = fresh(refetch)
  const done = () => {
    reload()
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
          await onSuccess(add({ input: { groupId, userId: pick } }), () => {
            setPick('')
            done()
          })
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
              <button type="button" aria-label={`Remove ${m.email} from ${slug}`} onClick={() => onSuccess(remove({ input: { groupId, userId: m.id } }), done)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      </State>
    </div>
  )
}
