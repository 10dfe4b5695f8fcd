// The search's filter and the address a result shows: pure, tested alone.
import type { SearchFilter, Space } from '../gql/graphql'

/** The filter for a space ('' for all), a tag ('' for any) and a folder ('' for all); undefined when none is set. */
export function searchFilter(space: string, tag: string, path = ''): SearchFilter | undefined {
  if (!space && !tag && !path) return undefined
  const f: SearchFilter = {}
  if (space) f.spaces = [space.toUpperCase() as Space]
  if (tag) f.tags = [tag]
  if (path) f.pathPrefix = path
  return f
}

/** The address of a document as a reader sees it: wiki:ops/deploy. */
export function addressOf(d: { space: string; path: string; slug: string }): string {
  return `${d.space.toLowerCase()}:${d.path ? d.path + '/' : ''}${d.slug}`
}
