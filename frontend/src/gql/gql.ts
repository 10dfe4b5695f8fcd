/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Me {\n    me {\n      ...UserFields\n      email\n      kind\n    }\n  }\n": typeof types.MeDocument,
    "\n  query Start($space: Space!, $path: String!, $slug: String!, $tree: Space!) {\n    me {\n      ...UserFields\n      email\n      kind\n    }\n    folderTree(space: $tree, path: \"\") {\n      ...FolderTreeFields\n    }\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      ...PageViewDocument\n    }\n    favorites {\n      ...DocumentFields\n      starred\n    }\n  }\n": typeof types.StartDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  fragment FolderTreeFields on FolderTree {\n    space\n    path\n    folders {\n      path\n      documents\n      hasChildren\n    }\n    documents {\n      ...FolderEntryFields\n    }\n  }\n": typeof types.FolderTreeFieldsFragmentDoc,
    "\n  query FolderTree($space: Space!, $path: String) {\n    folderTree(space: $space, path: $path) {\n      ...FolderTreeFields\n    }\n  }\n": typeof types.FolderTreeDocument,
    "\n  subscription FolderChanged($space: Space!, $path: String) {\n    folderChanged(space: $space, path: $path) {\n      ...FolderTreeFields\n    }\n  }\n": typeof types.FolderChangedDocument,
    "\n  subscription InboxBadge {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n": typeof types.InboxBadgeDocument,
    "\n  query Mentionables($query: String!, $first: Int) {\n    mentionables(query: $query, first: $first) {\n      kind\n      id\n      name\n      slug\n      href\n    }\n  }\n": typeof types.MentionablesDocument,
    "\n  query MentionNames($hrefs: [String!]!) {\n    mentionNames(hrefs: $hrefs) {\n      href\n      name\n    }\n  }\n": typeof types.MentionNamesDocument,
    "\n  fragment GrantFields on Grant {\n    id\n    recipient\n    recipientName\n    principalType\n    principalId\n    permission\n    reason\n    batchId\n    createdAt\n  }\n": typeof types.GrantFieldsFragmentDoc,
    "\n  fragment GroupFields on Group {\n    id\n    slug\n    name\n    everyone\n    members\n  }\n": typeof types.GroupFieldsFragmentDoc,
    "\n  fragment PersonFields on Person {\n    id\n    name\n    email\n    kind\n    slug\n  }\n": typeof types.PersonFieldsFragmentDoc,
    "\n  fragment ResponsibleAgentFields on ResponsibleAgent {\n    id\n    slug\n    name\n    pausedAt\n  }\n": typeof types.ResponsibleAgentFieldsFragmentDoc,
    "\n  fragment UserFields on User {\n    id\n    name\n  }\n": typeof types.UserFieldsFragmentDoc,
    "\n  fragment AccessTokenFields on AccessToken {\n    id\n    name\n    prefix\n    createdAt\n    lastUsedAt\n    expiresAt\n  }\n": typeof types.AccessTokenFieldsFragmentDoc,
    "\n  fragment SessionFields on Session {\n    id\n    device\n    address\n    createdAt\n    lastUsedAt\n    current\n  }\n": typeof types.SessionFieldsFragmentDoc,
    "\n  fragment AutomationFields on Automation {\n    id\n    name\n    kind\n    enabled\n    disabledReason\n    ownerActive\n    schedule\n  }\n": typeof types.AutomationFieldsFragmentDoc,
    "\n  fragment AutomationRunFields on AutomationRun {\n    id\n    status\n    createdAt\n    finishedAt\n  }\n": typeof types.AutomationRunFieldsFragmentDoc,
    "\n  fragment CommentFields on Comment {\n    id\n    threadId\n    body\n    deleted\n    createdAt\n    editedAt\n    author {\n      ...UserFields\n    }\n  }\n": typeof types.CommentFieldsFragmentDoc,
    "\n  fragment ThreadFields on Thread {\n    id\n    documentId\n    kind\n    status\n    anchorState\n    anchor {\n      exact\n      prefix\n      suffix\n      start\n      end\n    }\n    createdAt\n    updatedAt\n    resolvedAt\n    author {\n      ...UserFields\n    }\n    resolvedBy {\n      ...UserFields\n    }\n    comments {\n      ...CommentFields\n    }\n  }\n": typeof types.ThreadFieldsFragmentDoc,
    "\n  fragment DocumentFields on Document {\n    id\n    space\n    path\n    slug\n    title\n  }\n": typeof types.DocumentFieldsFragmentDoc,
    "\n  fragment FolderEntryFields on FolderEntry {\n    id\n    space\n    path\n    slug\n    title\n  }\n": typeof types.FolderEntryFieldsFragmentDoc,
    "\n  fragment DocumentRevisionFields on DocumentRevision {\n    id\n    version\n    changeKind\n    changeSummary\n    title\n    createdAt\n  }\n": typeof types.DocumentRevisionFieldsFragmentDoc,
    "\n  fragment AttachmentFields on Attachment {\n    id\n    name\n    mimeType\n    byteSize\n    url\n    path\n  }\n": typeof types.AttachmentFieldsFragmentDoc,
    "\n  fragment FileReferenceFields on FileReference {\n    id\n    href\n    state\n  }\n": typeof types.FileReferenceFieldsFragmentDoc,
    "\n  fragment NotificationFields on Notification {\n    id\n    type\n    subjectType\n    subjectId\n    payload\n    requiresDecision\n    status\n    batchId\n    createdAt\n    readAt\n    resolvedAt\n  }\n": typeof types.NotificationFieldsFragmentDoc,
    "\n  fragment IngestionFields on Ingestion {\n    id\n    filename\n    kind\n    byteSize\n    path\n    status\n    error\n    originalUrl\n    createdAt\n  }\n": typeof types.IngestionFieldsFragmentDoc,
    "\n  fragment DocumentLinkFields on DocumentLink {\n    id\n    hrefAsWritten\n    text\n    state\n  }\n": typeof types.DocumentLinkFieldsFragmentDoc,
    "\n  fragment LinkSuggestionFields on LinkSuggestion {\n    id\n    status\n  }\n": typeof types.LinkSuggestionFieldsFragmentDoc,
    "\n  fragment ManagedUserFields on ManagedUser {\n    id\n    name\n    email\n  }\n": typeof types.ManagedUserFieldsFragmentDoc,
    "\n  fragment ManagedGroupFields on ManagedGroup {\n    id\n    slug\n    name\n    description\n    everyone\n    members\n  }\n": typeof types.ManagedGroupFieldsFragmentDoc,
    "\n  fragment ManagedAgentFields on ManagedAgent {\n    id\n    slug\n    name\n    description\n    createdAt\n    deletedAt\n    pausedAt\n  }\n": typeof types.ManagedAgentFieldsFragmentDoc,
    "\n  fragment ServiceTokenFields on ServiceToken {\n    id\n    name\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    revokedAt\n  }\n": typeof types.ServiceTokenFieldsFragmentDoc,
    "\n  fragment DocumentMetadataFields on DocumentMetadata {\n    id\n    space\n    status\n    versions\n    createdAt\n    updatedAt\n    deletedAt\n    quarantinedAt\n  }\n": typeof types.DocumentMetadataFieldsFragmentDoc,
    "\n  fragment AuditEntryFields on AuditEntry {\n    id\n    action\n    via\n    tokenId\n    targetUserId\n    targetGroupId\n    targetDocumentId\n    details\n    createdAt\n  }\n": typeof types.AuditEntryFieldsFragmentDoc,
    "\n  fragment ImportFields on Import {\n    id\n    format\n    space\n    path\n    status\n    done\n    total\n    error\n    createdAt\n    finishedAt\n    report {\n      created\n      updated\n      unchanged\n      skipped {\n        entry\n        reason\n      }\n      droppedKeys\n    }\n  }\n": typeof types.ImportFieldsFragmentDoc,
    "\n  fragment ExportFields on Export {\n    id\n    space\n    path\n    status\n    done\n    total\n    url\n    byteSize\n    expiresAt\n    error\n  }\n": typeof types.ExportFieldsFragmentDoc,
    "\n  fragment WatchFields on Watch {\n    id\n    space\n    path\n    source\n  }\n": typeof types.WatchFieldsFragmentDoc,
    "\n  fragment ActivityEntryFields on ActivityEntry {\n    id\n    action\n    at\n    count\n    changeSummary\n    automationId\n  }\n": typeof types.ActivityEntryFieldsFragmentDoc,
    "\n  fragment WebhookFields on Webhook {\n    id\n    url\n    events\n    space\n    pathPrefix\n    status\n    statusReason\n    consecutiveDead\n    previousSecretUntil\n    createdAt\n    updatedAt\n  }\n": typeof types.WebhookFieldsFragmentDoc,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    seq\n    eventId\n    eventType\n    status\n    attempts\n    nextAttemptAt\n    lastStatus\n    lastError\n    eventAt\n    createdAt\n    deliveredAt\n  }\n": typeof types.WebhookDeliveryFieldsFragmentDoc,
    "\n  query ActivityFeed($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ActivityEntryFields\n          actor {\n            ...UserFields\n          }\n          document {\n            ...DocumentFields\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ActivityFeedDocument,
    "\n  mutation CreateAutomation($input: CreateAutomationInput!) {\n    createAutomation(input: $input) {\n      automation {\n        ...AutomationFields\n      }\n    }\n  }\n": typeof types.CreateAutomationDocument,
    "\n  mutation UpdateAutomation($input: UpdateAutomationInput!) {\n    updateAutomation(input: $input) {\n      automation {\n        ...AutomationFields\n        description\n        script\n        triggerEvents\n        timezone\n        nextRunAt\n        scope {\n          space\n          pathPrefix\n          tags\n        }\n      }\n    }\n  }\n": typeof types.UpdateAutomationDocument,
    "\n  mutation DryRunAutomation($input: DryRunAutomationInput!) {\n    dryRunAutomation(input: $input) {\n      proposals {\n        kind\n        documentId\n        recipient\n        permission\n        message\n        tag\n        write {\n          space\n          path\n          slug\n          title\n        }\n        applied\n        reason\n      }\n      logs\n      logsTruncated\n      limitHit\n      error\n      reads\n      durationMs\n      memoryPeak\n    }\n  }\n": typeof types.DryRunAutomationDocument,
    "\n  query MyAutomations {\n    automations {\n      ...AutomationFields\n      description\n      triggerEvents\n      scope {\n        space\n        pathPrefix\n        tags\n      }\n      timezone\n      nextRunAt\n      lastRunAt\n      script\n      updatedAt\n      lastRun {\n        ...AutomationRunFields\n      }\n    }\n  }\n": typeof types.MyAutomationsDocument,
    "\n  mutation EnableAutomation($id: ID!) {\n    enableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n        nextRunAt\n      }\n    }\n  }\n": typeof types.EnableAutomationDocument,
    "\n  mutation DisableAutomation($id: ID!) {\n    disableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n        nextRunAt\n      }\n    }\n  }\n": typeof types.DisableAutomationDocument,
    "\n  mutation DeleteAutomation($id: ID!) {\n    deleteAutomation(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteAutomationDocument,
    "\n  query AutomationRuns($id: ID!, $first: Int, $after: String) {\n    automation(id: $id) {\n      ...AutomationFields\n      runs(first: $first, after: $after) {\n        edges {\n          node {\n            ...AutomationRunFields\n            eventType\n            scheduledFor\n            durationMs\n            memoryPeak\n            limitHit\n            reads\n            attempts\n            logs\n            error\n            proposals {\n              kind\n              documentId\n              recipient\n              permission\n              message\n              tag\n              write {\n                space\n                path\n                slug\n                title\n              }\n              applied\n              reason\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.AutomationRunsDocument,
    "\n  mutation SaveDocument($input: UpdateDocumentInput!) {\n    updateDocument(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        content\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n": typeof types.SaveDocumentDocument,
    "\n  query CurrentDocument($id: ID!) {\n    document(id: $id) {\n      ...DocumentFields\n      content\n      version\n      updatedAt\n      updatedBy {\n        ...UserFields\n      }\n    }\n  }\n": typeof types.CurrentDocumentDocument,
    "\n  subscription CoeditChanged($id: ID!) {\n    documentChanged(id: $id) {\n      ...DocumentFields\n    }\n  }\n": typeof types.CoeditChangedDocument,
    "\n  query CoeditMe {\n    me {\n      ...UserFields\n    }\n  }\n": typeof types.CoeditMeDocument,
    "\n  mutation UploadAttachment($input: UploadAttachmentInput!) {\n    uploadAttachment(input: $input) {\n      existing\n      attachment {\n        ...AttachmentFields\n      }\n    }\n  }\n": typeof types.UploadAttachmentDocument,
    "\n  query Favorites {\n    favorites {\n      ...DocumentFields\n      starred\n    }\n  }\n": typeof types.FavoritesDocument,
    "\n  query RecentDocuments($first: Int) {\n    recentDocuments(first: $first) {\n      ...DocumentFields\n    }\n  }\n": typeof types.RecentDocumentsDocument,
    "\n  mutation MoveFavorite($input: MoveFavoriteInput!) {\n    moveFavorite(input: $input) {\n      ...DocumentFields\n    }\n  }\n": typeof types.MoveFavoriteDocument,
    "\n  query HomeDecisions {\n    inboxCounts {\n      decisions\n    }\n    inbox(first: 20, filter: { requiresDecision: true }) {\n      edges {\n        node {\n          ...NotificationFields\n          actor {\n            ...UserFields\n          }\n          mention {\n            targetName\n          }\n        }\n      }\n    }\n  }\n": typeof types.HomeDecisionsDocument,
    "\n  query HomeDocuments($ids: [ID!]!) {\n    documentsByIds(ids: $ids) {\n      ...DocumentFields\n    }\n  }\n": typeof types.HomeDocumentsDocument,
    "\n  mutation ExportDocuments($space: Space!, $path: String) {\n    exportDocuments(space: $space, path: $path) {\n      export {\n        ...ExportFields\n      }\n    }\n  }\n": typeof types.ExportDocumentsDocument,
    "\n  query ExportStatus($id: ID!) {\n    export(id: $id) {\n      ...ExportFields\n    }\n  }\n": typeof types.ExportStatusDocument,
    "\n  query Imports($first: Int) {\n    imports(first: $first) {\n      edges {\n        node {\n          ...ImportFields\n        }\n      }\n    }\n  }\n": typeof types.ImportsDocument,
    "\n  mutation StartImport($input: StartImportInput!) {\n    startImport(input: $input) {\n      import {\n        ...ImportFields\n      }\n    }\n  }\n": typeof types.StartImportDocument,
    "\n  subscription ImportProgress($id: ID!) {\n    importProgress(id: $id) {\n      ...ImportFields\n    }\n  }\n": typeof types.ImportProgressDocument,
    "\n  query Ingestions($first: Int) {\n    ingestions(first: $first) {\n      edges {\n        node {\n          ...IngestionFields\n          document {\n            ...DocumentFields\n          }\n        }\n      }\n    }\n  }\n": typeof types.IngestionsDocument,
    "\n  mutation Ingest($input: IngestInput!) {\n    ingest(input: $input) {\n      ingestion {\n        ...IngestionFields\n      }\n    }\n  }\n": typeof types.IngestDocument,
    "\n  mutation ReconvertIngestion($id: ID!) {\n    reconvertIngestion(id: $id) {\n      ingestion {\n        ...IngestionFields\n      }\n    }\n  }\n": typeof types.ReconvertIngestionDocument,
    "\n  query InboxPage($first: Int, $after: String, $filter: InboxFilter) {\n    inbox(first: $first, after: $after, filter: $filter) {\n      edges {\n        cursor\n        node {\n          ...NotificationFields\n          actor {\n            ...UserFields\n          }\n          mention {\n            excerpt\n            targetName\n          }\n          watchEvents\n          documents(first: 3) {\n            edges {\n              node {\n                ...DocumentFields\n              }\n            }\n            pageInfo {\n              hasNextPage\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.InboxPageDocument,
    "\n  query InboxDocuments($ids: [ID!]!) {\n    documentsByIds(ids: $ids) {\n      ...DocumentFields\n    }\n  }\n": typeof types.InboxDocumentsDocument,
    "\n  query InboxBatchPages($id: ID!, $first: Int, $after: String) {\n    notification(id: $id) {\n      ...NotificationFields\n      documents(first: $first, after: $after) {\n        edges {\n          node {\n            ...DocumentFields\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.InboxBatchPagesDocument,
    "\n  subscription InboxNotificationAdded {\n    notificationAdded {\n      ...NotificationFields\n    }\n  }\n": typeof types.InboxNotificationAddedDocument,
    "\n  subscription InboxScreenCounts {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n": typeof types.InboxScreenCountsDocument,
    "\n  mutation InboxMarkRead($input: MarkNotificationsReadInput!) {\n    markNotificationsRead(input: $input) {\n      marked\n      counts {\n        decisions\n        unread\n        total\n      }\n    }\n  }\n": typeof types.InboxMarkReadDocument,
    "\n  mutation InboxMarkAllRead {\n    markAllNotificationsRead {\n      marked\n      counts {\n        decisions\n        unread\n        total\n      }\n    }\n  }\n": typeof types.InboxMarkAllReadDocument,
    "\n  mutation InboxAnswerMention($input: AnswerMentionInput!) {\n    answerMention(input: $input) {\n      notificationId\n      batchId\n      notified\n    }\n  }\n": typeof types.InboxAnswerMentionDocument,
    "\n  mutation InboxDismiss($input: NotificationInput!) {\n    dismissNotification(input: $input) {\n      notification {\n        ...NotificationFields\n      }\n    }\n  }\n": typeof types.InboxDismissDocument,
    "\n  mutation InboxDecideLink($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        links {\n          ...DocumentLinkFields\n        }\n      }\n    }\n  }\n": typeof types.InboxDecideLinkDocument,
    "\n  mutation InboxAnswerLinkDecisions($input: AnswerLinkDecisionsInput!) {\n    answerLinkDecisions(input: $input) {\n      answered\n      skipped\n      documents {\n        ...DocumentFields\n        version\n        content\n      }\n    }\n  }\n": typeof types.InboxAnswerLinkDecisionsDocument,
    "\n  mutation InboxDecideFile($input: DecideFileReferenceInput!) {\n    decideFileReference(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        fileReferences {\n          ...FileReferenceFields\n        }\n      }\n    }\n  }\n": typeof types.InboxDecideFileDocument,
    "\n  mutation InboxAcceptSuggestion($input: LinkSuggestionInput!) {\n    acceptLinkSuggestion(input: $input) {\n      suggestion {\n        ...LinkSuggestionFields\n      }\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n": typeof types.InboxAcceptSuggestionDocument,
    "\n  mutation InboxRejectSuggestion($input: LinkSuggestionInput!) {\n    rejectLinkSuggestion(input: $input) {\n      suggestion {\n        ...LinkSuggestionFields\n      }\n    }\n  }\n": typeof types.InboxRejectSuggestionDocument,
    "\n  query ManageAgents {\n    manageAgents {\n      ...ManagedAgentFields\n      responsible {\n        ...ManagedUserFields\n      }\n    }\n  }\n": typeof types.ManageAgentsDocument,
    "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      token\n      agent {\n        ...ManagedAgentFields\n      }\n    }\n  }\n": typeof types.CreateAgentDocument,
    "\n  mutation DeleteAgent($input: AgentInput!) {\n    deleteAgent(input: $input) {\n      agent {\n        ...ManagedAgentFields\n      }\n    }\n  }\n": typeof types.DeleteAgentDocument,
    "\n  mutation ResumeManagedAgent($input: ResumeAgentInput!) {\n    resumeAgent(input: $input) {\n      agent {\n        ...ResponsibleAgentFields\n      }\n    }\n  }\n": typeof types.ResumeManagedAgentDocument,
    "\n  mutation IssueAgentToken($input: IssueAgentTokenInput!) {\n    issueAgentToken(input: $input) {\n      token\n    }\n  }\n": typeof types.IssueAgentTokenDocument,
    "\n  query ManageAudit($first: Int, $after: String, $filter: AuditFilter) {\n    manageAudit(first: $first, after: $after, filter: $filter) {\n      edges {\n        node {\n          ...AuditEntryFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ManageAuditDocument,
    "\n  query ManagedAutomations($first: Int, $after: String) {\n    managedAutomations(first: $first, after: $after) {\n      edges {\n        node {\n          ...AutomationFields\n          owner {\n            ...UserFields\n            email\n          }\n          lastRun {\n            ...AutomationRunFields\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ManagedAutomationsDocument,
    "\n  mutation ManageDisableAutomation($id: ID!) {\n    disableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n      }\n    }\n  }\n": typeof types.ManageDisableAutomationDocument,
    "\n  query ManageParkedEvents {\n    manageParkedEvents(first: 100) {\n      eventId\n      consumer\n      eventType\n      subjectType\n      attempts\n      errorClass\n      parkedAt\n    }\n  }\n": typeof types.ManageParkedEventsDocument,
    "\n  mutation RetryParkedEvent($input: RetryParkedEventInput!) {\n    retryParkedEvent(input: $input) {\n      parkedEvent {\n        eventId\n        consumer\n      }\n    }\n  }\n": typeof types.RetryParkedEventDocument,
    "\n  query ManageGroups {\n    manageGroups {\n      ...ManagedGroupFields\n    }\n  }\n": typeof types.ManageGroupsDocument,
    "\n  query ManageGroupMembers($groupId: ID!) {\n    manageGroupMembers(groupId: $groupId) {\n      ...ManagedUserFields\n      kind\n      active\n    }\n  }\n": typeof types.ManageGroupMembersDocument,
    "\n  mutation CreateGroup($input: CreateGroupInput!) {\n    createGroup(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n": typeof types.CreateGroupDocument,
    "\n  mutation DeleteGroup($input: GroupInput!) {\n    deleteGroup(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n": typeof types.DeleteGroupDocument,
    "\n  mutation AddGroupMember($input: GroupMemberInput!) {\n    addGroupMember(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n": typeof types.AddGroupMemberDocument,
    "\n  mutation RemoveGroupMember($input: GroupMemberInput!) {\n    removeGroupMember(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n": typeof types.RemoveGroupMemberDocument,
    "\n  query ManageMe {\n    me {\n      ...UserFields\n      kind\n    }\n  }\n": typeof types.ManageMeDocument,
    "\n  query ManagedUsers($first: Int, $after: String) {\n    managedUsers(first: $first, after: $after) {\n      edges {\n        node {\n          ...ManagedUserFields\n          kind\n          active\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ManagedUsersDocument,
    "\n  mutation CreatePerson($input: CreatePersonInput!) {\n    createPerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        kind\n        active\n        createdAt\n      }\n    }\n  }\n": typeof types.CreatePersonDocument,
    "\n  mutation InvitePerson($input: InvitePersonInput!) {\n    invitePerson(input: $input) {\n      invitationToken\n      user {\n        ...ManagedUserFields\n        kind\n        active\n        createdAt\n      }\n    }\n  }\n": typeof types.InvitePersonDocument,
    "\n  mutation DeactivatePerson($input: SetPersonActiveInput!) {\n    deactivatePerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        active\n      }\n    }\n  }\n": typeof types.DeactivatePersonDocument,
    "\n  mutation ReactivatePerson($input: SetPersonActiveInput!) {\n    reactivatePerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        active\n      }\n    }\n  }\n": typeof types.ReactivatePersonDocument,
    "\n  query ManageDocument($id: ID!) {\n    manageDocument(id: $id) {\n      ...DocumentMetadataFields\n      owner {\n        ...ManagedUserFields\n      }\n      grants {\n        principalType\n        principalId\n        recipient\n        name\n        permission\n        reason\n        createdAt\n      }\n    }\n  }\n": typeof types.ManageDocumentDocument,
    "\n  mutation QuarantineDocument($input: QuarantineInput!) {\n    quarantineDocument(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n    }\n  }\n": typeof types.QuarantineDocumentDocument,
    "\n  mutation ReleaseDocument($input: ReleaseInput!) {\n    releaseDocument(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n      notRestored {\n        recipient\n        name\n        permission\n      }\n    }\n  }\n": typeof types.ReleaseDocumentDocument,
    "\n  mutation TakeAwayShare($input: TakeAwayShareInput!) {\n    takeAwayShare(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n    }\n  }\n": typeof types.TakeAwayShareDocument,
    "\n  query ManageSpaceDefaults {\n    spaceDefaults {\n      space\n      access\n      updatedAt\n    }\n  }\n": typeof types.ManageSpaceDefaultsDocument,
    "\n  mutation SetSpaceDefault($input: SetSpaceDefaultInput!) {\n    setSpaceDefault(input: $input) {\n      spaceDefault {\n        space\n        access\n        updatedAt\n      }\n    }\n  }\n": typeof types.SetSpaceDefaultDocument,
    "\n  query ManageServiceTokens {\n    manageServiceTokens {\n      ...ServiceTokenFields\n    }\n  }\n": typeof types.ManageServiceTokensDocument,
    "\n  mutation CreateServiceToken($input: CreateServiceTokenInput!) {\n    createServiceToken(input: $input) {\n      token\n      serviceToken {\n        ...ServiceTokenFields\n      }\n    }\n  }\n": typeof types.CreateServiceTokenDocument,
    "\n  mutation RevokeServiceToken($input: ServiceTokenInput!) {\n    revokeServiceToken(input: $input) {\n      serviceToken {\n        ...ServiceTokenFields\n      }\n    }\n  }\n": typeof types.RevokeServiceTokenDocument,
    "\n  query ManageUsage($from: String!, $to: String!) {\n    manageUsage(from: $from, to: $to) {\n      day\n      activity\n      tool\n      outcome\n      count\n      user {\n        ...ManagedUserFields\n      }\n    }\n  }\n": typeof types.ManageUsageDocument,
    "\n  query ManagementWebhooks {\n    managementWebhooks {\n      ...WebhookFields\n      deliveries(first: 10) {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": typeof types.ManagementWebhooksDocument,
    "\n  mutation CreateManagementWebhook($input: CreateManagementWebhookInput!) {\n    createManagementWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": typeof types.CreateManagementWebhookDocument,
    "\n  mutation PauseManagementWebhook($id: ID!) {\n    pauseManagementWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": typeof types.PauseManagementWebhookDocument,
    "\n  mutation ResumeManagementWebhook($id: ID!) {\n    resumeManagementWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": typeof types.ResumeManagementWebhookDocument,
    "\n  mutation RotateManagementWebhookSecret($id: ID!) {\n    rotateManagementWebhookSecret(id: $id) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": typeof types.RotateManagementWebhookSecretDocument,
    "\n  mutation PingManagementWebhook($id: ID!) {\n    pingManagementWebhook(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": typeof types.PingManagementWebhookDocument,
    "\n  mutation RedeliverManagementWebhookDelivery($id: ID!) {\n    redeliverManagementWebhookDelivery(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": typeof types.RedeliverManagementWebhookDeliveryDocument,
    "\n  mutation DeleteManagementWebhook($id: ID!) {\n    deleteManagementWebhook(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteManagementWebhookDocument,
    "\n  query PageThreads($id: ID!) {\n    me {\n      ...UserFields\n    }\n    document(id: $id) {\n      ...DocumentFields\n      threadCount\n      openThreadCount\n      threads {\n        ...ThreadFields\n      }\n    }\n  }\n": typeof types.PageThreadsDocument,
    "\n  mutation CreateThread($input: CreateThreadInput!) {\n    createThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n": typeof types.CreateThreadDocument,
    "\n  mutation ReplyToThread($input: ReplyToThreadInput!) {\n    replyToThread(input: $input) {\n      comment {\n        ...CommentFields\n      }\n    }\n  }\n": typeof types.ReplyToThreadDocument,
    "\n  mutation ResolveThread($input: ThreadInput!) {\n    resolveThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n": typeof types.ResolveThreadDocument,
    "\n  mutation ReopenThread($input: ThreadInput!) {\n    reopenThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n": typeof types.ReopenThreadDocument,
    "\n  mutation EditComment($input: EditCommentInput!) {\n    editComment(input: $input) {\n      comment {\n        ...CommentFields\n      }\n    }\n  }\n": typeof types.EditCommentDocument,
    "\n  mutation DeleteComment($input: CommentInput!) {\n    deleteComment(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n": typeof types.DeleteCommentDocument,
    "\n  subscription ThreadChanged($documentId: ID!) {\n    threadChanged(documentId: $documentId) {\n      ...ThreadFields\n    }\n  }\n": typeof types.ThreadChangedDocument,
    "\n  query PageRevisions($id: ID!, $first: Int!, $after: String) {\n    document(id: $id) {\n      ...DocumentFields\n      revisions(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            ...DocumentRevisionFields\n            author {\n              ...UserFields\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.PageRevisionsDocument,
    "\n  query PageDiff($id: ID!, $from: Int!, $to: Int!) {\n    document(id: $id) {\n      ...DocumentFields\n      diff(from: $from, to: $to)\n    }\n  }\n": typeof types.PageDiffDocument,
    "\n  mutation RestoreRevision($input: RestoreRevisionInput!) {\n    restoreRevision(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        content\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n": typeof types.RestoreRevisionDocument,
    "\n  query LinkGraph($rootId: ID!, $depth: Int, $direction: LinkDirection) {\n    linkGraph(rootId: $rootId, depth: $depth, direction: $direction) {\n      nodes {\n        depth\n        document {\n          ...DocumentFields\n        }\n      }\n      edges {\n        id\n        sourceId\n        targetId\n        state\n      }\n    }\n  }\n": typeof types.LinkGraphDocument,
    "\n  mutation CreatePage($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n": typeof types.CreatePageDocument,
    "\n  query NewPageAudience($space: Space!, $path: String) {\n    newPageAudience(space: $space, path: $path) {\n      space\n      path\n      default\n      folders {\n        path\n        recipient\n        name\n        permission\n      }\n    }\n  }\n": typeof types.NewPageAudienceDocument,
    "\n  query NewPageTemplates {\n    templates {\n      ...DocumentFields\n      tags\n      content\n    }\n    me {\n      ...UserFields\n    }\n  }\n": typeof types.NewPageTemplatesDocument,
    "\n  mutation MovePage($input: MoveDocumentInput!) {\n    moveDocument(input: $input) {\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n": typeof types.MovePageDocument,
    "\n  mutation UpdatePageMeta($input: UpdateDocumentInput!) {\n    updateDocument(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n": typeof types.UpdatePageMetaDocument,
    "\n  mutation TrashPage($input: DeleteDocumentInput!) {\n    deleteDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n      }\n    }\n  }\n": typeof types.TrashPageDocument,
    "\n  mutation RestorePage($input: RestoreDocumentInput!) {\n    restoreDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n      }\n    }\n  }\n": typeof types.RestorePageDocument,
    "\n  query PageView($space: Space!, $path: String!, $slug: String!) {\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      ...PageViewDocument\n    }\n  }\n": typeof types.PageViewDocument,
    "\n  mutation DecideLinkInline($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        links {\n          ...DocumentLinkFields\n        }\n      }\n    }\n  }\n": typeof types.DecideLinkInlineDocument,
    "\n  query Related($id: ID!, $depth: Int, $direction: LinkDirection) {\n    document(id: $id) {\n      ...DocumentFields\n      related(depth: $depth, direction: $direction) {\n        depth\n        document {\n          ...DocumentFields\n        }\n        via {\n          ...DocumentFields\n        }\n      }\n    }\n  }\n": typeof types.RelatedDocument,
    "\n  mutation StarDocument($input: DocumentRefInput!) {\n    starDocument(input: $input) {\n      document {\n        ...DocumentFields\n        starred\n      }\n    }\n  }\n": typeof types.StarDocumentDocument,
    "\n  mutation UnstarDocument($input: DocumentRefInput!) {\n    unstarDocument(input: $input) {\n      document {\n        ...DocumentFields\n        starred\n      }\n    }\n  }\n": typeof types.UnstarDocumentDocument,
    "\n  mutation RecordView($input: DocumentRefInput!) {\n    recordView(input: $input)\n  }\n": typeof types.RecordViewDocument,
    "\n  mutation WatchDocument($input: DocumentRefInput!) {\n    watchDocument(input: $input) {\n      watch {\n        ...WatchFields\n      }\n      document {\n        ...DocumentFields\n        watching\n        watcherCount\n      }\n    }\n  }\n": typeof types.WatchDocumentDocument,
    "\n  mutation UnwatchDocument($input: DocumentRefInput!) {\n    unwatchDocument(input: $input) {\n      document {\n        ...DocumentFields\n        watching\n        watcherCount\n      }\n    }\n  }\n": typeof types.UnwatchDocumentDocument,
    "\n  fragment PageViewDocument on Document {\n    ...DocumentFields\n    content\n    tags\n    status\n    version\n    updatedAt\n    liveDigest\n    myPermission\n    starred\n    watching\n    watcherCount\n    owner {\n      ...UserFields\n    }\n    links {\n      ...DocumentLinkFields\n      target {\n        ...DocumentFields\n      }\n    }\n    backlinks {\n      ...DocumentLinkFields\n      source {\n        ...DocumentFields\n      }\n    }\n    fileReferences {\n      ...FileReferenceFields\n      attachment {\n        ...AttachmentFields\n      }\n    }\n  }\n": typeof types.PageViewDocumentFragmentDoc,
    "\n  subscription PageChanged($id: ID!, $since: String) {\n    documentChanged(id: $id, since: $since) {\n      ...DocumentFields\n    }\n  }\n": typeof types.PageChangedDocument,
    "\n  query SearchDocuments($query: String!, $filter: SearchFilter, $first: Int, $after: String) {\n    search(query: $query, filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          score\n          document {\n            ...DocumentFields\n          }\n          title {\n            text\n            ranges {\n              start\n              end\n            }\n          }\n          snippet {\n            text\n            ranges {\n              start\n              end\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n      totalIsApproximate\n      facets {\n        spaces {\n          value\n          count\n        }\n        tags {\n          value\n          count\n        }\n      }\n    }\n  }\n": typeof types.SearchDocumentsDocument,
    "\n  query MyAgentsCare {\n    myAgents {\n      ...ResponsibleAgentFields\n    }\n  }\n": typeof types.MyAgentsCareDocument,
    "\n  query AgentCare($agentId: ID!) {\n    agentTokens(agentId: $agentId) {\n      ...AccessTokenFields\n      revokedAt\n    }\n    agentShareTargets(agentId: $agentId) {\n      recipient\n      recipientName\n    }\n  }\n": typeof types.AgentCareDocument,
    "\n  mutation SetAgentShareTargets($input: SetAgentShareTargetsInput!) {\n    setAgentShareTargets(input: $input) {\n      targets {\n        recipient\n        recipientName\n      }\n    }\n  }\n": typeof types.SetAgentShareTargetsDocument,
    "\n  mutation RevokeAgentToken($input: RevokeAgentTokenInput!) {\n    revokeAgentToken(input: $input) {\n      accessToken {\n        ...AccessTokenFields\n        revokedAt\n      }\n    }\n  }\n": typeof types.RevokeAgentTokenDocument,
    "\n  mutation ResumeMyAgent($input: ResumeAgentInput!) {\n    resumeAgent(input: $input) {\n      agent {\n        ...ResponsibleAgentFields\n      }\n    }\n  }\n": typeof types.ResumeMyAgentDocument,
    "\n  query MailPreferences {\n    mailPreferences {\n      decisions\n      mentions\n      digest\n      mailEnabled\n    }\n  }\n": typeof types.MailPreferencesDocument,
    "\n  mutation UpdateMailPreferences($input: UpdateMailPreferencesInput!) {\n    updateMailPreferences(input: $input) {\n      decisions\n      mentions\n      digest\n      mailEnabled\n    }\n  }\n": typeof types.UpdateMailPreferencesDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      sessionsEnded\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  query Sessions {\n    sessions {\n      ...SessionFields\n    }\n  }\n": typeof types.SessionsDocument,
    "\n  mutation EndSession($input: EndSessionInput!) {\n    endSession(input: $input) {\n      id\n    }\n  }\n": typeof types.EndSessionDocument,
    "\n  mutation EndOtherSessions {\n    endOtherSessions {\n      sessionsEnded\n    }\n  }\n": typeof types.EndOtherSessionsDocument,
    "\n  query AccessTokens {\n    accessTokens {\n      ...AccessTokenFields\n    }\n  }\n": typeof types.AccessTokensDocument,
    "\n  mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n    createAccessToken(input: $input) {\n      token\n      accessToken {\n        ...AccessTokenFields\n      }\n    }\n  }\n": typeof types.CreateAccessTokenDocument,
    "\n  mutation RevokeAccessToken($input: RevokeAccessTokenInput!) {\n    revokeAccessToken(input: $input) {\n      accessToken {\n        ...AccessTokenFields\n      }\n    }\n  }\n": typeof types.RevokeAccessTokenDocument,
    "\n  query Watches {\n    watches {\n      ...WatchFields\n      document {\n        ...DocumentFields\n      }\n    }\n  }\n": typeof types.WatchesDocument,
    "\n  mutation UnwatchFromSettings($input: DocumentRefInput!) {\n    unwatchDocument(input: $input) {\n      document {\n        ...DocumentFields\n        watching\n      }\n    }\n  }\n": typeof types.UnwatchFromSettingsDocument,
    "\n  mutation WatchFolder($input: FolderRefInput!) {\n    watchFolder(input: $input) {\n      watch {\n        ...WatchFields\n      }\n    }\n  }\n": typeof types.WatchFolderDocument,
    "\n  mutation UnwatchFolder($input: FolderRefInput!) {\n    unwatchFolder(input: $input) {\n      watch {\n        ...WatchFields\n      }\n    }\n  }\n": typeof types.UnwatchFolderDocument,
    "\n  query MyWebhooks {\n    webhooks {\n      ...WebhookFields\n      deliveries(first: 10) {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": typeof types.MyWebhooksDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation PauseWebhook($id: ID!) {\n    pauseWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": typeof types.PauseWebhookDocument,
    "\n  mutation ResumeWebhook($id: ID!) {\n    resumeWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": typeof types.ResumeWebhookDocument,
    "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  mutation PingWebhook($id: ID!) {\n    pingWebhook(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": typeof types.PingWebhookDocument,
    "\n  mutation RedeliverWebhookDelivery($id: ID!) {\n    redeliverWebhookDelivery(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": typeof types.RedeliverWebhookDeliveryDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  query SharePeople($query: String!) {\n    people(query: $query, first: 8) {\n      ...PersonFields\n    }\n  }\n": typeof types.SharePeopleDocument,
    "\n  query ShareGroups {\n    groups {\n      ...GroupFields\n    }\n  }\n": typeof types.ShareGroupsDocument,
    "\n  query ShareSuggestions($documentIds: [ID!]!, $recipients: [String!]!, $depth: Int) {\n    shareSuggestions(documentIds: $documentIds, recipients: $recipients, depth: $depth) {\n      document {\n        ...DocumentFields\n      }\n      depth\n      explanation\n      recipients\n    }\n  }\n": typeof types.ShareSuggestionsDocument,
    "\n  query ShareAccess($id: ID!) {\n    document(id: $id) {\n      ...DocumentFields\n      access {\n        ...GrantFields\n        grantedBy {\n          ...UserFields\n        }\n      }\n    }\n  }\n": typeof types.ShareAccessDocument,
    "\n  mutation Share($input: ShareInput!) {\n    share(input: $input) {\n      batchId\n      grants {\n        recipient\n        outcome\n        document {\n          ...DocumentFields\n        }\n      }\n    }\n  }\n": typeof types.ShareDocument,
    "\n  mutation ShareRevoke($input: RevokeAccessInput!) {\n    revokeAccess(input: $input) {\n      document {\n        ...DocumentFields\n        access {\n          ...GrantFields\n        }\n      }\n    }\n  }\n": typeof types.ShareRevokeDocument,
    "\n  mutation ShareRevokeBatch($input: RevokeBatchInput!) {\n    revokeBatch(input: $input) {\n      revoked\n    }\n  }\n": typeof types.ShareRevokeBatchDocument,
    "\n  query RecentlyShared($since: Time!, $first: Int) {\n    recentlyShared(since: $since, first: $first) {\n      document {\n        ...DocumentFields\n        owner {\n          ...UserFields\n        }\n      }\n      permission\n      reason\n      batchId\n      at\n      recipient\n      recipientName\n      grantedBy {\n        ...UserFields\n      }\n    }\n  }\n": typeof types.RecentlySharedDocument,
    "\n  mutation RequestPasswordReset($input: RequestPasswordResetInput!) {\n    requestPasswordReset(input: $input)\n  }\n": typeof types.RequestPasswordResetDocument,
    "\n  query InvitationPreview($token: String!) {\n    invitation(token: $token) {\n      email\n      name\n      expiresAt\n    }\n  }\n": typeof types.InvitationPreviewDocument,
    "\n  mutation AcceptInvitation($input: AcceptInvitationInput!) {\n    acceptInvitation(input: $input) {\n      user {\n        ...UserFields\n      }\n    }\n  }\n": typeof types.AcceptInvitationDocument,
    "\n  mutation ResetPasswordWithToken($input: ResetPasswordWithTokenInput!) {\n    resetPasswordWithToken(input: $input) {\n      user {\n        ...UserFields\n      }\n    }\n  }\n": typeof types.ResetPasswordWithTokenDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...UserFields\n        email\n        kind\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  query SignInOptions {\n    signInOptions {\n      password\n      sso {\n        name\n        startUrl\n      }\n    }\n  }\n": typeof types.SignInOptionsDocument,
    "\n  query TagPages($tag: String!, $first: Int, $after: String) {\n    documents(first: $first, after: $after, filter: { tags: [$tag] }, orderBy: UPDATED) {\n      edges {\n        node {\n          ...DocumentFields\n          updatedAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.TagPagesDocument,
    "\n  query TagIndex($prefix: String, $first: Int) {\n    tags(prefix: $prefix, first: $first) {\n      tag\n      count\n    }\n  }\n": typeof types.TagIndexDocument,
    "\n  query Trash($first: Int, $after: String) {\n    trash(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...DocumentFields\n          deletedAt\n          purgeAfter\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.TrashDocument,
    "\n  mutation TrashRestore($input: RestoreDocumentInput!) {\n    restoreDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n        purgeAfter\n      }\n    }\n  }\n": typeof types.TrashRestoreDocument,
    "\n  mutation TrashPurge($input: DocumentRefInput!) {\n    purgeDocument(input: $input) {\n      documentId\n    }\n  }\n": typeof types.TrashPurgeDocument,
    "\n  mutation TrashEmpty {\n    emptyTrash {\n      purged\n    }\n  }\n": typeof types.TrashEmptyDocument,
};
const documents: Documents = {
    "\n  query Me {\n    me {\n      ...UserFields\n      email\n      kind\n    }\n  }\n": types.MeDocument,
    "\n  query Start($space: Space!, $path: String!, $slug: String!, $tree: Space!) {\n    me {\n      ...UserFields\n      email\n      kind\n    }\n    folderTree(space: $tree, path: \"\") {\n      ...FolderTreeFields\n    }\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      ...PageViewDocument\n    }\n    favorites {\n      ...DocumentFields\n      starred\n    }\n  }\n": types.StartDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  fragment FolderTreeFields on FolderTree {\n    space\n    path\n    folders {\n      path\n      documents\n      hasChildren\n    }\n    documents {\n      ...FolderEntryFields\n    }\n  }\n": types.FolderTreeFieldsFragmentDoc,
    "\n  query FolderTree($space: Space!, $path: String) {\n    folderTree(space: $space, path: $path) {\n      ...FolderTreeFields\n    }\n  }\n": types.FolderTreeDocument,
    "\n  subscription FolderChanged($space: Space!, $path: String) {\n    folderChanged(space: $space, path: $path) {\n      ...FolderTreeFields\n    }\n  }\n": types.FolderChangedDocument,
    "\n  subscription InboxBadge {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n": types.InboxBadgeDocument,
    "\n  query Mentionables($query: String!, $first: Int) {\n    mentionables(query: $query, first: $first) {\n      kind\n      id\n      name\n      slug\n      href\n    }\n  }\n": types.MentionablesDocument,
    "\n  query MentionNames($hrefs: [String!]!) {\n    mentionNames(hrefs: $hrefs) {\n      href\n      name\n    }\n  }\n": types.MentionNamesDocument,
    "\n  fragment GrantFields on Grant {\n    id\n    recipient\n    recipientName\n    principalType\n    principalId\n    permission\n    reason\n    batchId\n    createdAt\n  }\n": types.GrantFieldsFragmentDoc,
    "\n  fragment GroupFields on Group {\n    id\n    slug\n    name\n    everyone\n    members\n  }\n": types.GroupFieldsFragmentDoc,
    "\n  fragment PersonFields on Person {\n    id\n    name\n    email\n    kind\n    slug\n  }\n": types.PersonFieldsFragmentDoc,
    "\n  fragment ResponsibleAgentFields on ResponsibleAgent {\n    id\n    slug\n    name\n    pausedAt\n  }\n": types.ResponsibleAgentFieldsFragmentDoc,
    "\n  fragment UserFields on User {\n    id\n    name\n  }\n": types.UserFieldsFragmentDoc,
    "\n  fragment AccessTokenFields on AccessToken {\n    id\n    name\n    prefix\n    createdAt\n    lastUsedAt\n    expiresAt\n  }\n": types.AccessTokenFieldsFragmentDoc,
    "\n  fragment SessionFields on Session {\n    id\n    device\n    address\n    createdAt\n    lastUsedAt\n    current\n  }\n": types.SessionFieldsFragmentDoc,
    "\n  fragment AutomationFields on Automation {\n    id\n    name\n    kind\n    enabled\n    disabledReason\n    ownerActive\n    schedule\n  }\n": types.AutomationFieldsFragmentDoc,
    "\n  fragment AutomationRunFields on AutomationRun {\n    id\n    status\n    createdAt\n    finishedAt\n  }\n": types.AutomationRunFieldsFragmentDoc,
    "\n  fragment CommentFields on Comment {\n    id\n    threadId\n    body\n    deleted\n    createdAt\n    editedAt\n    author {\n      ...UserFields\n    }\n  }\n": types.CommentFieldsFragmentDoc,
    "\n  fragment ThreadFields on Thread {\n    id\n    documentId\n    kind\n    status\n    anchorState\n    anchor {\n      exact\n      prefix\n      suffix\n      start\n      end\n    }\n    createdAt\n    updatedAt\n    resolvedAt\n    author {\n      ...UserFields\n    }\n    resolvedBy {\n      ...UserFields\n    }\n    comments {\n      ...CommentFields\n    }\n  }\n": types.ThreadFieldsFragmentDoc,
    "\n  fragment DocumentFields on Document {\n    id\n    space\n    path\n    slug\n    title\n  }\n": types.DocumentFieldsFragmentDoc,
    "\n  fragment FolderEntryFields on FolderEntry {\n    id\n    space\n    path\n    slug\n    title\n  }\n": types.FolderEntryFieldsFragmentDoc,
    "\n  fragment DocumentRevisionFields on DocumentRevision {\n    id\n    version\n    changeKind\n    changeSummary\n    title\n    createdAt\n  }\n": types.DocumentRevisionFieldsFragmentDoc,
    "\n  fragment AttachmentFields on Attachment {\n    id\n    name\n    mimeType\n    byteSize\n    url\n    path\n  }\n": types.AttachmentFieldsFragmentDoc,
    "\n  fragment FileReferenceFields on FileReference {\n    id\n    href\n    state\n  }\n": types.FileReferenceFieldsFragmentDoc,
    "\n  fragment NotificationFields on Notification {\n    id\n    type\n    subjectType\n    subjectId\n    payload\n    requiresDecision\n    status\n    batchId\n    createdAt\n    readAt\n    resolvedAt\n  }\n": types.NotificationFieldsFragmentDoc,
    "\n  fragment IngestionFields on Ingestion {\n    id\n    filename\n    kind\n    byteSize\n    path\n    status\n    error\n    originalUrl\n    createdAt\n  }\n": types.IngestionFieldsFragmentDoc,
    "\n  fragment DocumentLinkFields on DocumentLink {\n    id\n    hrefAsWritten\n    text\n    state\n  }\n": types.DocumentLinkFieldsFragmentDoc,
    "\n  fragment LinkSuggestionFields on LinkSuggestion {\n    id\n    status\n  }\n": types.LinkSuggestionFieldsFragmentDoc,
    "\n  fragment ManagedUserFields on ManagedUser {\n    id\n    name\n    email\n  }\n": types.ManagedUserFieldsFragmentDoc,
    "\n  fragment ManagedGroupFields on ManagedGroup {\n    id\n    slug\n    name\n    description\n    everyone\n    members\n  }\n": types.ManagedGroupFieldsFragmentDoc,
    "\n  fragment ManagedAgentFields on ManagedAgent {\n    id\n    slug\n    name\n    description\n    createdAt\n    deletedAt\n    pausedAt\n  }\n": types.ManagedAgentFieldsFragmentDoc,
    "\n  fragment ServiceTokenFields on ServiceToken {\n    id\n    name\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    revokedAt\n  }\n": types.ServiceTokenFieldsFragmentDoc,
    "\n  fragment DocumentMetadataFields on DocumentMetadata {\n    id\n    space\n    status\n    versions\n    createdAt\n    updatedAt\n    deletedAt\n    quarantinedAt\n  }\n": types.DocumentMetadataFieldsFragmentDoc,
    "\n  fragment AuditEntryFields on AuditEntry {\n    id\n    action\n    via\n    tokenId\n    targetUserId\n    targetGroupId\n    targetDocumentId\n    details\n    createdAt\n  }\n": types.AuditEntryFieldsFragmentDoc,
    "\n  fragment ImportFields on Import {\n    id\n    format\n    space\n    path\n    status\n    done\n    total\n    error\n    createdAt\n    finishedAt\n    report {\n      created\n      updated\n      unchanged\n      skipped {\n        entry\n        reason\n      }\n      droppedKeys\n    }\n  }\n": types.ImportFieldsFragmentDoc,
    "\n  fragment ExportFields on Export {\n    id\n    space\n    path\n    status\n    done\n    total\n    url\n    byteSize\n    expiresAt\n    error\n  }\n": types.ExportFieldsFragmentDoc,
    "\n  fragment WatchFields on Watch {\n    id\n    space\n    path\n    source\n  }\n": types.WatchFieldsFragmentDoc,
    "\n  fragment ActivityEntryFields on ActivityEntry {\n    id\n    action\n    at\n    count\n    changeSummary\n    automationId\n  }\n": types.ActivityEntryFieldsFragmentDoc,
    "\n  fragment WebhookFields on Webhook {\n    id\n    url\n    events\n    space\n    pathPrefix\n    status\n    statusReason\n    consecutiveDead\n    previousSecretUntil\n    createdAt\n    updatedAt\n  }\n": types.WebhookFieldsFragmentDoc,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    seq\n    eventId\n    eventType\n    status\n    attempts\n    nextAttemptAt\n    lastStatus\n    lastError\n    eventAt\n    createdAt\n    deliveredAt\n  }\n": types.WebhookDeliveryFieldsFragmentDoc,
    "\n  query ActivityFeed($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ActivityEntryFields\n          actor {\n            ...UserFields\n          }\n          document {\n            ...DocumentFields\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ActivityFeedDocument,
    "\n  mutation CreateAutomation($input: CreateAutomationInput!) {\n    createAutomation(input: $input) {\n      automation {\n        ...AutomationFields\n      }\n    }\n  }\n": types.CreateAutomationDocument,
    "\n  mutation UpdateAutomation($input: UpdateAutomationInput!) {\n    updateAutomation(input: $input) {\n      automation {\n        ...AutomationFields\n        description\n        script\n        triggerEvents\n        timezone\n        nextRunAt\n        scope {\n          space\n          pathPrefix\n          tags\n        }\n      }\n    }\n  }\n": types.UpdateAutomationDocument,
    "\n  mutation DryRunAutomation($input: DryRunAutomationInput!) {\n    dryRunAutomation(input: $input) {\n      proposals {\n        kind\n        documentId\n        recipient\n        permission\n        message\n        tag\n        write {\n          space\n          path\n          slug\n          title\n        }\n        applied\n        reason\n      }\n      logs\n      logsTruncated\n      limitHit\n      error\n      reads\n      durationMs\n      memoryPeak\n    }\n  }\n": types.DryRunAutomationDocument,
    "\n  query MyAutomations {\n    automations {\n      ...AutomationFields\n      description\n      triggerEvents\n      scope {\n        space\n        pathPrefix\n        tags\n      }\n      timezone\n      nextRunAt\n      lastRunAt\n      script\n      updatedAt\n      lastRun {\n        ...AutomationRunFields\n      }\n    }\n  }\n": types.MyAutomationsDocument,
    "\n  mutation EnableAutomation($id: ID!) {\n    enableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n        nextRunAt\n      }\n    }\n  }\n": types.EnableAutomationDocument,
    "\n  mutation DisableAutomation($id: ID!) {\n    disableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n        nextRunAt\n      }\n    }\n  }\n": types.DisableAutomationDocument,
    "\n  mutation DeleteAutomation($id: ID!) {\n    deleteAutomation(id: $id) {\n      id\n    }\n  }\n": types.DeleteAutomationDocument,
    "\n  query AutomationRuns($id: ID!, $first: Int, $after: String) {\n    automation(id: $id) {\n      ...AutomationFields\n      runs(first: $first, after: $after) {\n        edges {\n          node {\n            ...AutomationRunFields\n            eventType\n            scheduledFor\n            durationMs\n            memoryPeak\n            limitHit\n            reads\n            attempts\n            logs\n            error\n            proposals {\n              kind\n              documentId\n              recipient\n              permission\n              message\n              tag\n              write {\n                space\n                path\n                slug\n                title\n              }\n              applied\n              reason\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.AutomationRunsDocument,
    "\n  mutation SaveDocument($input: UpdateDocumentInput!) {\n    updateDocument(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        content\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n": types.SaveDocumentDocument,
    "\n  query CurrentDocument($id: ID!) {\n    document(id: $id) {\n      ...DocumentFields\n      content\n      version\n      updatedAt\n      updatedBy {\n        ...UserFields\n      }\n    }\n  }\n": types.CurrentDocumentDocument,
    "\n  subscription CoeditChanged($id: ID!) {\n    documentChanged(id: $id) {\n      ...DocumentFields\n    }\n  }\n": types.CoeditChangedDocument,
    "\n  query CoeditMe {\n    me {\n      ...UserFields\n    }\n  }\n": types.CoeditMeDocument,
    "\n  mutation UploadAttachment($input: UploadAttachmentInput!) {\n    uploadAttachment(input: $input) {\n      existing\n      attachment {\n        ...AttachmentFields\n      }\n    }\n  }\n": types.UploadAttachmentDocument,
    "\n  query Favorites {\n    favorites {\n      ...DocumentFields\n      starred\n    }\n  }\n": types.FavoritesDocument,
    "\n  query RecentDocuments($first: Int) {\n    recentDocuments(first: $first) {\n      ...DocumentFields\n    }\n  }\n": types.RecentDocumentsDocument,
    "\n  mutation MoveFavorite($input: MoveFavoriteInput!) {\n    moveFavorite(input: $input) {\n      ...DocumentFields\n    }\n  }\n": types.MoveFavoriteDocument,
    "\n  query HomeDecisions {\n    inboxCounts {\n      decisions\n    }\n    inbox(first: 20, filter: { requiresDecision: true }) {\n      edges {\n        node {\n          ...NotificationFields\n          actor {\n            ...UserFields\n          }\n          mention {\n            targetName\n          }\n        }\n      }\n    }\n  }\n": types.HomeDecisionsDocument,
    "\n  query HomeDocuments($ids: [ID!]!) {\n    documentsByIds(ids: $ids) {\n      ...DocumentFields\n    }\n  }\n": types.HomeDocumentsDocument,
    "\n  mutation ExportDocuments($space: Space!, $path: String) {\n    exportDocuments(space: $space, path: $path) {\n      export {\n        ...ExportFields\n      }\n    }\n  }\n": types.ExportDocumentsDocument,
    "\n  query ExportStatus($id: ID!) {\n    export(id: $id) {\n      ...ExportFields\n    }\n  }\n": types.ExportStatusDocument,
    "\n  query Imports($first: Int) {\n    imports(first: $first) {\n      edges {\n        node {\n          ...ImportFields\n        }\n      }\n    }\n  }\n": types.ImportsDocument,
    "\n  mutation StartImport($input: StartImportInput!) {\n    startImport(input: $input) {\n      import {\n        ...ImportFields\n      }\n    }\n  }\n": types.StartImportDocument,
    "\n  subscription ImportProgress($id: ID!) {\n    importProgress(id: $id) {\n      ...ImportFields\n    }\n  }\n": types.ImportProgressDocument,
    "\n  query Ingestions($first: Int) {\n    ingestions(first: $first) {\n      edges {\n        node {\n          ...IngestionFields\n          document {\n            ...DocumentFields\n          }\n        }\n      }\n    }\n  }\n": types.IngestionsDocument,
    "\n  mutation Ingest($input: IngestInput!) {\n    ingest(input: $input) {\n      ingestion {\n        ...IngestionFields\n      }\n    }\n  }\n": types.IngestDocument,
    "\n  mutation ReconvertIngestion($id: ID!) {\n    reconvertIngestion(id: $id) {\n      ingestion {\n        ...IngestionFields\n      }\n    }\n  }\n": types.ReconvertIngestionDocument,
    "\n  query InboxPage($first: Int, $after: String, $filter: InboxFilter) {\n    inbox(first: $first, after: $after, filter: $filter) {\n      edges {\n        cursor\n        node {\n          ...NotificationFields\n          actor {\n            ...UserFields\n          }\n          mention {\n            excerpt\n            targetName\n          }\n          watchEvents\n          documents(first: 3) {\n            edges {\n              node {\n                ...DocumentFields\n              }\n            }\n            pageInfo {\n              hasNextPage\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.InboxPageDocument,
    "\n  query InboxDocuments($ids: [ID!]!) {\n    documentsByIds(ids: $ids) {\n      ...DocumentFields\n    }\n  }\n": types.InboxDocumentsDocument,
    "\n  query InboxBatchPages($id: ID!, $first: Int, $after: String) {\n    notification(id: $id) {\n      ...NotificationFields\n      documents(first: $first, after: $after) {\n        edges {\n          node {\n            ...DocumentFields\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.InboxBatchPagesDocument,
    "\n  subscription InboxNotificationAdded {\n    notificationAdded {\n      ...NotificationFields\n    }\n  }\n": types.InboxNotificationAddedDocument,
    "\n  subscription InboxScreenCounts {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n": types.InboxScreenCountsDocument,
    "\n  mutation InboxMarkRead($input: MarkNotificationsReadInput!) {\n    markNotificationsRead(input: $input) {\n      marked\n      counts {\n        decisions\n        unread\n        total\n      }\n    }\n  }\n": types.InboxMarkReadDocument,
    "\n  mutation InboxMarkAllRead {\n    markAllNotificationsRead {\n      marked\n      counts {\n        decisions\n        unread\n        total\n      }\n    }\n  }\n": types.InboxMarkAllReadDocument,
    "\n  mutation InboxAnswerMention($input: AnswerMentionInput!) {\n    answerMention(input: $input) {\n      notificationId\n      batchId\n      notified\n    }\n  }\n": types.InboxAnswerMentionDocument,
    "\n  mutation InboxDismiss($input: NotificationInput!) {\n    dismissNotification(input: $input) {\n      notification {\n        ...NotificationFields\n      }\n    }\n  }\n": types.InboxDismissDocument,
    "\n  mutation InboxDecideLink($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        links {\n          ...DocumentLinkFields\n        }\n      }\n    }\n  }\n": types.InboxDecideLinkDocument,
    "\n  mutation InboxAnswerLinkDecisions($input: AnswerLinkDecisionsInput!) {\n    answerLinkDecisions(input: $input) {\n      answered\n      skipped\n      documents {\n        ...DocumentFields\n        version\n        content\n      }\n    }\n  }\n": types.InboxAnswerLinkDecisionsDocument,
    "\n  mutation InboxDecideFile($input: DecideFileReferenceInput!) {\n    decideFileReference(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        fileReferences {\n          ...FileReferenceFields\n        }\n      }\n    }\n  }\n": types.InboxDecideFileDocument,
    "\n  mutation InboxAcceptSuggestion($input: LinkSuggestionInput!) {\n    acceptLinkSuggestion(input: $input) {\n      suggestion {\n        ...LinkSuggestionFields\n      }\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n": types.InboxAcceptSuggestionDocument,
    "\n  mutation InboxRejectSuggestion($input: LinkSuggestionInput!) {\n    rejectLinkSuggestion(input: $input) {\n      suggestion {\n        ...LinkSuggestionFields\n      }\n    }\n  }\n": types.InboxRejectSuggestionDocument,
    "\n  query ManageAgents {\n    manageAgents {\n      ...ManagedAgentFields\n      responsible {\n        ...ManagedUserFields\n      }\n    }\n  }\n": types.ManageAgentsDocument,
    "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      token\n      agent {\n        ...ManagedAgentFields\n      }\n    }\n  }\n": types.CreateAgentDocument,
    "\n  mutation DeleteAgent($input: AgentInput!) {\n    deleteAgent(input: $input) {\n      agent {\n        ...ManagedAgentFields\n      }\n    }\n  }\n": types.DeleteAgentDocument,
    "\n  mutation ResumeManagedAgent($input: ResumeAgentInput!) {\n    resumeAgent(input: $input) {\n      agent {\n        ...ResponsibleAgentFields\n      }\n    }\n  }\n": types.ResumeManagedAgentDocument,
    "\n  mutation IssueAgentToken($input: IssueAgentTokenInput!) {\n    issueAgentToken(input: $input) {\n      token\n    }\n  }\n": types.IssueAgentTokenDocument,
    "\n  query ManageAudit($first: Int, $after: String, $filter: AuditFilter) {\n    manageAudit(first: $first, after: $after, filter: $filter) {\n      edges {\n        node {\n          ...AuditEntryFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ManageAuditDocument,
    "\n  query ManagedAutomations($first: Int, $after: String) {\n    managedAutomations(first: $first, after: $after) {\n      edges {\n        node {\n          ...AutomationFields\n          owner {\n            ...UserFields\n            email\n          }\n          lastRun {\n            ...AutomationRunFields\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ManagedAutomationsDocument,
    "\n  mutation ManageDisableAutomation($id: ID!) {\n    disableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n      }\n    }\n  }\n": types.ManageDisableAutomationDocument,
    "\n  query ManageParkedEvents {\n    manageParkedEvents(first: 100) {\n      eventId\n      consumer\n      eventType\n      subjectType\n      attempts\n      errorClass\n      parkedAt\n    }\n  }\n": types.ManageParkedEventsDocument,
    "\n  mutation RetryParkedEvent($input: RetryParkedEventInput!) {\n    retryParkedEvent(input: $input) {\n      parkedEvent {\n        eventId\n        consumer\n      }\n    }\n  }\n": types.RetryParkedEventDocument,
    "\n  query ManageGroups {\n    manageGroups {\n      ...ManagedGroupFields\n    }\n  }\n": types.ManageGroupsDocument,
    "\n  query ManageGroupMembers($groupId: ID!) {\n    manageGroupMembers(groupId: $groupId) {\n      ...ManagedUserFields\n      kind\n      active\n    }\n  }\n": types.ManageGroupMembersDocument,
    "\n  mutation CreateGroup($input: CreateGroupInput!) {\n    createGroup(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n": types.CreateGroupDocument,
    "\n  mutation DeleteGroup($input: GroupInput!) {\n    deleteGroup(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n": types.DeleteGroupDocument,
    "\n  mutation AddGroupMember($input: GroupMemberInput!) {\n    addGroupMember(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n": types.AddGroupMemberDocument,
    "\n  mutation RemoveGroupMember($input: GroupMemberInput!) {\n    removeGroupMember(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n": types.RemoveGroupMemberDocument,
    "\n  query ManageMe {\n    me {\n      ...UserFields\n      kind\n    }\n  }\n": types.ManageMeDocument,
    "\n  query ManagedUsers($first: Int, $after: String) {\n    managedUsers(first: $first, after: $after) {\n      edges {\n        node {\n          ...ManagedUserFields\n          kind\n          active\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ManagedUsersDocument,
    "\n  mutation CreatePerson($input: CreatePersonInput!) {\n    createPerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        kind\n        active\n        createdAt\n      }\n    }\n  }\n": types.CreatePersonDocument,
    "\n  mutation InvitePerson($input: InvitePersonInput!) {\n    invitePerson(input: $input) {\n      invitationToken\n      user {\n        ...ManagedUserFields\n        kind\n        active\n        createdAt\n      }\n    }\n  }\n": types.InvitePersonDocument,
    "\n  mutation DeactivatePerson($input: SetPersonActiveInput!) {\n    deactivatePerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        active\n      }\n    }\n  }\n": types.DeactivatePersonDocument,
    "\n  mutation ReactivatePerson($input: SetPersonActiveInput!) {\n    reactivatePerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        active\n      }\n    }\n  }\n": types.ReactivatePersonDocument,
    "\n  query ManageDocument($id: ID!) {\n    manageDocument(id: $id) {\n      ...DocumentMetadataFields\n      owner {\n        ...ManagedUserFields\n      }\n      grants {\n        principalType\n        principalId\n        recipient\n        name\n        permission\n        reason\n        createdAt\n      }\n    }\n  }\n": types.ManageDocumentDocument,
    "\n  mutation QuarantineDocument($input: QuarantineInput!) {\n    quarantineDocument(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n    }\n  }\n": types.QuarantineDocumentDocument,
    "\n  mutation ReleaseDocument($input: ReleaseInput!) {\n    releaseDocument(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n      notRestored {\n        recipient\n        name\n        permission\n      }\n    }\n  }\n": types.ReleaseDocumentDocument,
    "\n  mutation TakeAwayShare($input: TakeAwayShareInput!) {\n    takeAwayShare(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n    }\n  }\n": types.TakeAwayShareDocument,
    "\n  query ManageSpaceDefaults {\n    spaceDefaults {\n      space\n      access\n      updatedAt\n    }\n  }\n": types.ManageSpaceDefaultsDocument,
    "\n  mutation SetSpaceDefault($input: SetSpaceDefaultInput!) {\n    setSpaceDefault(input: $input) {\n      spaceDefault {\n        space\n        access\n        updatedAt\n      }\n    }\n  }\n": types.SetSpaceDefaultDocument,
    "\n  query ManageServiceTokens {\n    manageServiceTokens {\n      ...ServiceTokenFields\n    }\n  }\n": types.ManageServiceTokensDocument,
    "\n  mutation CreateServiceToken($input: CreateServiceTokenInput!) {\n    createServiceToken(input: $input) {\n      token\n      serviceToken {\n        ...ServiceTokenFields\n      }\n    }\n  }\n": types.CreateServiceTokenDocument,
    "\n  mutation RevokeServiceToken($input: ServiceTokenInput!) {\n    revokeServiceToken(input: $input) {\n      serviceToken {\n        ...ServiceTokenFields\n      }\n    }\n  }\n": types.RevokeServiceTokenDocument,
    "\n  query ManageUsage($from: String!, $to: String!) {\n    manageUsage(from: $from, to: $to) {\n      day\n      activity\n      tool\n      outcome\n      count\n      user {\n        ...ManagedUserFields\n      }\n    }\n  }\n": types.ManageUsageDocument,
    "\n  query ManagementWebhooks {\n    managementWebhooks {\n      ...WebhookFields\n      deliveries(first: 10) {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": types.ManagementWebhooksDocument,
    "\n  mutation CreateManagementWebhook($input: CreateManagementWebhookInput!) {\n    createManagementWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": types.CreateManagementWebhookDocument,
    "\n  mutation PauseManagementWebhook($id: ID!) {\n    pauseManagementWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": types.PauseManagementWebhookDocument,
    "\n  mutation ResumeManagementWebhook($id: ID!) {\n    resumeManagementWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": types.ResumeManagementWebhookDocument,
    "\n  mutation RotateManagementWebhookSecret($id: ID!) {\n    rotateManagementWebhookSecret(id: $id) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": types.RotateManagementWebhookSecretDocument,
    "\n  mutation PingManagementWebhook($id: ID!) {\n    pingManagementWebhook(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": types.PingManagementWebhookDocument,
    "\n  mutation RedeliverManagementWebhookDelivery($id: ID!) {\n    redeliverManagementWebhookDelivery(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": types.RedeliverManagementWebhookDeliveryDocument,
    "\n  mutation DeleteManagementWebhook($id: ID!) {\n    deleteManagementWebhook(id: $id) {\n      id\n    }\n  }\n": types.DeleteManagementWebhookDocument,
    "\n  query PageThreads($id: ID!) {\n    me {\n      ...UserFields\n    }\n    document(id: $id) {\n      ...DocumentFields\n      threadCount\n      openThreadCount\n      threads {\n        ...ThreadFields\n      }\n    }\n  }\n": types.PageThreadsDocument,
    "\n  mutation CreateThread($input: CreateThreadInput!) {\n    createThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n": types.CreateThreadDocument,
    "\n  mutation ReplyToThread($input: ReplyToThreadInput!) {\n    replyToThread(input: $input) {\n      comment {\n        ...CommentFields\n      }\n    }\n  }\n": types.ReplyToThreadDocument,
    "\n  mutation ResolveThread($input: ThreadInput!) {\n    resolveThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n": types.ResolveThreadDocument,
    "\n  mutation ReopenThread($input: ThreadInput!) {\n    reopenThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n": types.ReopenThreadDocument,
    "\n  mutation EditComment($input: EditCommentInput!) {\n    editComment(input: $input) {\n      comment {\n        ...CommentFields\n      }\n    }\n  }\n": types.EditCommentDocument,
    "\n  mutation DeleteComment($input: CommentInput!) {\n    deleteComment(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n": types.DeleteCommentDocument,
    "\n  subscription ThreadChanged($documentId: ID!) {\n    threadChanged(documentId: $documentId) {\n      ...ThreadFields\n    }\n  }\n": types.ThreadChangedDocument,
    "\n  query PageRevisions($id: ID!, $first: Int!, $after: String) {\n    document(id: $id) {\n      ...DocumentFields\n      revisions(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            ...DocumentRevisionFields\n            author {\n              ...UserFields\n            }\n          }\n        }\n      }\n    }\n  }\n": types.PageRevisionsDocument,
    "\n  query PageDiff($id: ID!, $from: Int!, $to: Int!) {\n    document(id: $id) {\n      ...DocumentFields\n      diff(from: $from, to: $to)\n    }\n  }\n": types.PageDiffDocument,
    "\n  mutation RestoreRevision($input: RestoreRevisionInput!) {\n    restoreRevision(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        content\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n": types.RestoreRevisionDocument,
    "\n  query LinkGraph($rootId: ID!, $depth: Int, $direction: LinkDirection) {\n    linkGraph(rootId: $rootId, depth: $depth, direction: $direction) {\n      nodes {\n        depth\n        document {\n          ...DocumentFields\n        }\n      }\n      edges {\n        id\n        sourceId\n        targetId\n        state\n      }\n    }\n  }\n": types.LinkGraphDocument,
    "\n  mutation CreatePage($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n": types.CreatePageDocument,
    "\n  query NewPageAudience($space: Space!, $path: String) {\n    newPageAudience(space: $space, path: $path) {\n      space\n      path\n      default\n      folders {\n        path\n        recipient\n        name\n        permission\n      }\n    }\n  }\n": types.NewPageAudienceDocument,
    "\n  query NewPageTemplates {\n    templates {\n      ...DocumentFields\n      tags\n      content\n    }\n    me {\n      ...UserFields\n    }\n  }\n": types.NewPageTemplatesDocument,
    "\n  mutation MovePage($input: MoveDocumentInput!) {\n    moveDocument(input: $input) {\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n": types.MovePageDocument,
    "\n  mutation UpdatePageMeta($input: UpdateDocumentInput!) {\n    updateDocument(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n": types.UpdatePageMetaDocument,
    "\n  mutation TrashPage($input: DeleteDocumentInput!) {\n    deleteDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n      }\n    }\n  }\n": types.TrashPageDocument,
    "\n  mutation RestorePage($input: RestoreDocumentInput!) {\n    restoreDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n      }\n    }\n  }\n": types.RestorePageDocument,
    "\n  query PageView($space: Space!, $path: String!, $slug: String!) {\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      ...PageViewDocument\n    }\n  }\n": types.PageViewDocument,
    "\n  mutation DecideLinkInline($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        links {\n          ...DocumentLinkFields\n        }\n      }\n    }\n  }\n": types.DecideLinkInlineDocument,
    "\n  query Related($id: ID!, $depth: Int, $direction: LinkDirection) {\n    document(id: $id) {\n      ...DocumentFields\n      related(depth: $depth, direction: $direction) {\n        depth\n        document {\n          ...DocumentFields\n        }\n        via {\n          ...DocumentFields\n        }\n      }\n    }\n  }\n": types.RelatedDocument,
    "\n  mutation StarDocument($input: DocumentRefInput!) {\n    starDocument(input: $input) {\n      document {\n        ...DocumentFields\n        starred\n      }\n    }\n  }\n": types.StarDocumentDocument,
    "\n  mutation UnstarDocument($input: DocumentRefInput!) {\n    unstarDocument(input: $input) {\n      document {\n        ...DocumentFields\n        starred\n      }\n    }\n  }\n": types.UnstarDocumentDocument,
    "\n  mutation RecordView($input: DocumentRefInput!) {\n    recordView(input: $input)\n  }\n": types.RecordViewDocument,
    "\n  mutation WatchDocument($input: DocumentRefInput!) {\n    watchDocument(input: $input) {\n      watch {\n        ...WatchFields\n      }\n      document {\n        ...DocumentFields\n        watching\n        watcherCount\n      }\n    }\n  }\n": types.WatchDocumentDocument,
    "\n  mutation UnwatchDocument($input: DocumentRefInput!) {\n    unwatchDocument(input: $input) {\n      document {\n        ...DocumentFields\n        watching\n        watcherCount\n      }\n    }\n  }\n": types.UnwatchDocumentDocument,
    "\n  fragment PageViewDocument on Document {\n    ...DocumentFields\n    content\n    tags\n    status\n    version\n    updatedAt\n    liveDigest\n    myPermission\n    starred\n    watching\n    watcherCount\n    owner {\n      ...UserFields\n    }\n    links {\n      ...DocumentLinkFields\n      target {\n        ...DocumentFields\n      }\n    }\n    backlinks {\n      ...DocumentLinkFields\n      source {\n        ...DocumentFields\n      }\n    }\n    fileReferences {\n      ...FileReferenceFields\n      attachment {\n        ...AttachmentFields\n      }\n    }\n  }\n": types.PageViewDocumentFragmentDoc,
    "\n  subscription PageChanged($id: ID!, $since: String) {\n    documentChanged(id: $id, since: $since) {\n      ...DocumentFields\n    }\n  }\n": types.PageChangedDocument,
    "\n  query SearchDocuments($query: String!, $filter: SearchFilter, $first: Int, $after: String) {\n    search(query: $query, filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          score\n          document {\n            ...DocumentFields\n          }\n          title {\n            text\n            ranges {\n              start\n              end\n            }\n          }\n          snippet {\n            text\n            ranges {\n              start\n              end\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n      totalIsApproximate\n      facets {\n        spaces {\n          value\n          count\n        }\n        tags {\n          value\n          count\n        }\n      }\n    }\n  }\n": types.SearchDocumentsDocument,
    "\n  query MyAgentsCare {\n    myAgents {\n      ...ResponsibleAgentFields\n    }\n  }\n": types.MyAgentsCareDocument,
    "\n  query AgentCare($agentId: ID!) {\n    agentTokens(agentId: $agentId) {\n      ...AccessTokenFields\n      revokedAt\n    }\n    agentShareTargets(agentId: $agentId) {\n      recipient\n      recipientName\n    }\n  }\n": types.AgentCareDocument,
    "\n  mutation SetAgentShareTargets($input: SetAgentShareTargetsInput!) {\n    setAgentShareTargets(input: $input) {\n      targets {\n        recipient\n        recipientName\n      }\n    }\n  }\n": types.SetAgentShareTargetsDocument,
    "\n  mutation RevokeAgentToken($input: RevokeAgentTokenInput!) {\n    revokeAgentToken(input: $input) {\n      accessToken {\n        ...AccessTokenFields\n        revokedAt\n      }\n    }\n  }\n": types.RevokeAgentTokenDocument,
    "\n  mutation ResumeMyAgent($input: ResumeAgentInput!) {\n    resumeAgent(input: $input) {\n      agent {\n        ...ResponsibleAgentFields\n      }\n    }\n  }\n": types.ResumeMyAgentDocument,
    "\n  query MailPreferences {\n    mailPreferences {\n      decisions\n      mentions\n      digest\n      mailEnabled\n    }\n  }\n": types.MailPreferencesDocument,
    "\n  mutation UpdateMailPreferences($input: UpdateMailPreferencesInput!) {\n    updateMailPreferences(input: $input) {\n      decisions\n      mentions\n      digest\n      mailEnabled\n    }\n  }\n": types.UpdateMailPreferencesDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      sessionsEnded\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  query Sessions {\n    sessions {\n      ...SessionFields\n    }\n  }\n": types.SessionsDocument,
    "\n  mutation EndSession($input: EndSessionInput!) {\n    endSession(input: $input) {\n      id\n    }\n  }\n": types.EndSessionDocument,
    "\n  mutation EndOtherSessions {\n    endOtherSessions {\n      sessionsEnded\n    }\n  }\n": types.EndOtherSessionsDocument,
    "\n  query AccessTokens {\n    accessTokens {\n      ...AccessTokenFields\n    }\n  }\n": types.AccessTokensDocument,
    "\n  mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n    createAccessToken(input: $input) {\n      token\n      accessToken {\n        ...AccessTokenFields\n      }\n    }\n  }\n": types.CreateAccessTokenDocument,
    "\n  mutation RevokeAccessToken($input: RevokeAccessTokenInput!) {\n    revokeAccessToken(input: $input) {\n      accessToken {\n        ...AccessTokenFields\n      }\n    }\n  }\n": types.RevokeAccessTokenDocument,
    "\n  query Watches {\n    watches {\n      ...WatchFields\n      document {\n        ...DocumentFields\n      }\n    }\n  }\n": types.WatchesDocument,
    "\n  mutation UnwatchFromSettings($input: DocumentRefInput!) {\n    unwatchDocument(input: $input) {\n      document {\n        ...DocumentFields\n        watching\n      }\n    }\n  }\n": types.UnwatchFromSettingsDocument,
    "\n  mutation WatchFolder($input: FolderRefInput!) {\n    watchFolder(input: $input) {\n      watch {\n        ...WatchFields\n      }\n    }\n  }\n": types.WatchFolderDocument,
    "\n  mutation UnwatchFolder($input: FolderRefInput!) {\n    unwatchFolder(input: $input) {\n      watch {\n        ...WatchFields\n      }\n    }\n  }\n": types.UnwatchFolderDocument,
    "\n  query MyWebhooks {\n    webhooks {\n      ...WebhookFields\n      deliveries(first: 10) {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": types.MyWebhooksDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation PauseWebhook($id: ID!) {\n    pauseWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": types.PauseWebhookDocument,
    "\n  mutation ResumeWebhook($id: ID!) {\n    resumeWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": types.ResumeWebhookDocument,
    "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  mutation PingWebhook($id: ID!) {\n    pingWebhook(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": types.PingWebhookDocument,
    "\n  mutation RedeliverWebhookDelivery($id: ID!) {\n    redeliverWebhookDelivery(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n": types.RedeliverWebhookDeliveryDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id) {\n      id\n    }\n  }\n": types.DeleteWebhookDocument,
    "\n  query SharePeople($query: String!) {\n    people(query: $query, first: 8) {\n      ...PersonFields\n    }\n  }\n": types.SharePeopleDocument,
    "\n  query ShareGroups {\n    groups {\n      ...GroupFields\n    }\n  }\n": types.ShareGroupsDocument,
    "\n  query ShareSuggestions($documentIds: [ID!]!, $recipients: [String!]!, $depth: Int) {\n    shareSuggestions(documentIds: $documentIds, recipients: $recipients, depth: $depth) {\n      document {\n        ...DocumentFields\n      }\n      depth\n      explanation\n      recipients\n    }\n  }\n": types.ShareSuggestionsDocument,
    "\n  query ShareAccess($id: ID!) {\n    document(id: $id) {\n      ...DocumentFields\n      access {\n        ...GrantFields\n        grantedBy {\n          ...UserFields\n        }\n      }\n    }\n  }\n": types.ShareAccessDocument,
    "\n  mutation Share($input: ShareInput!) {\n    share(input: $input) {\n      batchId\n      grants {\n        recipient\n        outcome\n        document {\n          ...DocumentFields\n        }\n      }\n    }\n  }\n": types.ShareDocument,
    "\n  mutation ShareRevoke($input: RevokeAccessInput!) {\n    revokeAccess(input: $input) {\n      document {\n        ...DocumentFields\n        access {\n          ...GrantFields\n        }\n      }\n    }\n  }\n": types.ShareRevokeDocument,
    "\n  mutation ShareRevokeBatch($input: RevokeBatchInput!) {\n    revokeBatch(input: $input) {\n      revoked\n    }\n  }\n": types.ShareRevokeBatchDocument,
    "\n  query RecentlyShared($since: Time!, $first: Int) {\n    recentlyShared(since: $since, first: $first) {\n      document {\n        ...DocumentFields\n        owner {\n          ...UserFields\n        }\n      }\n      permission\n      reason\n      batchId\n      at\n      recipient\n      recipientName\n      grantedBy {\n        ...UserFields\n      }\n    }\n  }\n": types.RecentlySharedDocument,
    "\n  mutation RequestPasswordReset($input: RequestPasswordResetInput!) {\n    requestPasswordReset(input: $input)\n  }\n": types.RequestPasswordResetDocument,
    "\n  query InvitationPreview($token: String!) {\n    invitation(token: $token) {\n      email\n      name\n      expiresAt\n    }\n  }\n": types.InvitationPreviewDocument,
    "\n  mutation AcceptInvitation($input: AcceptInvitationInput!) {\n    acceptInvitation(input: $input) {\n      user {\n        ...UserFields\n      }\n    }\n  }\n": types.AcceptInvitationDocument,
    "\n  mutation ResetPasswordWithToken($input: ResetPasswordWithTokenInput!) {\n    resetPasswordWithToken(input: $input) {\n      user {\n        ...UserFields\n      }\n    }\n  }\n": types.ResetPasswordWithTokenDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...UserFields\n        email\n        kind\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  query SignInOptions {\n    signInOptions {\n      password\n      sso {\n        name\n        startUrl\n      }\n    }\n  }\n": types.SignInOptionsDocument,
    "\n  query TagPages($tag: String!, $first: Int, $after: String) {\n    documents(first: $first, after: $after, filter: { tags: [$tag] }, orderBy: UPDATED) {\n      edges {\n        node {\n          ...DocumentFields\n          updatedAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.TagPagesDocument,
    "\n  query TagIndex($prefix: String, $first: Int) {\n    tags(prefix: $prefix, first: $first) {\n      tag\n      count\n    }\n  }\n": types.TagIndexDocument,
    "\n  query Trash($first: Int, $after: String) {\n    trash(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...DocumentFields\n          deletedAt\n          purgeAfter\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.TrashDocument,
    "\n  mutation TrashRestore($input: RestoreDocumentInput!) {\n    restoreDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n        purgeAfter\n      }\n    }\n  }\n": types.TrashRestoreDocument,
    "\n  mutation TrashPurge($input: DocumentRefInput!) {\n    purgeDocument(input: $input) {\n      documentId\n    }\n  }\n": types.TrashPurgeDocument,
    "\n  mutation TrashEmpty {\n    emptyTrash {\n      purged\n    }\n  }\n": types.TrashEmptyDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...UserFields\n      email\n      kind\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...UserFields\n      email\n      kind\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Start($space: Space!, $path: String!, $slug: String!, $tree: Space!) {\n    me {\n      ...UserFields\n      email\n      kind\n    }\n    folderTree(space: $tree, path: \"\") {\n      ...FolderTreeFields\n    }\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      ...PageViewDocument\n    }\n    favorites {\n      ...DocumentFields\n      starred\n    }\n  }\n"): (typeof documents)["\n  query Start($space: Space!, $path: String!, $slug: String!, $tree: Space!) {\n    me {\n      ...UserFields\n      email\n      kind\n    }\n    folderTree(space: $tree, path: \"\") {\n      ...FolderTreeFields\n    }\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      ...PageViewDocument\n    }\n    favorites {\n      ...DocumentFields\n      starred\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FolderTreeFields on FolderTree {\n    space\n    path\n    folders {\n      path\n      documents\n      hasChildren\n    }\n    documents {\n      ...FolderEntryFields\n    }\n  }\n"): (typeof documents)["\n  fragment FolderTreeFields on FolderTree {\n    space\n    path\n    folders {\n      path\n      documents\n      hasChildren\n    }\n    documents {\n      ...FolderEntryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FolderTree($space: Space!, $path: String) {\n    folderTree(space: $space, path: $path) {\n      ...FolderTreeFields\n    }\n  }\n"): (typeof documents)["\n  query FolderTree($space: Space!, $path: String) {\n    folderTree(space: $space, path: $path) {\n      ...FolderTreeFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription FolderChanged($space: Space!, $path: String) {\n    folderChanged(space: $space, path: $path) {\n      ...FolderTreeFields\n    }\n  }\n"): (typeof documents)["\n  subscription FolderChanged($space: Space!, $path: String) {\n    folderChanged(space: $space, path: $path) {\n      ...FolderTreeFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InboxBadge {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n"): (typeof documents)["\n  subscription InboxBadge {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Mentionables($query: String!, $first: Int) {\n    mentionables(query: $query, first: $first) {\n      kind\n      id\n      name\n      slug\n      href\n    }\n  }\n"): (typeof documents)["\n  query Mentionables($query: String!, $first: Int) {\n    mentionables(query: $query, first: $first) {\n      kind\n      id\n      name\n      slug\n      href\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MentionNames($hrefs: [String!]!) {\n    mentionNames(hrefs: $hrefs) {\n      href\n      name\n    }\n  }\n"): (typeof documents)["\n  query MentionNames($hrefs: [String!]!) {\n    mentionNames(hrefs: $hrefs) {\n      href\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GrantFields on Grant {\n    id\n    recipient\n    recipientName\n    principalType\n    principalId\n    permission\n    reason\n    batchId\n    createdAt\n  }\n"): (typeof documents)["\n  fragment GrantFields on Grant {\n    id\n    recipient\n    recipientName\n    principalType\n    principalId\n    permission\n    reason\n    batchId\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GroupFields on Group {\n    id\n    slug\n    name\n    everyone\n    members\n  }\n"): (typeof documents)["\n  fragment GroupFields on Group {\n    id\n    slug\n    name\n    everyone\n    members\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PersonFields on Person {\n    id\n    name\n    email\n    kind\n    slug\n  }\n"): (typeof documents)["\n  fragment PersonFields on Person {\n    id\n    name\n    email\n    kind\n    slug\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ResponsibleAgentFields on ResponsibleAgent {\n    id\n    slug\n    name\n    pausedAt\n  }\n"): (typeof documents)["\n  fragment ResponsibleAgentFields on ResponsibleAgent {\n    id\n    slug\n    name\n    pausedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserFields on User {\n    id\n    name\n  }\n"): (typeof documents)["\n  fragment UserFields on User {\n    id\n    name\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AccessTokenFields on AccessToken {\n    id\n    name\n    prefix\n    createdAt\n    lastUsedAt\n    expiresAt\n  }\n"): (typeof documents)["\n  fragment AccessTokenFields on AccessToken {\n    id\n    name\n    prefix\n    createdAt\n    lastUsedAt\n    expiresAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SessionFields on Session {\n    id\n    device\n    address\n    createdAt\n    lastUsedAt\n    current\n  }\n"): (typeof documents)["\n  fragment SessionFields on Session {\n    id\n    device\n    address\n    createdAt\n    lastUsedAt\n    current\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AutomationFields on Automation {\n    id\n    name\n    kind\n    enabled\n    disabledReason\n    ownerActive\n    schedule\n  }\n"): (typeof documents)["\n  fragment AutomationFields on Automation {\n    id\n    name\n    kind\n    enabled\n    disabledReason\n    ownerActive\n    schedule\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AutomationRunFields on AutomationRun {\n    id\n    status\n    createdAt\n    finishedAt\n  }\n"): (typeof documents)["\n  fragment AutomationRunFields on AutomationRun {\n    id\n    status\n    createdAt\n    finishedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CommentFields on Comment {\n    id\n    threadId\n    body\n    deleted\n    createdAt\n    editedAt\n    author {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  fragment CommentFields on Comment {\n    id\n    threadId\n    body\n    deleted\n    createdAt\n    editedAt\n    author {\n      ...UserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ThreadFields on Thread {\n    id\n    documentId\n    kind\n    status\n    anchorState\n    anchor {\n      exact\n      prefix\n      suffix\n      start\n      end\n    }\n    createdAt\n    updatedAt\n    resolvedAt\n    author {\n      ...UserFields\n    }\n    resolvedBy {\n      ...UserFields\n    }\n    comments {\n      ...CommentFields\n    }\n  }\n"): (typeof documents)["\n  fragment ThreadFields on Thread {\n    id\n    documentId\n    kind\n    status\n    anchorState\n    anchor {\n      exact\n      prefix\n      suffix\n      start\n      end\n    }\n    createdAt\n    updatedAt\n    resolvedAt\n    author {\n      ...UserFields\n    }\n    resolvedBy {\n      ...UserFields\n    }\n    comments {\n      ...CommentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DocumentFields on Document {\n    id\n    space\n    path\n    slug\n    title\n  }\n"): (typeof documents)["\n  fragment DocumentFields on Document {\n    id\n    space\n    path\n    slug\n    title\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FolderEntryFields on FolderEntry {\n    id\n    space\n    path\n    slug\n    title\n  }\n"): (typeof documents)["\n  fragment FolderEntryFields on FolderEntry {\n    id\n    space\n    path\n    slug\n    title\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DocumentRevisionFields on DocumentRevision {\n    id\n    version\n    changeKind\n    changeSummary\n    title\n    createdAt\n  }\n"): (typeof documents)["\n  fragment DocumentRevisionFields on DocumentRevision {\n    id\n    version\n    changeKind\n    changeSummary\n    title\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AttachmentFields on Attachment {\n    id\n    name\n    mimeType\n    byteSize\n    url\n    path\n  }\n"): (typeof documents)["\n  fragment AttachmentFields on Attachment {\n    id\n    name\n    mimeType\n    byteSize\n    url\n    path\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FileReferenceFields on FileReference {\n    id\n    href\n    state\n  }\n"): (typeof documents)["\n  fragment FileReferenceFields on FileReference {\n    id\n    href\n    state\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment NotificationFields on Notification {\n    id\n    type\n    subjectType\n    subjectId\n    payload\n    requiresDecision\n    status\n    batchId\n    createdAt\n    readAt\n    resolvedAt\n  }\n"): (typeof documents)["\n  fragment NotificationFields on Notification {\n    id\n    type\n    subjectType\n    subjectId\n    payload\n    requiresDecision\n    status\n    batchId\n    createdAt\n    readAt\n    resolvedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment IngestionFields on Ingestion {\n    id\n    filename\n    kind\n    byteSize\n    path\n    status\n    error\n    originalUrl\n    createdAt\n  }\n"): (typeof documents)["\n  fragment IngestionFields on Ingestion {\n    id\n    filename\n    kind\n    byteSize\n    path\n    status\n    error\n    originalUrl\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DocumentLinkFields on DocumentLink {\n    id\n    hrefAsWritten\n    text\n    state\n  }\n"): (typeof documents)["\n  fragment DocumentLinkFields on DocumentLink {\n    id\n    hrefAsWritten\n    text\n    state\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LinkSuggestionFields on LinkSuggestion {\n    id\n    status\n  }\n"): (typeof documents)["\n  fragment LinkSuggestionFields on LinkSuggestion {\n    id\n    status\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ManagedUserFields on ManagedUser {\n    id\n    name\n    email\n  }\n"): (typeof documents)["\n  fragment ManagedUserFields on ManagedUser {\n    id\n    name\n    email\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ManagedGroupFields on ManagedGroup {\n    id\n    slug\n    name\n    description\n    everyone\n    members\n  }\n"): (typeof documents)["\n  fragment ManagedGroupFields on ManagedGroup {\n    id\n    slug\n    name\n    description\n    everyone\n    members\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ManagedAgentFields on ManagedAgent {\n    id\n    slug\n    name\n    description\n    createdAt\n    deletedAt\n    pausedAt\n  }\n"): (typeof documents)["\n  fragment ManagedAgentFields on ManagedAgent {\n    id\n    slug\n    name\n    description\n    createdAt\n    deletedAt\n    pausedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ServiceTokenFields on ServiceToken {\n    id\n    name\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    revokedAt\n  }\n"): (typeof documents)["\n  fragment ServiceTokenFields on ServiceToken {\n    id\n    name\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    revokedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DocumentMetadataFields on DocumentMetadata {\n    id\n    space\n    status\n    versions\n    createdAt\n    updatedAt\n    deletedAt\n    quarantinedAt\n  }\n"): (typeof documents)["\n  fragment DocumentMetadataFields on DocumentMetadata {\n    id\n    space\n    status\n    versions\n    createdAt\n    updatedAt\n    deletedAt\n    quarantinedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AuditEntryFields on AuditEntry {\n    id\n    action\n    via\n    tokenId\n    targetUserId\n    targetGroupId\n    targetDocumentId\n    details\n    createdAt\n  }\n"): (typeof documents)["\n  fragment AuditEntryFields on AuditEntry {\n    id\n    action\n    via\n    tokenId\n    targetUserId\n    targetGroupId\n    targetDocumentId\n    details\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ImportFields on Import {\n    id\n    format\n    space\n    path\n    status\n    done\n    total\n    error\n    createdAt\n    finishedAt\n    report {\n      created\n      updated\n      unchanged\n      skipped {\n        entry\n        reason\n      }\n      droppedKeys\n    }\n  }\n"): (typeof documents)["\n  fragment ImportFields on Import {\n    id\n    format\n    space\n    path\n    status\n    done\n    total\n    error\n    createdAt\n    finishedAt\n    report {\n      created\n      updated\n      unchanged\n      skipped {\n        entry\n        reason\n      }\n      droppedKeys\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ExportFields on Export {\n    id\n    space\n    path\n    status\n    done\n    total\n    url\n    byteSize\n    expiresAt\n    error\n  }\n"): (typeof documents)["\n  fragment ExportFields on Export {\n    id\n    space\n    path\n    status\n    done\n    total\n    url\n    byteSize\n    expiresAt\n    error\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WatchFields on Watch {\n    id\n    space\n    path\n    source\n  }\n"): (typeof documents)["\n  fragment WatchFields on Watch {\n    id\n    space\n    path\n    source\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ActivityEntryFields on ActivityEntry {\n    id\n    action\n    at\n    count\n    changeSummary\n    automationId\n  }\n"): (typeof documents)["\n  fragment ActivityEntryFields on ActivityEntry {\n    id\n    action\n    at\n    count\n    changeSummary\n    automationId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookFields on Webhook {\n    id\n    url\n    events\n    space\n    pathPrefix\n    status\n    statusReason\n    consecutiveDead\n    previousSecretUntil\n    createdAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment WebhookFields on Webhook {\n    id\n    url\n    events\n    space\n    pathPrefix\n    status\n    statusReason\n    consecutiveDead\n    previousSecretUntil\n    createdAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    seq\n    eventId\n    eventType\n    status\n    attempts\n    nextAttemptAt\n    lastStatus\n    lastError\n    eventAt\n    createdAt\n    deliveredAt\n  }\n"): (typeof documents)["\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    seq\n    eventId\n    eventType\n    status\n    attempts\n    nextAttemptAt\n    lastStatus\n    lastError\n    eventAt\n    createdAt\n    deliveredAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActivityFeed($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ActivityEntryFields\n          actor {\n            ...UserFields\n          }\n          document {\n            ...DocumentFields\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query ActivityFeed($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ActivityEntryFields\n          actor {\n            ...UserFields\n          }\n          document {\n            ...DocumentFields\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAutomation($input: CreateAutomationInput!) {\n    createAutomation(input: $input) {\n      automation {\n        ...AutomationFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAutomation($input: CreateAutomationInput!) {\n    createAutomation(input: $input) {\n      automation {\n        ...AutomationFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAutomation($input: UpdateAutomationInput!) {\n    updateAutomation(input: $input) {\n      automation {\n        ...AutomationFields\n        description\n        script\n        triggerEvents\n        timezone\n        nextRunAt\n        scope {\n          space\n          pathPrefix\n          tags\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAutomation($input: UpdateAutomationInput!) {\n    updateAutomation(input: $input) {\n      automation {\n        ...AutomationFields\n        description\n        script\n        triggerEvents\n        timezone\n        nextRunAt\n        scope {\n          space\n          pathPrefix\n          tags\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DryRunAutomation($input: DryRunAutomationInput!) {\n    dryRunAutomation(input: $input) {\n      proposals {\n        kind\n        documentId\n        recipient\n        permission\n        message\n        tag\n        write {\n          space\n          path\n          slug\n          title\n        }\n        applied\n        reason\n      }\n      logs\n      logsTruncated\n      limitHit\n      error\n      reads\n      durationMs\n      memoryPeak\n    }\n  }\n"): (typeof documents)["\n  mutation DryRunAutomation($input: DryRunAutomationInput!) {\n    dryRunAutomation(input: $input) {\n      proposals {\n        kind\n        documentId\n        recipient\n        permission\n        message\n        tag\n        write {\n          space\n          path\n          slug\n          title\n        }\n        applied\n        reason\n      }\n      logs\n      logsTruncated\n      limitHit\n      error\n      reads\n      durationMs\n      memoryPeak\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyAutomations {\n    automations {\n      ...AutomationFields\n      description\n      triggerEvents\n      scope {\n        space\n        pathPrefix\n        tags\n      }\n      timezone\n      nextRunAt\n      lastRunAt\n      script\n      updatedAt\n      lastRun {\n        ...AutomationRunFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyAutomations {\n    automations {\n      ...AutomationFields\n      description\n      triggerEvents\n      scope {\n        space\n        pathPrefix\n        tags\n      }\n      timezone\n      nextRunAt\n      lastRunAt\n      script\n      updatedAt\n      lastRun {\n        ...AutomationRunFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnableAutomation($id: ID!) {\n    enableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n        nextRunAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation EnableAutomation($id: ID!) {\n    enableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n        nextRunAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableAutomation($id: ID!) {\n    disableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n        nextRunAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DisableAutomation($id: ID!) {\n    disableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n        nextRunAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAutomation($id: ID!) {\n    deleteAutomation(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteAutomation($id: ID!) {\n    deleteAutomation(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AutomationRuns($id: ID!, $first: Int, $after: String) {\n    automation(id: $id) {\n      ...AutomationFields\n      runs(first: $first, after: $after) {\n        edges {\n          node {\n            ...AutomationRunFields\n            eventType\n            scheduledFor\n            durationMs\n            memoryPeak\n            limitHit\n            reads\n            attempts\n            logs\n            error\n            proposals {\n              kind\n              documentId\n              recipient\n              permission\n              message\n              tag\n              write {\n                space\n                path\n                slug\n                title\n              }\n              applied\n              reason\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AutomationRuns($id: ID!, $first: Int, $after: String) {\n    automation(id: $id) {\n      ...AutomationFields\n      runs(first: $first, after: $after) {\n        edges {\n          node {\n            ...AutomationRunFields\n            eventType\n            scheduledFor\n            durationMs\n            memoryPeak\n            limitHit\n            reads\n            attempts\n            logs\n            error\n            proposals {\n              kind\n              documentId\n              recipient\n              permission\n              message\n              tag\n              write {\n                space\n                path\n                slug\n                title\n              }\n              applied\n              reason\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveDocument($input: UpdateDocumentInput!) {\n    updateDocument(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        content\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SaveDocument($input: UpdateDocumentInput!) {\n    updateDocument(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        content\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CurrentDocument($id: ID!) {\n    document(id: $id) {\n      ...DocumentFields\n      content\n      version\n      updatedAt\n      updatedBy {\n        ...UserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query CurrentDocument($id: ID!) {\n    document(id: $id) {\n      ...DocumentFields\n      content\n      version\n      updatedAt\n      updatedBy {\n        ...UserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CoeditChanged($id: ID!) {\n    documentChanged(id: $id) {\n      ...DocumentFields\n    }\n  }\n"): (typeof documents)["\n  subscription CoeditChanged($id: ID!) {\n    documentChanged(id: $id) {\n      ...DocumentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CoeditMe {\n    me {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  query CoeditMe {\n    me {\n      ...UserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UploadAttachment($input: UploadAttachmentInput!) {\n    uploadAttachment(input: $input) {\n      existing\n      attachment {\n        ...AttachmentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UploadAttachment($input: UploadAttachmentInput!) {\n    uploadAttachment(input: $input) {\n      existing\n      attachment {\n        ...AttachmentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Favorites {\n    favorites {\n      ...DocumentFields\n      starred\n    }\n  }\n"): (typeof documents)["\n  query Favorites {\n    favorites {\n      ...DocumentFields\n      starred\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecentDocuments($first: Int) {\n    recentDocuments(first: $first) {\n      ...DocumentFields\n    }\n  }\n"): (typeof documents)["\n  query RecentDocuments($first: Int) {\n    recentDocuments(first: $first) {\n      ...DocumentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveFavorite($input: MoveFavoriteInput!) {\n    moveFavorite(input: $input) {\n      ...DocumentFields\n    }\n  }\n"): (typeof documents)["\n  mutation MoveFavorite($input: MoveFavoriteInput!) {\n    moveFavorite(input: $input) {\n      ...DocumentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeDecisions {\n    inboxCounts {\n      decisions\n    }\n    inbox(first: 20, filter: { requiresDecision: true }) {\n      edges {\n        node {\n          ...NotificationFields\n          actor {\n            ...UserFields\n          }\n          mention {\n            targetName\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query HomeDecisions {\n    inboxCounts {\n      decisions\n    }\n    inbox(first: 20, filter: { requiresDecision: true }) {\n      edges {\n        node {\n          ...NotificationFields\n          actor {\n            ...UserFields\n          }\n          mention {\n            targetName\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeDocuments($ids: [ID!]!) {\n    documentsByIds(ids: $ids) {\n      ...DocumentFields\n    }\n  }\n"): (typeof documents)["\n  query HomeDocuments($ids: [ID!]!) {\n    documentsByIds(ids: $ids) {\n      ...DocumentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExportDocuments($space: Space!, $path: String) {\n    exportDocuments(space: $space, path: $path) {\n      export {\n        ...ExportFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ExportDocuments($space: Space!, $path: String) {\n    exportDocuments(space: $space, path: $path) {\n      export {\n        ...ExportFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExportStatus($id: ID!) {\n    export(id: $id) {\n      ...ExportFields\n    }\n  }\n"): (typeof documents)["\n  query ExportStatus($id: ID!) {\n    export(id: $id) {\n      ...ExportFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Imports($first: Int) {\n    imports(first: $first) {\n      edges {\n        node {\n          ...ImportFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Imports($first: Int) {\n    imports(first: $first) {\n      edges {\n        node {\n          ...ImportFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartImport($input: StartImportInput!) {\n    startImport(input: $input) {\n      import {\n        ...ImportFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StartImport($input: StartImportInput!) {\n    startImport(input: $input) {\n      import {\n        ...ImportFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ImportProgress($id: ID!) {\n    importProgress(id: $id) {\n      ...ImportFields\n    }\n  }\n"): (typeof documents)["\n  subscription ImportProgress($id: ID!) {\n    importProgress(id: $id) {\n      ...ImportFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Ingestions($first: Int) {\n    ingestions(first: $first) {\n      edges {\n        node {\n          ...IngestionFields\n          document {\n            ...DocumentFields\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Ingestions($first: Int) {\n    ingestions(first: $first) {\n      edges {\n        node {\n          ...IngestionFields\n          document {\n            ...DocumentFields\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Ingest($input: IngestInput!) {\n    ingest(input: $input) {\n      ingestion {\n        ...IngestionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Ingest($input: IngestInput!) {\n    ingest(input: $input) {\n      ingestion {\n        ...IngestionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReconvertIngestion($id: ID!) {\n    reconvertIngestion(id: $id) {\n      ingestion {\n        ...IngestionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ReconvertIngestion($id: ID!) {\n    reconvertIngestion(id: $id) {\n      ingestion {\n        ...IngestionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxPage($first: Int, $after: String, $filter: InboxFilter) {\n    inbox(first: $first, after: $after, filter: $filter) {\n      edges {\n        cursor\n        node {\n          ...NotificationFields\n          actor {\n            ...UserFields\n          }\n          mention {\n            excerpt\n            targetName\n          }\n          watchEvents\n          documents(first: 3) {\n            edges {\n              node {\n                ...DocumentFields\n              }\n            }\n            pageInfo {\n              hasNextPage\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query InboxPage($first: Int, $after: String, $filter: InboxFilter) {\n    inbox(first: $first, after: $after, filter: $filter) {\n      edges {\n        cursor\n        node {\n          ...NotificationFields\n          actor {\n            ...UserFields\n          }\n          mention {\n            excerpt\n            targetName\n          }\n          watchEvents\n          documents(first: 3) {\n            edges {\n              node {\n                ...DocumentFields\n              }\n            }\n            pageInfo {\n              hasNextPage\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxDocuments($ids: [ID!]!) {\n    documentsByIds(ids: $ids) {\n      ...DocumentFields\n    }\n  }\n"): (typeof documents)["\n  query InboxDocuments($ids: [ID!]!) {\n    documentsByIds(ids: $ids) {\n      ...DocumentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxBatchPages($id: ID!, $first: Int, $after: String) {\n    notification(id: $id) {\n      ...NotificationFields\n      documents(first: $first, after: $after) {\n        edges {\n          node {\n            ...DocumentFields\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query InboxBatchPages($id: ID!, $first: Int, $after: String) {\n    notification(id: $id) {\n      ...NotificationFields\n      documents(first: $first, after: $after) {\n        edges {\n          node {\n            ...DocumentFields\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InboxNotificationAdded {\n    notificationAdded {\n      ...NotificationFields\n    }\n  }\n"): (typeof documents)["\n  subscription InboxNotificationAdded {\n    notificationAdded {\n      ...NotificationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InboxScreenCounts {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n"): (typeof documents)["\n  subscription InboxScreenCounts {\n    inboxCounts {\n      decisions\n      unread\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxMarkRead($input: MarkNotificationsReadInput!) {\n    markNotificationsRead(input: $input) {\n      marked\n      counts {\n        decisions\n        unread\n        total\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation InboxMarkRead($input: MarkNotificationsReadInput!) {\n    markNotificationsRead(input: $input) {\n      marked\n      counts {\n        decisions\n        unread\n        total\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxMarkAllRead {\n    markAllNotificationsRead {\n      marked\n      counts {\n        decisions\n        unread\n        total\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation InboxMarkAllRead {\n    markAllNotificationsRead {\n      marked\n      counts {\n        decisions\n        unread\n        total\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxAnswerMention($input: AnswerMentionInput!) {\n    answerMention(input: $input) {\n      notificationId\n      batchId\n      notified\n    }\n  }\n"): (typeof documents)["\n  mutation InboxAnswerMention($input: AnswerMentionInput!) {\n    answerMention(input: $input) {\n      notificationId\n      batchId\n      notified\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxDismiss($input: NotificationInput!) {\n    dismissNotification(input: $input) {\n      notification {\n        ...NotificationFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation InboxDismiss($input: NotificationInput!) {\n    dismissNotification(input: $input) {\n      notification {\n        ...NotificationFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxDecideLink($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        links {\n          ...DocumentLinkFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation InboxDecideLink($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        links {\n          ...DocumentLinkFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxAnswerLinkDecisions($input: AnswerLinkDecisionsInput!) {\n    answerLinkDecisions(input: $input) {\n      answered\n      skipped\n      documents {\n        ...DocumentFields\n        version\n        content\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation InboxAnswerLinkDecisions($input: AnswerLinkDecisionsInput!) {\n    answerLinkDecisions(input: $input) {\n      answered\n      skipped\n      documents {\n        ...DocumentFields\n        version\n        content\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxDecideFile($input: DecideFileReferenceInput!) {\n    decideFileReference(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        fileReferences {\n          ...FileReferenceFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation InboxDecideFile($input: DecideFileReferenceInput!) {\n    decideFileReference(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        fileReferences {\n          ...FileReferenceFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxAcceptSuggestion($input: LinkSuggestionInput!) {\n    acceptLinkSuggestion(input: $input) {\n      suggestion {\n        ...LinkSuggestionFields\n      }\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation InboxAcceptSuggestion($input: LinkSuggestionInput!) {\n    acceptLinkSuggestion(input: $input) {\n      suggestion {\n        ...LinkSuggestionFields\n      }\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxRejectSuggestion($input: LinkSuggestionInput!) {\n    rejectLinkSuggestion(input: $input) {\n      suggestion {\n        ...LinkSuggestionFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation InboxRejectSuggestion($input: LinkSuggestionInput!) {\n    rejectLinkSuggestion(input: $input) {\n      suggestion {\n        ...LinkSuggestionFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManageAgents {\n    manageAgents {\n      ...ManagedAgentFields\n      responsible {\n        ...ManagedUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ManageAgents {\n    manageAgents {\n      ...ManagedAgentFields\n      responsible {\n        ...ManagedUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      token\n      agent {\n        ...ManagedAgentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      token\n      agent {\n        ...ManagedAgentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAgent($input: AgentInput!) {\n    deleteAgent(input: $input) {\n      agent {\n        ...ManagedAgentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteAgent($input: AgentInput!) {\n    deleteAgent(input: $input) {\n      agent {\n        ...ManagedAgentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeManagedAgent($input: ResumeAgentInput!) {\n    resumeAgent(input: $input) {\n      agent {\n        ...ResponsibleAgentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeManagedAgent($input: ResumeAgentInput!) {\n    resumeAgent(input: $input) {\n      agent {\n        ...ResponsibleAgentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IssueAgentToken($input: IssueAgentTokenInput!) {\n    issueAgentToken(input: $input) {\n      token\n    }\n  }\n"): (typeof documents)["\n  mutation IssueAgentToken($input: IssueAgentTokenInput!) {\n    issueAgentToken(input: $input) {\n      token\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManageAudit($first: Int, $after: String, $filter: AuditFilter) {\n    manageAudit(first: $first, after: $after, filter: $filter) {\n      edges {\n        node {\n          ...AuditEntryFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query ManageAudit($first: Int, $after: String, $filter: AuditFilter) {\n    manageAudit(first: $first, after: $after, filter: $filter) {\n      edges {\n        node {\n          ...AuditEntryFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManagedAutomations($first: Int, $after: String) {\n    managedAutomations(first: $first, after: $after) {\n      edges {\n        node {\n          ...AutomationFields\n          owner {\n            ...UserFields\n            email\n          }\n          lastRun {\n            ...AutomationRunFields\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query ManagedAutomations($first: Int, $after: String) {\n    managedAutomations(first: $first, after: $after) {\n      edges {\n        node {\n          ...AutomationFields\n          owner {\n            ...UserFields\n            email\n          }\n          lastRun {\n            ...AutomationRunFields\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ManageDisableAutomation($id: ID!) {\n    disableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ManageDisableAutomation($id: ID!) {\n    disableAutomation(id: $id) {\n      automation {\n        ...AutomationFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManageParkedEvents {\n    manageParkedEvents(first: 100) {\n      eventId\n      consumer\n      eventType\n      subjectType\n      attempts\n      errorClass\n      parkedAt\n    }\n  }\n"): (typeof documents)["\n  query ManageParkedEvents {\n    manageParkedEvents(first: 100) {\n      eventId\n      consumer\n      eventType\n      subjectType\n      attempts\n      errorClass\n      parkedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryParkedEvent($input: RetryParkedEventInput!) {\n    retryParkedEvent(input: $input) {\n      parkedEvent {\n        eventId\n        consumer\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RetryParkedEvent($input: RetryParkedEventInput!) {\n    retryParkedEvent(input: $input) {\n      parkedEvent {\n        eventId\n        consumer\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManageGroups {\n    manageGroups {\n      ...ManagedGroupFields\n    }\n  }\n"): (typeof documents)["\n  query ManageGroups {\n    manageGroups {\n      ...ManagedGroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManageGroupMembers($groupId: ID!) {\n    manageGroupMembers(groupId: $groupId) {\n      ...ManagedUserFields\n      kind\n      active\n    }\n  }\n"): (typeof documents)["\n  query ManageGroupMembers($groupId: ID!) {\n    manageGroupMembers(groupId: $groupId) {\n      ...ManagedUserFields\n      kind\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateGroup($input: CreateGroupInput!) {\n    createGroup(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateGroup($input: CreateGroupInput!) {\n    createGroup(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteGroup($input: GroupInput!) {\n    deleteGroup(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteGroup($input: GroupInput!) {\n    deleteGroup(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddGroupMember($input: GroupMemberInput!) {\n    addGroupMember(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AddGroupMember($input: GroupMemberInput!) {\n    addGroupMember(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveGroupMember($input: GroupMemberInput!) {\n    removeGroupMember(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveGroupMember($input: GroupMemberInput!) {\n    removeGroupMember(input: $input) {\n      group {\n        ...ManagedGroupFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManageMe {\n    me {\n      ...UserFields\n      kind\n    }\n  }\n"): (typeof documents)["\n  query ManageMe {\n    me {\n      ...UserFields\n      kind\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManagedUsers($first: Int, $after: String) {\n    managedUsers(first: $first, after: $after) {\n      edges {\n        node {\n          ...ManagedUserFields\n          kind\n          active\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query ManagedUsers($first: Int, $after: String) {\n    managedUsers(first: $first, after: $after) {\n      edges {\n        node {\n          ...ManagedUserFields\n          kind\n          active\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePerson($input: CreatePersonInput!) {\n    createPerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        kind\n        active\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePerson($input: CreatePersonInput!) {\n    createPerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        kind\n        active\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InvitePerson($input: InvitePersonInput!) {\n    invitePerson(input: $input) {\n      invitationToken\n      user {\n        ...ManagedUserFields\n        kind\n        active\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation InvitePerson($input: InvitePersonInput!) {\n    invitePerson(input: $input) {\n      invitationToken\n      user {\n        ...ManagedUserFields\n        kind\n        active\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeactivatePerson($input: SetPersonActiveInput!) {\n    deactivatePerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        active\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeactivatePerson($input: SetPersonActiveInput!) {\n    deactivatePerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        active\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReactivatePerson($input: SetPersonActiveInput!) {\n    reactivatePerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        active\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ReactivatePerson($input: SetPersonActiveInput!) {\n    reactivatePerson(input: $input) {\n      user {\n        ...ManagedUserFields\n        active\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManageDocument($id: ID!) {\n    manageDocument(id: $id) {\n      ...DocumentMetadataFields\n      owner {\n        ...ManagedUserFields\n      }\n      grants {\n        principalType\n        principalId\n        recipient\n        name\n        permission\n        reason\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query ManageDocument($id: ID!) {\n    manageDocument(id: $id) {\n      ...DocumentMetadataFields\n      owner {\n        ...ManagedUserFields\n      }\n      grants {\n        principalType\n        principalId\n        recipient\n        name\n        permission\n        reason\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation QuarantineDocument($input: QuarantineInput!) {\n    quarantineDocument(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation QuarantineDocument($input: QuarantineInput!) {\n    quarantineDocument(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReleaseDocument($input: ReleaseInput!) {\n    releaseDocument(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n      notRestored {\n        recipient\n        name\n        permission\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ReleaseDocument($input: ReleaseInput!) {\n    releaseDocument(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n      notRestored {\n        recipient\n        name\n        permission\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TakeAwayShare($input: TakeAwayShareInput!) {\n    takeAwayShare(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation TakeAwayShare($input: TakeAwayShareInput!) {\n    takeAwayShare(input: $input) {\n      document {\n        ...DocumentMetadataFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManageSpaceDefaults {\n    spaceDefaults {\n      space\n      access\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query ManageSpaceDefaults {\n    spaceDefaults {\n      space\n      access\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSpaceDefault($input: SetSpaceDefaultInput!) {\n    setSpaceDefault(input: $input) {\n      spaceDefault {\n        space\n        access\n        updatedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetSpaceDefault($input: SetSpaceDefaultInput!) {\n    setSpaceDefault(input: $input) {\n      spaceDefault {\n        space\n        access\n        updatedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManageServiceTokens {\n    manageServiceTokens {\n      ...ServiceTokenFields\n    }\n  }\n"): (typeof documents)["\n  query ManageServiceTokens {\n    manageServiceTokens {\n      ...ServiceTokenFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateServiceToken($input: CreateServiceTokenInput!) {\n    createServiceToken(input: $input) {\n      token\n      serviceToken {\n        ...ServiceTokenFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateServiceToken($input: CreateServiceTokenInput!) {\n    createServiceToken(input: $input) {\n      token\n      serviceToken {\n        ...ServiceTokenFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeServiceToken($input: ServiceTokenInput!) {\n    revokeServiceToken(input: $input) {\n      serviceToken {\n        ...ServiceTokenFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeServiceToken($input: ServiceTokenInput!) {\n    revokeServiceToken(input: $input) {\n      serviceToken {\n        ...ServiceTokenFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManageUsage($from: String!, $to: String!) {\n    manageUsage(from: $from, to: $to) {\n      day\n      activity\n      tool\n      outcome\n      count\n      user {\n        ...ManagedUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ManageUsage($from: String!, $to: String!) {\n    manageUsage(from: $from, to: $to) {\n      day\n      activity\n      tool\n      outcome\n      count\n      user {\n        ...ManagedUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManagementWebhooks {\n    managementWebhooks {\n      ...WebhookFields\n      deliveries(first: 10) {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ManagementWebhooks {\n    managementWebhooks {\n      ...WebhookFields\n      deliveries(first: 10) {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateManagementWebhook($input: CreateManagementWebhookInput!) {\n    createManagementWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateManagementWebhook($input: CreateManagementWebhookInput!) {\n    createManagementWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseManagementWebhook($id: ID!) {\n    pauseManagementWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation PauseManagementWebhook($id: ID!) {\n    pauseManagementWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeManagementWebhook($id: ID!) {\n    resumeManagementWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeManagementWebhook($id: ID!) {\n    resumeManagementWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateManagementWebhookSecret($id: ID!) {\n    rotateManagementWebhookSecret(id: $id) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RotateManagementWebhookSecret($id: ID!) {\n    rotateManagementWebhookSecret(id: $id) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PingManagementWebhook($id: ID!) {\n    pingManagementWebhook(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation PingManagementWebhook($id: ID!) {\n    pingManagementWebhook(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverManagementWebhookDelivery($id: ID!) {\n    redeliverManagementWebhookDelivery(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RedeliverManagementWebhookDelivery($id: ID!) {\n    redeliverManagementWebhookDelivery(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteManagementWebhook($id: ID!) {\n    deleteManagementWebhook(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteManagementWebhook($id: ID!) {\n    deleteManagementWebhook(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PageThreads($id: ID!) {\n    me {\n      ...UserFields\n    }\n    document(id: $id) {\n      ...DocumentFields\n      threadCount\n      openThreadCount\n      threads {\n        ...ThreadFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query PageThreads($id: ID!) {\n    me {\n      ...UserFields\n    }\n    document(id: $id) {\n      ...DocumentFields\n      threadCount\n      openThreadCount\n      threads {\n        ...ThreadFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateThread($input: CreateThreadInput!) {\n    createThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateThread($input: CreateThreadInput!) {\n    createThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplyToThread($input: ReplyToThreadInput!) {\n    replyToThread(input: $input) {\n      comment {\n        ...CommentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ReplyToThread($input: ReplyToThreadInput!) {\n    replyToThread(input: $input) {\n      comment {\n        ...CommentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResolveThread($input: ThreadInput!) {\n    resolveThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ResolveThread($input: ThreadInput!) {\n    resolveThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReopenThread($input: ThreadInput!) {\n    reopenThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ReopenThread($input: ThreadInput!) {\n    reopenThread(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EditComment($input: EditCommentInput!) {\n    editComment(input: $input) {\n      comment {\n        ...CommentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation EditComment($input: EditCommentInput!) {\n    editComment(input: $input) {\n      comment {\n        ...CommentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteComment($input: CommentInput!) {\n    deleteComment(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteComment($input: CommentInput!) {\n    deleteComment(input: $input) {\n      thread {\n        ...ThreadFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ThreadChanged($documentId: ID!) {\n    threadChanged(documentId: $documentId) {\n      ...ThreadFields\n    }\n  }\n"): (typeof documents)["\n  subscription ThreadChanged($documentId: ID!) {\n    threadChanged(documentId: $documentId) {\n      ...ThreadFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PageRevisions($id: ID!, $first: Int!, $after: String) {\n    document(id: $id) {\n      ...DocumentFields\n      revisions(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            ...DocumentRevisionFields\n            author {\n              ...UserFields\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PageRevisions($id: ID!, $first: Int!, $after: String) {\n    document(id: $id) {\n      ...DocumentFields\n      revisions(first: $first, after: $after) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            ...DocumentRevisionFields\n            author {\n              ...UserFields\n            }\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PageDiff($id: ID!, $from: Int!, $to: Int!) {\n    document(id: $id) {\n      ...DocumentFields\n      diff(from: $from, to: $to)\n    }\n  }\n"): (typeof documents)["\n  query PageDiff($id: ID!, $from: Int!, $to: Int!) {\n    document(id: $id) {\n      ...DocumentFields\n      diff(from: $from, to: $to)\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestoreRevision($input: RestoreRevisionInput!) {\n    restoreRevision(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        content\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RestoreRevision($input: RestoreRevisionInput!) {\n    restoreRevision(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        content\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LinkGraph($rootId: ID!, $depth: Int, $direction: LinkDirection) {\n    linkGraph(rootId: $rootId, depth: $depth, direction: $direction) {\n      nodes {\n        depth\n        document {\n          ...DocumentFields\n        }\n      }\n      edges {\n        id\n        sourceId\n        targetId\n        state\n      }\n    }\n  }\n"): (typeof documents)["\n  query LinkGraph($rootId: ID!, $depth: Int, $direction: LinkDirection) {\n    linkGraph(rootId: $rootId, depth: $depth, direction: $direction) {\n      nodes {\n        depth\n        document {\n          ...DocumentFields\n        }\n      }\n      edges {\n        id\n        sourceId\n        targetId\n        state\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePage($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePage($input: CreateDocumentInput!) {\n    createDocument(input: $input) {\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NewPageAudience($space: Space!, $path: String) {\n    newPageAudience(space: $space, path: $path) {\n      space\n      path\n      default\n      folders {\n        path\n        recipient\n        name\n        permission\n      }\n    }\n  }\n"): (typeof documents)["\n  query NewPageAudience($space: Space!, $path: String) {\n    newPageAudience(space: $space, path: $path) {\n      space\n      path\n      default\n      folders {\n        path\n        recipient\n        name\n        permission\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NewPageTemplates {\n    templates {\n      ...DocumentFields\n      tags\n      content\n    }\n    me {\n      ...UserFields\n    }\n  }\n"): (typeof documents)["\n  query NewPageTemplates {\n    templates {\n      ...DocumentFields\n      tags\n      content\n    }\n    me {\n      ...UserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MovePage($input: MoveDocumentInput!) {\n    moveDocument(input: $input) {\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation MovePage($input: MoveDocumentInput!) {\n    moveDocument(input: $input) {\n      document {\n        ...DocumentFields\n        version\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePageMeta($input: UpdateDocumentInput!) {\n    updateDocument(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePageMeta($input: UpdateDocumentInput!) {\n    updateDocument(input: $input) {\n      changed\n      document {\n        ...DocumentFields\n        tags\n        status\n        version\n        updatedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TrashPage($input: DeleteDocumentInput!) {\n    deleteDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation TrashPage($input: DeleteDocumentInput!) {\n    deleteDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestorePage($input: RestoreDocumentInput!) {\n    restoreDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RestorePage($input: RestoreDocumentInput!) {\n    restoreDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PageView($space: Space!, $path: String!, $slug: String!) {\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      ...PageViewDocument\n    }\n  }\n"): (typeof documents)["\n  query PageView($space: Space!, $path: String!, $slug: String!) {\n    documentByAddress(space: $space, path: $path, slug: $slug) {\n      ...PageViewDocument\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DecideLinkInline($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        links {\n          ...DocumentLinkFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DecideLinkInline($input: DecideLinkInput!) {\n    decideLink(input: $input) {\n      document {\n        ...DocumentFields\n        version\n        content\n        links {\n          ...DocumentLinkFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Related($id: ID!, $depth: Int, $direction: LinkDirection) {\n    document(id: $id) {\n      ...DocumentFields\n      related(depth: $depth, direction: $direction) {\n        depth\n        document {\n          ...DocumentFields\n        }\n        via {\n          ...DocumentFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Related($id: ID!, $depth: Int, $direction: LinkDirection) {\n    document(id: $id) {\n      ...DocumentFields\n      related(depth: $depth, direction: $direction) {\n        depth\n        document {\n          ...DocumentFields\n        }\n        via {\n          ...DocumentFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StarDocument($input: DocumentRefInput!) {\n    starDocument(input: $input) {\n      document {\n        ...DocumentFields\n        starred\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StarDocument($input: DocumentRefInput!) {\n    starDocument(input: $input) {\n      document {\n        ...DocumentFields\n        starred\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnstarDocument($input: DocumentRefInput!) {\n    unstarDocument(input: $input) {\n      document {\n        ...DocumentFields\n        starred\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UnstarDocument($input: DocumentRefInput!) {\n    unstarDocument(input: $input) {\n      document {\n        ...DocumentFields\n        starred\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordView($input: DocumentRefInput!) {\n    recordView(input: $input)\n  }\n"): (typeof documents)["\n  mutation RecordView($input: DocumentRefInput!) {\n    recordView(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WatchDocument($input: DocumentRefInput!) {\n    watchDocument(input: $input) {\n      watch {\n        ...WatchFields\n      }\n      document {\n        ...DocumentFields\n        watching\n        watcherCount\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation WatchDocument($input: DocumentRefInput!) {\n    watchDocument(input: $input) {\n      watch {\n        ...WatchFields\n      }\n      document {\n        ...DocumentFields\n        watching\n        watcherCount\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnwatchDocument($input: DocumentRefInput!) {\n    unwatchDocument(input: $input) {\n      document {\n        ...DocumentFields\n        watching\n        watcherCount\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UnwatchDocument($input: DocumentRefInput!) {\n    unwatchDocument(input: $input) {\n      document {\n        ...DocumentFields\n        watching\n        watcherCount\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PageViewDocument on Document {\n    ...DocumentFields\n    content\n    tags\n    status\n    version\n    updatedAt\n    liveDigest\n    myPermission\n    starred\n    watching\n    watcherCount\n    owner {\n      ...UserFields\n    }\n    links {\n      ...DocumentLinkFields\n      target {\n        ...DocumentFields\n      }\n    }\n    backlinks {\n      ...DocumentLinkFields\n      source {\n        ...DocumentFields\n      }\n    }\n    fileReferences {\n      ...FileReferenceFields\n      attachment {\n        ...AttachmentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment PageViewDocument on Document {\n    ...DocumentFields\n    content\n    tags\n    status\n    version\n    updatedAt\n    liveDigest\n    myPermission\n    starred\n    watching\n    watcherCount\n    owner {\n      ...UserFields\n    }\n    links {\n      ...DocumentLinkFields\n      target {\n        ...DocumentFields\n      }\n    }\n    backlinks {\n      ...DocumentLinkFields\n      source {\n        ...DocumentFields\n      }\n    }\n    fileReferences {\n      ...FileReferenceFields\n      attachment {\n        ...AttachmentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PageChanged($id: ID!, $since: String) {\n    documentChanged(id: $id, since: $since) {\n      ...DocumentFields\n    }\n  }\n"): (typeof documents)["\n  subscription PageChanged($id: ID!, $since: String) {\n    documentChanged(id: $id, since: $since) {\n      ...DocumentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchDocuments($query: String!, $filter: SearchFilter, $first: Int, $after: String) {\n    search(query: $query, filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          score\n          document {\n            ...DocumentFields\n          }\n          title {\n            text\n            ranges {\n              start\n              end\n            }\n          }\n          snippet {\n            text\n            ranges {\n              start\n              end\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n      totalIsApproximate\n      facets {\n        spaces {\n          value\n          count\n        }\n        tags {\n          value\n          count\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SearchDocuments($query: String!, $filter: SearchFilter, $first: Int, $after: String) {\n    search(query: $query, filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          score\n          document {\n            ...DocumentFields\n          }\n          title {\n            text\n            ranges {\n              start\n              end\n            }\n          }\n          snippet {\n            text\n            ranges {\n              start\n              end\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      totalCount\n      totalIsApproximate\n      facets {\n        spaces {\n          value\n          count\n        }\n        tags {\n          value\n          count\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyAgentsCare {\n    myAgents {\n      ...ResponsibleAgentFields\n    }\n  }\n"): (typeof documents)["\n  query MyAgentsCare {\n    myAgents {\n      ...ResponsibleAgentFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentCare($agentId: ID!) {\n    agentTokens(agentId: $agentId) {\n      ...AccessTokenFields\n      revokedAt\n    }\n    agentShareTargets(agentId: $agentId) {\n      recipient\n      recipientName\n    }\n  }\n"): (typeof documents)["\n  query AgentCare($agentId: ID!) {\n    agentTokens(agentId: $agentId) {\n      ...AccessTokenFields\n      revokedAt\n    }\n    agentShareTargets(agentId: $agentId) {\n      recipient\n      recipientName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAgentShareTargets($input: SetAgentShareTargetsInput!) {\n    setAgentShareTargets(input: $input) {\n      targets {\n        recipient\n        recipientName\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetAgentShareTargets($input: SetAgentShareTargetsInput!) {\n    setAgentShareTargets(input: $input) {\n      targets {\n        recipient\n        recipientName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeAgentToken($input: RevokeAgentTokenInput!) {\n    revokeAgentToken(input: $input) {\n      accessToken {\n        ...AccessTokenFields\n        revokedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeAgentToken($input: RevokeAgentTokenInput!) {\n    revokeAgentToken(input: $input) {\n      accessToken {\n        ...AccessTokenFields\n        revokedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeMyAgent($input: ResumeAgentInput!) {\n    resumeAgent(input: $input) {\n      agent {\n        ...ResponsibleAgentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeMyAgent($input: ResumeAgentInput!) {\n    resumeAgent(input: $input) {\n      agent {\n        ...ResponsibleAgentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MailPreferences {\n    mailPreferences {\n      decisions\n      mentions\n      digest\n      mailEnabled\n    }\n  }\n"): (typeof documents)["\n  query MailPreferences {\n    mailPreferences {\n      decisions\n      mentions\n      digest\n      mailEnabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMailPreferences($input: UpdateMailPreferencesInput!) {\n    updateMailPreferences(input: $input) {\n      decisions\n      mentions\n      digest\n      mailEnabled\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMailPreferences($input: UpdateMailPreferencesInput!) {\n    updateMailPreferences(input: $input) {\n      decisions\n      mentions\n      digest\n      mailEnabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      sessionsEnded\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      sessionsEnded\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Sessions {\n    sessions {\n      ...SessionFields\n    }\n  }\n"): (typeof documents)["\n  query Sessions {\n    sessions {\n      ...SessionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndSession($input: EndSessionInput!) {\n    endSession(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation EndSession($input: EndSessionInput!) {\n    endSession(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndOtherSessions {\n    endOtherSessions {\n      sessionsEnded\n    }\n  }\n"): (typeof documents)["\n  mutation EndOtherSessions {\n    endOtherSessions {\n      sessionsEnded\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccessTokens {\n    accessTokens {\n      ...AccessTokenFields\n    }\n  }\n"): (typeof documents)["\n  query AccessTokens {\n    accessTokens {\n      ...AccessTokenFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n    createAccessToken(input: $input) {\n      token\n      accessToken {\n        ...AccessTokenFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n    createAccessToken(input: $input) {\n      token\n      accessToken {\n        ...AccessTokenFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeAccessToken($input: RevokeAccessTokenInput!) {\n    revokeAccessToken(input: $input) {\n      accessToken {\n        ...AccessTokenFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeAccessToken($input: RevokeAccessTokenInput!) {\n    revokeAccessToken(input: $input) {\n      accessToken {\n        ...AccessTokenFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Watches {\n    watches {\n      ...WatchFields\n      document {\n        ...DocumentFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Watches {\n    watches {\n      ...WatchFields\n      document {\n        ...DocumentFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnwatchFromSettings($input: DocumentRefInput!) {\n    unwatchDocument(input: $input) {\n      document {\n        ...DocumentFields\n        watching\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UnwatchFromSettings($input: DocumentRefInput!) {\n    unwatchDocument(input: $input) {\n      document {\n        ...DocumentFields\n        watching\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WatchFolder($input: FolderRefInput!) {\n    watchFolder(input: $input) {\n      watch {\n        ...WatchFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation WatchFolder($input: FolderRefInput!) {\n    watchFolder(input: $input) {\n      watch {\n        ...WatchFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnwatchFolder($input: FolderRefInput!) {\n    unwatchFolder(input: $input) {\n      watch {\n        ...WatchFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UnwatchFolder($input: FolderRefInput!) {\n    unwatchFolder(input: $input) {\n      watch {\n        ...WatchFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyWebhooks {\n    webhooks {\n      ...WebhookFields\n      deliveries(first: 10) {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyWebhooks {\n    webhooks {\n      ...WebhookFields\n      deliveries(first: 10) {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseWebhook($id: ID!) {\n    pauseWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation PauseWebhook($id: ID!) {\n    pauseWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeWebhook($id: ID!) {\n    resumeWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeWebhook($id: ID!) {\n    resumeWebhook(id: $id) {\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      secret\n      webhook {\n        ...WebhookFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PingWebhook($id: ID!) {\n    pingWebhook(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation PingWebhook($id: ID!) {\n    pingWebhook(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhookDelivery($id: ID!) {\n    redeliverWebhookDelivery(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RedeliverWebhookDelivery($id: ID!) {\n    redeliverWebhookDelivery(id: $id) {\n      delivery {\n        ...WebhookDeliveryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SharePeople($query: String!) {\n    people(query: $query, first: 8) {\n      ...PersonFields\n    }\n  }\n"): (typeof documents)["\n  query SharePeople($query: String!) {\n    people(query: $query, first: 8) {\n      ...PersonFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShareGroups {\n    groups {\n      ...GroupFields\n    }\n  }\n"): (typeof documents)["\n  query ShareGroups {\n    groups {\n      ...GroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShareSuggestions($documentIds: [ID!]!, $recipients: [String!]!, $depth: Int) {\n    shareSuggestions(documentIds: $documentIds, recipients: $recipients, depth: $depth) {\n      document {\n        ...DocumentFields\n      }\n      depth\n      explanation\n      recipients\n    }\n  }\n"): (typeof documents)["\n  query ShareSuggestions($documentIds: [ID!]!, $recipients: [String!]!, $depth: Int) {\n    shareSuggestions(documentIds: $documentIds, recipients: $recipients, depth: $depth) {\n      document {\n        ...DocumentFields\n      }\n      depth\n      explanation\n      recipients\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShareAccess($id: ID!) {\n    document(id: $id) {\n      ...DocumentFields\n      access {\n        ...GrantFields\n        grantedBy {\n          ...UserFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ShareAccess($id: ID!) {\n    document(id: $id) {\n      ...DocumentFields\n      access {\n        ...GrantFields\n        grantedBy {\n          ...UserFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Share($input: ShareInput!) {\n    share(input: $input) {\n      batchId\n      grants {\n        recipient\n        outcome\n        document {\n          ...DocumentFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Share($input: ShareInput!) {\n    share(input: $input) {\n      batchId\n      grants {\n        recipient\n        outcome\n        document {\n          ...DocumentFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShareRevoke($input: RevokeAccessInput!) {\n    revokeAccess(input: $input) {\n      document {\n        ...DocumentFields\n        access {\n          ...GrantFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ShareRevoke($input: RevokeAccessInput!) {\n    revokeAccess(input: $input) {\n      document {\n        ...DocumentFields\n        access {\n          ...GrantFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShareRevokeBatch($input: RevokeBatchInput!) {\n    revokeBatch(input: $input) {\n      revoked\n    }\n  }\n"): (typeof documents)["\n  mutation ShareRevokeBatch($input: RevokeBatchInput!) {\n    revokeBatch(input: $input) {\n      revoked\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecentlyShared($since: Time!, $first: Int) {\n    recentlyShared(since: $since, first: $first) {\n      document {\n        ...DocumentFields\n        owner {\n          ...UserFields\n        }\n      }\n      permission\n      reason\n      batchId\n      at\n      recipient\n      recipientName\n      grantedBy {\n        ...UserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query RecentlyShared($since: Time!, $first: Int) {\n    recentlyShared(since: $since, first: $first) {\n      document {\n        ...DocumentFields\n        owner {\n          ...UserFields\n        }\n      }\n      permission\n      reason\n      batchId\n      at\n      recipient\n      recipientName\n      grantedBy {\n        ...UserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestPasswordReset($input: RequestPasswordResetInput!) {\n    requestPasswordReset(input: $input)\n  }\n"): (typeof documents)["\n  mutation RequestPasswordReset($input: RequestPasswordResetInput!) {\n    requestPasswordReset(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvitationPreview($token: String!) {\n    invitation(token: $token) {\n      email\n      name\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  query InvitationPreview($token: String!) {\n    invitation(token: $token) {\n      email\n      name\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptInvitation($input: AcceptInvitationInput!) {\n    acceptInvitation(input: $input) {\n      user {\n        ...UserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AcceptInvitation($input: AcceptInvitationInput!) {\n    acceptInvitation(input: $input) {\n      user {\n        ...UserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPasswordWithToken($input: ResetPasswordWithTokenInput!) {\n    resetPasswordWithToken(input: $input) {\n      user {\n        ...UserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ResetPasswordWithToken($input: ResetPasswordWithTokenInput!) {\n    resetPasswordWithToken(input: $input) {\n      user {\n        ...UserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...UserFields\n        email\n        kind\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...UserFields\n        email\n        kind\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SignInOptions {\n    signInOptions {\n      password\n      sso {\n        name\n        startUrl\n      }\n    }\n  }\n"): (typeof documents)["\n  query SignInOptions {\n    signInOptions {\n      password\n      sso {\n        name\n        startUrl\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TagPages($tag: String!, $first: Int, $after: String) {\n    documents(first: $first, after: $after, filter: { tags: [$tag] }, orderBy: UPDATED) {\n      edges {\n        node {\n          ...DocumentFields\n          updatedAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query TagPages($tag: String!, $first: Int, $after: String) {\n    documents(first: $first, after: $after, filter: { tags: [$tag] }, orderBy: UPDATED) {\n      edges {\n        node {\n          ...DocumentFields\n          updatedAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TagIndex($prefix: String, $first: Int) {\n    tags(prefix: $prefix, first: $first) {\n      tag\n      count\n    }\n  }\n"): (typeof documents)["\n  query TagIndex($prefix: String, $first: Int) {\n    tags(prefix: $prefix, first: $first) {\n      tag\n      count\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Trash($first: Int, $after: String) {\n    trash(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...DocumentFields\n          deletedAt\n          purgeAfter\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query Trash($first: Int, $after: String) {\n    trash(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...DocumentFields\n          deletedAt\n          purgeAfter\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TrashRestore($input: RestoreDocumentInput!) {\n    restoreDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n        purgeAfter\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation TrashRestore($input: RestoreDocumentInput!) {\n    restoreDocument(input: $input) {\n      document {\n        ...DocumentFields\n        deletedAt\n        purgeAfter\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TrashPurge($input: DocumentRefInput!) {\n    purgeDocument(input: $input) {\n      documentId\n    }\n  }\n"): (typeof documents)["\n  mutation TrashPurge($input: DocumentRefInput!) {\n    purgeDocument(input: $input) {\n      documentId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TrashEmpty {\n    emptyTrash {\n      purged\n    }\n  }\n"): (typeof documents)["\n  mutation TrashEmpty {\n    emptyTrash {\n      purged\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;