import { graphql } from '../gql'

// The fragments of webhooks.graphqls' entities (see documents.ts for the rule).

/** A webhook, a person's or management's (never its secret; its deliveries are asked for apart, with their page size). */
export const WebhookFields = graphql(`
  fragment WebhookFields on Webhook {
    id
    url
    events
    space
    pathPrefix
    status
    statusReason
    consecutiveDead
    previousSecretUntil
    createdAt
    updatedAt
  }
`)

/** One delivery of a webhook (never its body). */
export const WebhookDeliveryFields = graphql(`
  fragment WebhookDeliveryFields on WebhookDelivery {
    id
    seq
    eventId
    eventType
    status
    attempts
    nextAttemptAt
    lastStatus
    lastError
    eventAt
    createdAt
    deliveredAt
  }
`)
