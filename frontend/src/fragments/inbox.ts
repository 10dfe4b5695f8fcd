import { graphql } from '../gql'

// The fragments of inbox.graphqls' entities (see documents.ts for the rule).

/** A notification: what happened, whether it waits for a decision, and its state (its actor is selected beside it). */
export const NotificationFields = graphql(`
  fragment NotificationFields on Notification {
    id
    type
    subjectType
    subjectId
    payload
    requiresDecision
    status
    batchId
    createdAt
    readAt
    resolvedAt
  }
`)
