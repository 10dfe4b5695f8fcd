import { useId } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import type { NewPageAccess, Space } from '../../gql/graphql'
import { parseRecipients } from '../../lib/sharing'

const Audience = graphql(`
  query NewPageAudience($space: Space!, $path: String) {
    newPageAudience(space: $space, path: $path) {
      space
      path
      default
      folders {
        path
        recipient
        name
        permission
      }
    }
  }
`)

/** The author's choice: DEFAULT until they pick one. */
export interface AudienceChoice {
  access: NewPageAccess
  shareWith: string
}

/** "Shared with Platform through the folder engineering/", for one folder share. */
export function folderShareWords(f: { path: string; name: string; recipient: string; permission: string }, space: string): string {
  const who = f.name || f.recipient
  const where = f.path ? `the folder ${f.path}/` : `the whole ${space.toLowerCase()}`
  return `Shared with ${who} through ${where}${f.permission === 'WRITE' ? ' (can edit)' : ''}`
}

/**
 * Who will see a new page at (space, path) before it is created — the
 * space's default and the author's folder shares covering the folder — and
 * the author's choice: only them, or everyone reading, and people or
 * groups to share with at once.
 */
export default function NewPageAudience({
  space,
  path,
  choice,
  onChange,
}: {
  space: Space
  path: string
  choice: AudienceChoice
  onChange: (c: AudienceChoice) => void
}) {
  const ids = useId()
  const [{ data, error }] = useQuery({ query: Audience, variables: { space, path } })
  const audience = data?.newPageAudience
  const def = audience?.default ?? 'PRIVATE'
  const effective = choice.access === 'DEFAULT' ? def : choice.access
  const { invalid } = parseRecipients(choice.shareWith)
  const spaceName = space.toLowerCase()

  return (
    <fieldset className="new-page-audience">
      <legend>Who can see it</legend>
      <label>
        <input
          type="radio"
          name={`${ids}-access`}
          checked={effective === 'PRIVATE'}
          onChange={() => onChange({ ...choice, access: def === 'PRIVATE' ? 'DEFAULT' : 'PRIVATE' })}
        />{' '}
        Only you, and whoever you share it with
      </label>
      <label>
        <input
          type="radio"
          name={`${ids}-access`}
          checked={effective === 'EVERYONE_READ'}
          onChange={() => onChange({ ...choice, access: def === 'EVERYONE_READ' ? 'DEFAULT' : 'EVERYONE_READ' })}
        />{' '}
        Everyone can read it
      </label>
      <p className="new-page-hint">
        {def === 'EVERYONE_READ'
          ? `In the ${spaceName}, everyone can read new pages by default; you can revoke it later from Share.`
          : `In the ${spaceName}, new pages are private by default.`}
      </p>
      {error && <p className="status error">Could not tell who will see it: {error.message}</p>}
      {audience && audience.folders.length > 0 && (
        <ul className="new-page-folders">
          {audience.folders.map((f) => (
            <li key={`${f.path}:${f.recipient}`}>{folderShareWords(f, space)}</li>
          ))}
        </ul>
      )}
      <label htmlFor={`${ids}-share`}>Also share with</label>
      <input
        id={`${ids}-share`}
        value={choice.shareWith}
        onChange={(e) => onChange({ ...choice, shareWith: e.target.value })}
        placeholder="ben@example.com, group:platform"
        autoCapitalize="off"
        spellCheck={false}
        aria-invalid={invalid.length ? true : undefined}
      />
      {invalid.length > 0 && (
        <p className="status error" role="alert">
          Not a recipient: {invalid.join(', ')}. Name people by email, groups as group:&lt;slug&gt;.
        </p>
      )}
    </fieldset>
  )
}
