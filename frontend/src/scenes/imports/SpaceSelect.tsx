import type { Space } from '../../gql/graphql'

/** The space an import goes into or an export comes from. */
export function SpaceSelect({ value, onChange }: { value: Space; onChange: (s: Space) => void }) {
  return (
    <label>
      Space
      <select value={value} onChange={(e) => onChange(e.target.value as Space)}>
        <option value="RAW">raw</option>
        <option value="WIKI">wiki</option>
        <option value="OUTPUT">output</option>
      </select>
    </label>
  )
}
