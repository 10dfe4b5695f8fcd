import { graphql } from '../gql'

// The fragments of automations.graphqls' entities (see documents.ts for the rule).

/** An automation as any list shows it (its owner's and management's): the editor selects its script and trigger beside it. */
export const AutomationFields = graphql(`
  fragment AutomationFields on Automation {
    id
    name
    kind
    enabled
    disabledReason
    ownerActive
    schedule
  }
`)

/** A run of an automation, as a status line: the runs list selects what it did beside it. */
export const AutomationRunFields = graphql(`
  fragment AutomationRunFields on AutomationRun {
    id
    status
    createdAt
    finishedAt
  }
`)
