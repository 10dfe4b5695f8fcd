import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import type { SpaceDefaultAccess } from '../../gql/graphql'
import { ErrorNote } from '../../components/Status'
import { State, Table, fresh } from './shared'
import { RelativeTime } from '../../components/RelativeTime'

// Spaces: who may read the pages people create in each space. A change
// applies to pages created from then on; existing pages keep their access.

const ManageSpaceDefaults = graphql(`
  query ManageSpaceDefaults {
    spaceDefaults {
      space
      access
      updatedAt
    }
  }
`)

const SetSpaceDefault = graphql(`
  mutation SetSpaceDefault($input: SetSpaceDefaultInput!) {
    setSpaceDefault(input: $input) {
      spaceDefault {
        space
        access
        updatedAt
      }
    }
  }
`)

const choices: { value: SpaceDefaultAccess; label: string }[] = [
  { value: 'PRIVATE', label: 'Private: the owner alone' },
  { value: 'EVERYONE_READ', label: 'Everyone can read' },
]

export default function Spaces() {
  const [res, refetch] = useQuery({ query: ManageSpaceDefaults })
  const [set, setDefault] = useMutation(SetSpaceDefault)
  const reload = fresh(refetch)
  const defaults = res.data?.spaceDefaults ?? []
  return (
    <section aria-label="Spaces">
      <h2>Who can read new pages</h2>
      <p className="status">
        Each space&apos;s default decides who reads a page someone creates there, unless its author chooses otherwise on the new-page form. With
        &quot;Everyone can read&quot;, each new page gets a grant to Everyone that its owner can revoke. Changing it never changes existing pages.
        Agents&apos; pages stay private until shared.
      </p>
      <ErrorNote error={set.error} />
      <State fetching={res.fetching && !res.data} error={res.error} empty={false}>
        <Table columns={['Space', 'New pages', 'Last set']}>
          {defaults.map((d) => {
            const name = d.space.toLowerCase()
            return (
              <tr key={d.space}>
                <th scope="row">{name}</th>
                <td>
                  <select
                    aria-label={`Default for ${name}`}
                    value={d.access}
                    disabled={set.fetching}
                    onChange={async (e) => {
                      const r = await setDefault({ input: { space: d.space, access: e.target.value as SpaceDefaultAccess } })
                      if (!r.error) reload()
                    }}
                  >
                    {choices.map((c) => (
                      <option key={c.value} value={c.value}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{d.updatedAt ? <RelativeTime at={d.updatedAt} /> : 'never (private)'}</td>
              </tr>
            )
          })}
        </Table>
      </State>
    </section>
  )
}
