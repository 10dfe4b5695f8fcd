import { useMemo } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'
import { mentionHrefs } from '../../lib/mention'
import './mention.css'

const MentionNames = graphql(`
  query MentionNames($hrefs: [String!]!) {
    mentionNames(hrefs: $hrefs) {
      href
      name
    }
  }
`)

/**
 * The current name of each mention in a body, by canonical href, for its
 * chips (renderMarkdown's mentionNames): one request per distinct set of
 * mentions, none when the body has none.
 */
export function useMentionNames(body: string): Map<string, string> {
  const hrefs = useMemo(() => mentionHrefs(body), [body])
  const key = hrefs.join(' ')
  // Re-use the variables object while the set of mentions stays the same.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const variables = useMemo(() => ({ hrefs }), [key])
  const [r] = useQuery({ query: MentionNames, variables, pause: hrefs.length === 0 })
  return useMemo(() => new Map((r.data?.mentionNames ?? []).map((m) => [m.href, m.name])), [r.data])
}
