import { graphql } from '../gql'

// The fragments of agents.graphqls' entities (see documents.ts for the rule).

/** An agent as the people responsible for it, and management, look after it. */
export const ResponsibleAgentFields = graphql(`
  fragment ResponsibleAgentFields on ResponsibleAgent {
    id
    slug
    name
    pausedAt
  }
`)
