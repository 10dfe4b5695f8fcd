import { graphql } from '../gql'

// The fragments of watches.graphqls' and activity.graphqls' entities (see
// documents.ts for the rule).

/** One of your watches: of a page (its document beside it) or of a folder. */
export const WatchFields = graphql(`
  fragment WatchFields on Watch {
    id
    space
    path
    source
  }
`)

/** An entry of the activity log (its actor and page beside it). */
export const ActivityEntryFields = graphql(`
  fragment ActivityEntryFields on ActivityEntry {
    id
    action
    at
    count
    changeSummary
    automationId
  }
`)
