import { graphql } from '../gql'

// The fragments of auth.graphqls' entities (see documents.ts for the rule).

/** Someone as others see them (an author, an owner, who shared): the signed-in person's own query adds email and kind. */
export const UserFields = graphql(`
  fragment UserFields on User {
    id
    name
  }
`)

/** A personal access token (never its secret). */
export const AccessTokenFields = graphql(`
  fragment AccessTokenFields on AccessToken {
    id
    name
    prefix
    createdAt
    lastUsedAt
    expiresAt
  }
`)

/** One of your live sessions (a browser you signed in with; never its secret). */
export const SessionFields = graphql(`
  fragment SessionFields on Session {
    id
    device
    address
    createdAt
    lastUsedAt
    current
  }
`)
