import { graphql } from '../gql'

// The fragments of management.graphqls' entities (see documents.ts for the
// rule), read by management's console only.

/** A person or agent as management names them. */
export const ManagedUserFields = graphql(`
  fragment ManagedUserFields on ManagedUser {
    id
    name
    email
  }
`)

/** A group as management sees it. */
export const ManagedGroupFields = graphql(`
  fragment ManagedGroupFields on ManagedGroup {
    id
    slug
    name
    description
    everyone
    members
  }
`)

/** An agent as management sees it (the people responsible are selected beside it). */
export const ManagedAgentFields = graphql(`
  fragment ManagedAgentFields on ManagedAgent {
    id
    slug
    name
    description
    createdAt
    deletedAt
    pausedAt
  }
`)

/** A manage token (never its secret). */
export const ServiceTokenFields = graphql(`
  fragment ServiceTokenFields on ServiceToken {
    id
    name
    prefix
    createdAt
    expiresAt
    lastUsedAt
    revokedAt
  }
`)

/** A document's metadata, never its content (its owner and shares are selected beside it). */
export const DocumentMetadataFields = graphql(`
  fragment DocumentMetadataFields on DocumentMetadata {
    id
    space
    status
    versions
    createdAt
    updatedAt
    deletedAt
    quarantinedAt
  }
`)

/** One line of management's audit trail. */
export const AuditEntryFields = graphql(`
  fragment AuditEntryFields on AuditEntry {
    id
    action
    via
    tokenId
    targetUserId
    targetGroupId
    targetDocumentId
    details
    createdAt
  }
`)
