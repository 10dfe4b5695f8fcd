/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** Free-form JSON: the frontmatter keys CoDNA does not own. */
  JSON: { input: Record<string, unknown>; output: Record<string, unknown>; }
  /** An instant in time, written in RFC 3339 (for example `2026-11-30T09:00:00Z`). */
  Time: { input: string; output: string; }
  /** A file sent in a multipart request (the GraphQL multipart request spec; docs/api.md, Files). */
  Upload: { input: File; output: File; }
};

export type AcceptInvitationInput = {
  /** The name to go by (1 to 200 characters); omitted or empty: the name management gave. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The password to sign in with from now on: at least 10 characters. */
  password: Scalars['String']['input'];
  /** The secret from the invitation link (`/invite/<token>`). */
  token: Scalars['String']['input'];
};

/** Why you can see a document. */
export type AccessExplanation = {
  __typename?: 'AccessExplanation';
  /** Otherwise, the grants that reach you: your own, or through a group (Everyone included). */
  grants: Array<Grant>;
  /** You own it. */
  owner: Scalars['Boolean']['output'];
};

/**
 * A personal access token (or, for an agent, one of its agent tokens), as its holder sees it:
 * never its secret, which was shown once when it was created.
 */
export type AccessToken = {
  __typename?: 'AccessToken';
  createdAt: Scalars['Time']['output'];
  /** When it stops working; null: never. */
  expiresAt?: Maybe<Scalars['Time']['output']>;
  id: Scalars['ID']['output'];
  /** When it was last used, to the minute; null if never. */
  lastUsedAt?: Maybe<Scalars['Time']['output']>;
  name: Scalars['String']['output'];
  /** `codp_` (personal) or `coda_` (agent) and six more characters, to tell tokens apart. */
  prefix: Scalars['String']['output'];
  /** When it was revoked; null while it works (`agentTokens` lists revoked ones too). */
  revokedAt?: Maybe<Scalars['Time']['output']>;
};

/** A page of activity, newest first. */
export type ActivityConnection = {
  __typename?: 'ActivityConnection';
  edges: Array<ActivityEdge>;
  pageInfo: PageInfo;
};

/** An edge of an `ActivityConnection`. */
export type ActivityEdge = {
  __typename?: 'ActivityEdge';
  cursor: Scalars['String']['output'];
  node: ActivityEntry;
};

/**
 * One entry of the activity log: something that happened to a page. `action` is one of `created`,
 * `edited`, `moved`, `renamed`, `trashed`, `restored`, `commented`, `thread_resolved`, `shared`.
 */
export type ActivityEntry = {
  __typename?: 'ActivityEntry';
  action: Scalars['String']['output'];
  /** Who did it; null when they are gone. */
  actor?: Maybe<User>;
  /** When it happened (for folded edits: the latest). */
  at: Scalars['Time']['output'];
  /** The automation that caused it, when one did. */
  automationId?: Maybe<Scalars['ID']['output']>;
  /** The change summary of the latest edit folded in, when its author gave one. */
  changeSummary?: Maybe<Scalars['String']['output']>;
  /** How many events it stands for: edits by one actor on one page within 5 minutes fold into one entry. */
  count: Scalars['Int']['output'];
  /**
   * For `shared`: whom it was shared with (`principalType`, `principalId`, `permission`), shown only
   * to the person who shared and the page's owner; null for anyone else.
   */
  detail?: Maybe<Scalars['JSON']['output']>;
  /** The page; null only when it is no longer readable by the time this is resolved. */
  document?: Maybe<Document>;
  id: Scalars['ID']['output'];
};

/** Narrows `activity`; fields left out do not. */
export type ActivityFilter = {
  /** What one person or agent did. */
  actorId?: InputMaybe<Scalars['ID']['input']>;
  /** One page's activity (NOT_FOUND when you cannot read it). */
  documentId?: InputMaybe<Scalars['ID']['input']>;
  /** Pages at this folder or below it ("" is the whole space). */
  pathPrefix?: InputMaybe<Scalars['String']['input']>;
  space?: InputMaybe<Space>;
};

export type AgentInput = {
  id: Scalars['ID']['input'];
};

/** How often an agent opened one page on one UTC day. */
export type AgentRead = {
  __typename?: 'AgentRead';
  count: Scalars['Int']['output'];
  /** The UTC day, YYYY-MM-DD. */
  day: Scalars['String']['output'];
  document: Document;
  lastAt: Scalars['Time']['output'];
};

/** Someone an agent may share its own pages with (the MCP `share_document` tool): a person or a group. */
export type AgentShareTarget = {
  __typename?: 'AgentShareTarget';
  addedAt: Scalars['Time']['output'];
  principalId: Scalars['ID']['output'];
  principalType: PrincipalType;
  /** As a share names it: an email or `group:<slug>`. */
  recipient: Scalars['String']['output'];
  /** The display name. */
  recipientName: Scalars['String']['output'];
};

/** How often an agent called one MCP tool on one UTC day, with one outcome. */
export type AgentToolUse = {
  __typename?: 'AgentToolUse';
  count: Scalars['Int']['output'];
  /** The UTC day, YYYY-MM-DD. */
  day: Scalars['String']['output'];
  lastAt: Scalars['Time']['output'];
  /** `ok`, `refused` (a coded refusal: not found, forbidden, bad input, conflict) or `error`. */
  outcome: Scalars['String']['output'];
  /** The tool, like `read_document`; `(unknown)` for a name the server does not have. */
  tool: Scalars['String']['output'];
};

/**
 * Where a thread stands against its page's text: ATTACHED to a passage, DETACHED (its passage is gone
 * from the page: shown under the page with the quote it had), NONE (a page-level thread).
 */
export type AnchorState =
  | 'ATTACHED'
  | 'DETACHED'
  | 'NONE';

/** Several of your link decisions answered the same way at once: "Update all" or "Keep all" for the links a rename touched. */
export type AnswerLinkDecisionsInput = {
  /** UPDATE, KEEP or DROP (restore and repoint are answered one by one, or with `decideLinks`). */
  answer: LinkAnswer;
  /** The links (a decision notification's `subjectId`), at most 200, each one of yours waiting for a decision. */
  linkIds: Array<Scalars['ID']['input']>;
};

/** What answering several link decisions at once did: all in one transaction, or none. */
export type AnswerLinkDecisionsPayload = {
  __typename?: 'AnswerLinkDecisionsPayload';
  /** The links answered. */
  answered: Array<Scalars['ID']['output']>;
  /** The linking documents after the answers, each once. */
  documents: Array<Document>;
  /** The links given that no longer needed a decision (answered meanwhile, or mended). */
  skipped: Array<Scalars['ID']['output']>;
};

/** An answer to a mention decision. */
export type AnswerMentionInput = {
  /**
   * For `mention.unreadable`: true shares the page at read with the person or agent mentioned (a
   * grant with reason `mention`, in a batch, like any share); false leaves it. For
   * `mention.group_capped`: true tells every reader of the page in the group; false leaves it.
   */
  accept: Scalars['Boolean']['input'];
  /** The `mention.unreadable` or `mention.group_capped` decision. */
  notificationId: Scalars['ID']['input'];
};

/** What answering a mention decision did. */
export type AnswerMentionPayload = {
  __typename?: 'AnswerMentionPayload';
  /** The share's batch, when the answer shared the page. */
  batchId?: Maybe<Scalars['ID']['output']>;
  notificationId: Scalars['ID']['output'];
  /** The group's readers told, when the answer notified a group. */
  notified: Scalars['Int']['output'];
};

/**
 * A file of a page, in the page's `<slug>.files/` folder: a page `ops/deploy` shows its diagram as
 * `![](deploy.files/diagram.png)`. It has exactly the page's permission; nothing else grants it.
 */
export type Attachment = {
  __typename?: 'Attachment';
  byteSize: Scalars['Int']['output'];
  createdAt: Scalars['Time']['output'];
  id: Scalars['ID']['output'];
  /** Sniffed from the bytes at upload, never taken from the client. */
  mimeType: Scalars['String']['output'];
  name: Scalars['String']['output'];
  /** What a body of the page writes to show or link it: `<slug>.files/<name>`. */
  path: Scalars['String']['output'];
  /** Where to download it, with your session or token: `/files/<document-id>/<name>`. */
  url: Scalars['String']['output'];
};

export type AuditConnection = {
  __typename?: 'AuditConnection';
  edges: Array<AuditEntryEdge>;
  pageInfo: PageInfo;
};

/** One management change. */
export type AuditEntry = {
  __typename?: 'AuditEntry';
  /** Like `user.create`, `group.member_add`, `document.quarantine`. */
  action: Scalars['String']['output'];
  createdAt: Scalars['Time']['output'];
  details: Scalars['JSON']['output'];
  id: Scalars['ID']['output'];
  requestId?: Maybe<Scalars['String']['output']>;
  targetDocumentId?: Maybe<Scalars['ID']['output']>;
  targetGroupId?: Maybe<Scalars['ID']['output']>;
  targetUserId?: Maybe<Scalars['ID']['output']>;
  tokenId?: Maybe<Scalars['ID']['output']>;
  /** `token` (a manage token), `cli` (`codna manage` on the host) or `sso` (a single sign-on linking a person to their identity provider). */
  via: Scalars['String']['output'];
};

export type AuditEntryEdge = {
  __typename?: 'AuditEntryEdge';
  cursor: Scalars['String']['output'];
  node: AuditEntry;
};

export type AuditFilter = {
  action?: InputMaybe<Scalars['String']['input']>;
  since?: InputMaybe<Scalars['Time']['input']>;
  targetDocumentId?: InputMaybe<Scalars['ID']['input']>;
  targetUserId?: InputMaybe<Scalars['ID']['input']>;
  until?: InputMaybe<Scalars['Time']['input']>;
};

/**
 * A small JavaScript program a person owns, run in a sandbox on events or on a schedule. It can
 * only propose; each proposal is applied with exactly its owner's permissions, and recorded with
 * its verdict. Management sees every automation's metadata and can disable one, never its script
 * or what its runs did.
 */
export type Automation = {
  __typename?: 'Automation';
  createdAt: Scalars['Time']['output'];
  description: Scalars['String']['output'];
  /** Why it is disabled; null while enabled. */
  disabledReason?: Maybe<Scalars['String']['output']>;
  /** Whether it runs (also false after 5 failed or all-rejected runs in a row). */
  enabled: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  kind: AutomationKind;
  /** The latest run, if any. */
  lastRun?: Maybe<AutomationRun>;
  /** SCHEDULE: when a tick last queued a run. */
  lastRunAt?: Maybe<Scalars['Time']['output']>;
  name: Scalars['String']['output'];
  /** SCHEDULE: the next tick, while enabled. */
  nextRunAt?: Maybe<Scalars['Time']['output']>;
  owner: User;
  /** False when the owner was deactivated: the automation does not run. */
  ownerActive: Scalars['Boolean']['output'];
  /** Its runs, newest first (`first` 1–100). */
  runs: AutomationRunConnection;
  /** SCHEDULE: the cron expression (minute hour day-of-month month day-of-week). */
  schedule?: Maybe<Scalars['String']['output']>;
  scope: AutomationScope;
  /** The JavaScript; null for management. */
  script?: Maybe<Scalars['String']['output']>;
  /** SCHEDULE: the IANA time zone the schedule is read in. */
  timezone: Scalars['String']['output'];
  /** EVENT: the outbox event types it runs on (docs/api.md lists them). */
  triggerEvents: Array<Scalars['String']['output']>;
  updatedAt: Scalars['Time']['output'];
};


/**
 * A small JavaScript program a person owns, run in a sandbox on events or on a schedule. It can
 * only propose; each proposal is applied with exactly its owner's permissions, and recorded with
 * its verdict. Management sees every automation's metadata and can disable one, never its script
 * or what its runs did.
 */
export type AutomationRunsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of automations (management's list). */
export type AutomationConnection = {
  __typename?: 'AutomationConnection';
  edges: Array<AutomationEdge>;
  pageInfo: PageInfo;
};

/** An edge of an `AutomationConnection`. */
export type AutomationEdge = {
  __typename?: 'AutomationEdge';
  cursor: Scalars['String']['output'];
  node: Automation;
};

/** What starts an automation. */
export type AutomationKind =
  /** Outbox events of the types in `triggerEvents`, on documents inside `scope` that the owner can read. */
  | 'EVENT'
  /** A 5-field cron `schedule` in `timezone`; the script gets no event (`event` is null). */
  | 'SCHEDULE';

/** The limit that ended a run. */
export type AutomationLimit =
  /** Too many proposals. */
  | 'ACTIONS'
  | 'EXECUTION_TIME'
  | 'MEMORY'
  /** Too many `codna.find`/`codna.get` calls. */
  | 'READS';

export type AutomationPayload = {
  __typename?: 'AutomationPayload';
  automation: Automation;
};

/** One proposal of a script and its verdict. */
export type AutomationProposal = {
  __typename?: 'AutomationProposal';
  /** Whether it was applied; null until decided (and always null in a dry run). */
  applied?: Maybe<Scalars['Boolean']['output']>;
  /** SHARE, TAG, UNTAG: the document. */
  documentId?: Maybe<Scalars['ID']['output']>;
  kind: AutomationProposalKind;
  /** NOTIFY: the message. */
  message?: Maybe<Scalars['String']['output']>;
  permission?: Maybe<Permission>;
  /** What was done, or why it was rejected. */
  reason?: Maybe<Scalars['String']['output']>;
  /** SHARE, NOTIFY: an email, `group:<slug>` or `agent:<slug>`. */
  recipient?: Maybe<Scalars['String']['output']>;
  /** TAG, UNTAG: the tag. */
  tag?: Maybe<Scalars['String']['output']>;
  write?: Maybe<AutomationWrite>;
};

/** What a script proposed. */
export type AutomationProposalKind =
  | 'NOTIFY'
  | 'SHARE'
  | 'TAG'
  | 'UNTAG'
  | 'WRITE';

/**
 * One run of an automation. For management, `proposals` is empty and `logs` and `error` are null:
 * they may hold content.
 */
export type AutomationRun = {
  __typename?: 'AutomationRun';
  /** How many times a worker took it up (more than 1 after the server failed mid-run). */
  attempts: Scalars['Int']['output'];
  createdAt: Scalars['Time']['output'];
  durationMs?: Maybe<Scalars['Int']['output']>;
  /** Why it failed or was skipped. */
  error?: Maybe<Scalars['String']['output']>;
  /** The outbox event that triggered it (EVENT). */
  eventId?: Maybe<Scalars['ID']['output']>;
  eventType?: Maybe<Scalars['String']['output']>;
  finishedAt?: Maybe<Scalars['Time']['output']>;
  id: Scalars['ID']['output'];
  limitHit?: Maybe<AutomationLimit>;
  /** What the script logged with `console.log` (at most 64 KiB). */
  logs?: Maybe<Scalars['String']['output']>;
  /** Bytes the script's engine reached at its peak. */
  memoryPeak?: Maybe<Scalars['Int']['output']>;
  /** What the script proposed, in order, each with its verdict. */
  proposals: Array<AutomationProposal>;
  /** How many `codna.find`/`codna.get` calls it made. */
  reads: Scalars['Int']['output'];
  /** The tick it ran for (SCHEDULE). */
  scheduledFor?: Maybe<Scalars['Time']['output']>;
  status: AutomationRunStatus;
};

/** A page of runs. */
export type AutomationRunConnection = {
  __typename?: 'AutomationRunConnection';
  edges: Array<AutomationRunEdge>;
  pageInfo: PageInfo;
};

/** An edge of an `AutomationRunConnection`. */
export type AutomationRunEdge = {
  __typename?: 'AutomationRunEdge';
  cursor: Scalars['String']['output'];
  node: AutomationRun;
};

/** How a run ended. */
export type AutomationRunStatus =
  /** The script threw, did not parse, or hit a limit other than time; nothing was applied. */
  | 'FAILED'
  /** The script ran to its end and, if it proposed anything, at least one proposal was applied. */
  | 'OK'
  /** Waiting to run, running, or waiting to be retried. */
  | 'QUEUED'
  /** The script ran to its end and every proposal was rejected. */
  | 'REJECTED'
  /** The script never ran: its owner was deactivated, the automation disabled, or the owner can no longer read the event's document. */
  | 'SKIPPED'
  /** The script ran out of time; nothing was applied. */
  | 'TIMEOUT';

/** An event automation's pre-filter on the event's document: every part given must hold. */
export type AutomationScope = {
  __typename?: 'AutomationScope';
  /** The document is in this folder or beneath it. */
  pathPrefix?: Maybe<Scalars['String']['output']>;
  space?: Maybe<Space>;
  /** The document has all of these tags. */
  tags: Array<Scalars['String']['output']>;
};

/** An event automation's pre-filter on the event's document: every part given must hold. */
export type AutomationScopeInput = {
  pathPrefix?: InputMaybe<Scalars['String']['input']>;
  space?: InputMaybe<Space>;
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** A document a script proposed to write into the output space. */
export type AutomationWrite = {
  __typename?: 'AutomationWrite';
  content: Scalars['String']['output'];
  path: Scalars['String']['output'];
  slug: Scalars['String']['output'];
  space: Space;
  title: Scalars['String']['output'];
};

/** What kind of change a revision records. */
export type ChangeKind =
  | 'CONTENT'
  | 'CREATE'
  | 'DELETE'
  | 'MOVE'
  | 'RENAME'
  | 'RESTORE'
  | 'STATUS'
  | 'TAGS';

/** Your current password and the one to replace it with. */
export type ChangePasswordInput = {
  /** At least 10 characters. */
  newPassword: Scalars['String']['input'];
  oldPassword: Scalars['String']['input'];
};

/** The password changed; your other sessions ended. */
export type ChangePasswordPayload = {
  __typename?: 'ChangePasswordPayload';
  /** How many of your other sessions were signed out. */
  sessionsEnded: Scalars['Int']['output'];
};

/** One comment of a thread. */
export type Comment = {
  __typename?: 'Comment';
  author: User;
  /** Markdown, at most 10,000 characters; render it with the page sanitizer. Empty once deleted. */
  body: Scalars['String']['output'];
  createdAt: Scalars['Time']['output'];
  /** Whether its author deleted it: it stays, without its text, because replies follow it. */
  deleted: Scalars['Boolean']['output'];
  editedAt?: Maybe<Scalars['Time']['output']>;
  id: Scalars['ID']['output'];
  threadId: Scalars['ID']['output'];
};

/** A comment, by id. */
export type CommentInput = {
  commentId: Scalars['ID']['input'];
};

/** A new personal access token. */
export type CreateAccessTokenInput = {
  /** Lifetime like `720h`; omitted: never expires. */
  expiresIn?: InputMaybe<Scalars['String']['input']>;
  /** What it is for, like `laptop script` (1 to 100 characters). */
  name: Scalars['String']['input'];
};

/** The token created. `token` is its secret: shown this once, never again. */
export type CreateAccessTokenPayload = {
  __typename?: 'CreateAccessTokenPayload';
  accessToken: AccessToken;
  token: Scalars['String']['output'];
};

export type CreateAgentInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  /** The people who answer for it (at least one): only they can share with it. */
  responsible: Array<Scalars['ID']['input']>;
  slug: Scalars['String']['input'];
};

export type CreateAgentPayload = {
  __typename?: 'CreateAgentPayload';
  agent: ManagedAgent;
  /** Shown once: the agent authenticates with it. */
  token: Scalars['String']['output'];
};

export type CreateAutomationInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  kind: AutomationKind;
  name: Scalars['String']['input'];
  /** SCHEDULE: a 5-field cron expression, like `0 9 * * 1` (Mondays at 09:00). */
  schedule?: InputMaybe<Scalars['String']['input']>;
  /** EVENT: the pre-filter. */
  scope?: InputMaybe<AutomationScopeInput>;
  script: Scalars['String']['input'];
  /** SCHEDULE: an IANA time zone such as `Asia/Tbilisi`; UTC when left out. */
  timezone?: InputMaybe<Scalars['String']['input']>;
  /** EVENT: at least one of the trigger events (docs/api.md). */
  triggerEvents?: InputMaybe<Array<Scalars['String']['input']>>;
};

export type CreateAutomationPayload = {
  __typename?: 'CreateAutomationPayload';
  automation: Automation;
};

/** A new document. */
export type CreateDocumentInput = {
  /** Who reads it: the space's default (DEFAULT, when omitted), PRIVATE or EVERYONE_READ. */
  access?: InputMaybe<NewPageAccess>;
  /** Markdown. A leading YAML frontmatter block fills tags and status (unless given here) and keeps its other keys. */
  content?: InputMaybe<Scalars['String']['input']>;
  /** Its folder; empty or omitted for the space root. */
  path?: InputMaybe<Scalars['String']['input']>;
  /** Recipients granted read at creation, as a share names them (email, `group:<slug>`, `agent:<slug>`), told as a share tells them. */
  shareWith?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Lowercase letters, digits and hyphens. */
  slug: Scalars['String']['input'];
  space: Space;
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  /**
   * Start from a template (a live page tagged `template` you can read; see `templates`): the body is
   * the template's with `{{date}}`, `{{title}}` and `{{author}}` filled, the tags are the template's
   * without `template` plus `tags`. Then `content` must be omitted or empty (BAD_USER_INPUT on
   * content). An unknown or unreadable template is NOT_FOUND on templateId.
   */
  templateId?: InputMaybe<Scalars['ID']['input']>;
  title: Scalars['String']['input'];
};

/** The created document. */
export type CreateDocumentPayload = {
  __typename?: 'CreateDocumentPayload';
  document: Document;
};

export type CreateGroupInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  slug: Scalars['String']['input'];
};

/** A new instance-wide webhook of management: no path filter (a path is content). */
export type CreateManagementWebhookInput = {
  /** Public event types (docs/api.md); none or empty: every one. */
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Only pages in this space (null: every space). */
  space?: InputMaybe<Space>;
  /** An https URL (http only where the instance allows it); private and special addresses are refused. */
  url: Scalars['String']['input'];
};

/** A person for management to create. */
export type CreatePersonInput = {
  /** Their email address; must not belong to anyone else. */
  email: Scalars['String']['input'];
  /** Their display name. */
  name: Scalars['String']['input'];
  /** Their first password, at least 10 characters. */
  password: Scalars['String']['input'];
};

/** The person management created. */
export type CreatePersonPayload = {
  __typename?: 'CreatePersonPayload';
  /** The new person. */
  user: ManagedUser;
};

export type CreateServiceTokenInput = {
  name: Scalars['String']['input'];
  /** Lifetime like `720h`; omitted: never expires. */
  validFor?: InputMaybe<Scalars['String']['input']>;
};

export type CreateServiceTokenPayload = {
  __typename?: 'CreateServiceTokenPayload';
  serviceToken: ServiceToken;
  /** Shown once. */
  token: Scalars['String']['output'];
};

/** A new thread. */
export type CreateThreadInput = {
  /** The passage it is about; null for a page-level thread. */
  anchor?: InputMaybe<TextAnchorInput>;
  /** Its first comment: markdown, 1 to 10,000 characters. */
  body: Scalars['String']['input'];
  documentId: Scalars['ID']['input'];
  /** COMMENT when left out. */
  kind?: InputMaybe<ThreadKind>;
};

export type CreateThreadPayload = {
  __typename?: 'CreateThreadPayload';
  thread: Thread;
};

/** A new webhook. */
export type CreateWebhookInput = {
  /** Public event types (docs/api.md); none or empty: every one. */
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  pathPrefix?: InputMaybe<Scalars['String']['input']>;
  space?: InputMaybe<Space>;
  /** An https URL (http only where the instance allows it); private and special addresses are refused. */
  url: Scalars['String']['input'];
};

export type CreateWebhookPayload = {
  __typename?: 'CreateWebhookPayload';
  /** The signing secret (`whsec_…`), shown this once. */
  secret: Scalars['String']['output'];
  webhook: Webhook;
};

export type DecideFileReferenceInput = {
  answer: FileReferenceAnswer;
  id: Scalars['ID']['input'];
};

export type DecideFileReferencePayload = {
  __typename?: 'DecideFileReferencePayload';
  /** The document whose body holds the reference. */
  document: Document;
};

/** An answer to a link decision. */
export type DecideLinkInput = {
  answer: LinkAnswer;
  linkId: Scalars['ID']['input'];
  /** For REPOINT: the document to link to instead. */
  targetId?: InputMaybe<Scalars['ID']['input']>;
};

/** The linking document after the answer. */
export type DecideLinkPayload = {
  __typename?: 'DecideLinkPayload';
  document: Document;
};

/** One answer for every link of yours to one document: "the same for every page of mine linking here". */
export type DecideLinksInput = {
  answer: LinkAnswer;
  /** For REPOINT: the document to link to instead. */
  newTargetId?: InputMaybe<Scalars['ID']['input']>;
  /** The document the links point at (the one that moved or was deleted). */
  targetId: Scalars['ID']['input'];
};

/** What answering every link to one document did. */
export type DecideLinksPayload = {
  __typename?: 'DecideLinksPayload';
  /** How many decisions were answered. */
  decided: Scalars['Int']['output'];
  /** The linking documents after the answers, each once. */
  documents: Array<Document>;
  /** Whether more of your links to that document wait (at most 200 are answered at once): ask again. */
  more: Scalars['Boolean']['output'];
};

export type DeleteAttachmentPayload = {
  __typename?: 'DeleteAttachmentPayload';
  attachment: Attachment;
};

export type DeleteAutomationPayload = {
  __typename?: 'DeleteAutomationPayload';
  id: Scalars['ID']['output'];
};

export type DeleteCommentPayload = {
  __typename?: 'DeleteCommentPayload';
  /** The thread as it is now; null when it went with its last comment. */
  thread?: Maybe<Thread>;
};

/** The document to move to the trash. */
export type DeleteDocumentInput = {
  id: Scalars['ID']['input'];
};

/** The document, now in the trash. */
export type DeleteDocumentPayload = {
  __typename?: 'DeleteDocumentPayload';
  document: Document;
};

export type DeleteWebhookPayload = {
  __typename?: 'DeleteWebhookPayload';
  id: Scalars['ID']['output'];
};

/**
 * A markdown document. Its `id` never changes; its address (`space`, `path`, `slug`) can.
 * It lives at `/<space>/<path>/<slug>.md` in an export.
 */
export type Document = {
  __typename?: 'Document';
  /** Owner only: everyone it is shared with, and why. */
  access: Array<Grant>;
  /** The page's files, by name. */
  attachments: Array<Attachment>;
  /** The links into it from documents you can read. */
  backlinks: Array<DocumentLink>;
  /** The markdown body, without frontmatter. */
  content: Scalars['String']['output'];
  /** When it was created. */
  createdAt: Scalars['Time']['output'];
  /** Set while it is in the trash (only its owner sees it then). */
  deletedAt?: Maybe<Scalars['Time']['output']>;
  /** A unified diff of the markdown source from one version to another. */
  diff: Scalars['String']['output'];
  /** The references to files in its body, by href. */
  fileReferences: Array<FileReference>;
  /** Frontmatter keys CoDNA does not own, kept as written. */
  frontmatter: Scalars['JSON']['output'];
  /** The permanent id: what links resolve to. */
  id: Scalars['ID']['output'];
  /** Its outgoing links. */
  links: Array<DocumentLink>;
  /**
   * A digest of what an open page shows of this document that may change without you: its version,
   * your access, its thread counts, and its links and backlinks as you see them (link resolution
   * changes those without a new version). Pass it as `documentChanged(since:)` to hear of a change
   * made between your read and the subscription's start. Opaque: compare it, never parse it.
   */
  liveDigest: Scalars['String']['output'];
  /** The body with its frontmatter (title, tags, status and the other keys), as an export writes it. */
  markdown: Scalars['String']['output'];
  /** What you may do to it. */
  myPermission: DocumentAccess;
  /** How many of them are open. */
  openThreadCount: Scalars['Int']['output'];
  /** Who owns it. */
  owner: User;
  /** Its folder, like `engineering/onboarding`; empty at the space root. */
  path: Scalars['String']['output'];
  /** The addresses it left, most recent first. */
  pathHistory: Array<PastAddress>;
  /** When a document in the trash will be purged for good. */
  purgeAfter?: Maybe<Scalars['Time']['output']>;
  /** Documents reached by following resolved links, up to `depth` (1 to 3) away, each with the path that reached it. */
  related: Array<RelatedDocument>;
  /** One revision by version number; null when there is no such version. */
  revision?: Maybe<DocumentRevision>;
  /** Its revisions, newest first. Every change is kept forever. */
  revisions: DocumentRevisionConnection;
  /** Its name in the folder, like `laptop-setup`. */
  slug: Scalars['String']['output'];
  /** The space it lives in. */
  space: Space;
  /** Whether you starred this page (false for agents and management). */
  starred: Scalars['Boolean']['output'];
  /** Draft, active or archived. */
  status: DocumentStatus;
  /** Its tags, lowercase, in the order given. */
  tags: Array<Scalars['String']['output']>;
  /** How many threads it has (management sees counts of any page). */
  threadCount: Scalars['Int']['output'];
  /** Its threads, oldest first (NOT_FOUND for management, who sees counts only). */
  threads: Array<Thread>;
  /** Its title. */
  title: Scalars['String']['output'];
  /** When it last changed. */
  updatedAt: Scalars['Time']['output'];
  /** Who changed it last. */
  updatedBy?: Maybe<User>;
  /** Increases by one with every change; pass it as `expectedVersion` to update safely. */
  version: Scalars['Int']['output'];
  /** How many active people watch this page and can read it now. */
  watcherCount: Scalars['Int']['output'];
  /** Whether you watch this page, by a watch of it or of its folder you have not muted (false for agents and management). */
  watching: Scalars['Boolean']['output'];
  /** Why you can see it. */
  whyCanISee: AccessExplanation;
};


/**
 * A markdown document. Its `id` never changes; its address (`space`, `path`, `slug`) can.
 * It lives at `/<space>/<path>/<slug>.md` in an export.
 */
export type DocumentDiffArgs = {
  from: Scalars['Int']['input'];
  to: Scalars['Int']['input'];
};


/**
 * A markdown document. Its `id` never changes; its address (`space`, `path`, `slug`) can.
 * It lives at `/<space>/<path>/<slug>.md` in an export.
 */
export type DocumentRelatedArgs = {
  depth?: InputMaybe<Scalars['Int']['input']>;
  direction?: InputMaybe<LinkDirection>;
};


/**
 * A markdown document. Its `id` never changes; its address (`space`, `path`, `slug`) can.
 * It lives at `/<space>/<path>/<slug>.md` in an export.
 */
export type DocumentRevisionArgs = {
  version: Scalars['Int']['input'];
};


/**
 * A markdown document. Its `id` never changes; its address (`space`, `path`, `slug`) can.
 * It lives at `/<space>/<path>/<slug>.md` in an export.
 */
export type DocumentRevisionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** What you may do to a document. */
export type DocumentAccess =
  /** Also delete and restore it, and share it. You created it (or it was transferred to you). */
  | 'OWNER'
  /** Read it, its history and its links. */
  | 'READ'
  /** Also edit its body, title, tags and status, and move it. */
  | 'WRITE';

/** A page of documents. */
export type DocumentConnection = {
  __typename?: 'DocumentConnection';
  edges: Array<DocumentEdge>;
  pageInfo: PageInfo;
};

/** An edge of a `DocumentConnection`. */
export type DocumentEdge = {
  __typename?: 'DocumentEdge';
  cursor: Scalars['String']['output'];
  node: Document;
};

/** Narrows `documents`. Every field given must match. */
export type DocumentFilter = {
  /** Only documents in this folder or beneath it. */
  pathPrefix?: InputMaybe<Scalars['String']['input']>;
  /** Only this space. */
  space?: InputMaybe<Space>;
  /** Only this status. */
  status?: InputMaybe<DocumentStatus>;
  /** Only documents carrying all of these tags. */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Only documents changed at or after this time. */
  updatedSince?: InputMaybe<Scalars['Time']['input']>;
};

/** A link from one document to another, anchored to the target's id so it survives renames. */
export type DocumentLink = {
  __typename?: 'DocumentLink';
  /** The href exactly as written in the source body. */
  hrefAsWritten: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Set when the source's owner kept a stale link as written. */
  keptAt?: Maybe<Scalars['Time']['output']>;
  /** How many times the source uses this href. */
  occurrences: Scalars['Int']['output'];
  /** The address the href names, like `wiki:engineering/onboarding/laptop-setup`. */
  resolvedAddress: Scalars['String']['output'];
  /** The linking document. */
  source?: Maybe<Document>;
  state: LinkState;
  /** The document linked to; null while pending (or when you cannot read it). */
  target?: Maybe<Document>;
  /** The link's text (its first occurrence's). */
  text: Scalars['String']['output'];
};

/** Break-glass metadata: enough to decide about a reported document without reading it. */
export type DocumentMetadata = {
  __typename?: 'DocumentMetadata';
  createdAt: Scalars['Time']['output'];
  deletedAt?: Maybe<Scalars['Time']['output']>;
  grants: Array<ManagedGrant>;
  id: Scalars['ID']['output'];
  owner: ManagedUser;
  quarantinedAt?: Maybe<Scalars['Time']['output']>;
  space: Space;
  status: DocumentStatus;
  updatedAt: Scalars['Time']['output'];
  versions: Scalars['Int']['output'];
};

/** How `documents` sorts. */
export type DocumentOrder =
  /** By title, ignoring case. */
  | 'TITLE'
  /** Most recently changed first. */
  | 'UPDATED';

/** A document, by id. */
export type DocumentRefInput = {
  documentId: Scalars['ID']['input'];
};

/** One saved state of a document: a full snapshot. */
export type DocumentRevision = {
  __typename?: 'DocumentRevision';
  /** Who made the change. */
  author?: Maybe<User>;
  /** What kind of change made it. */
  changeKind: ChangeKind;
  /** A note on the change, when there is one. */
  changeSummary?: Maybe<Scalars['String']['output']>;
  /** The body then. */
  content: Scalars['String']['output'];
  /** When. */
  createdAt: Scalars['Time']['output'];
  /** The extra frontmatter keys then. */
  frontmatter: Scalars['JSON']['output'];
  /** The revision's id. */
  id: Scalars['ID']['output'];
  /** The folder then. */
  path: Scalars['String']['output'];
  /** The slug then. */
  slug: Scalars['String']['output'];
  /** The space then. */
  space: Space;
  /** The status then. */
  status: DocumentStatus;
  /** The tags then. */
  tags: Array<Scalars['String']['output']>;
  /** The title then. */
  title: Scalars['String']['output'];
  /** Its version number. */
  version: Scalars['Int']['output'];
};

/** A page of a document's revisions. */
export type DocumentRevisionConnection = {
  __typename?: 'DocumentRevisionConnection';
  edges: Array<DocumentRevisionEdge>;
  pageInfo: PageInfo;
  /** How many revisions the document has in all. */
  totalCount: Scalars['Int']['output'];
};

/** An edge of a `DocumentRevisionConnection`. */
export type DocumentRevisionEdge = {
  __typename?: 'DocumentRevisionEdge';
  cursor: Scalars['String']['output'];
  node: DocumentRevision;
};

/** Where a document stands in its life. */
export type DocumentStatus =
  | 'ACTIVE'
  | 'ARCHIVED'
  | 'DRAFT';

export type DryRunAutomationInput = {
  /**
   * The sample event: `{"type": "document.updated", "documentId": "…", "payload": {…}}` (the
   * document must be one you can read; its metadata and body reach the script as `event.document`).
   * Null: run as a scheduled run, with `event` null.
   */
  event?: InputMaybe<Scalars['JSON']['input']>;
  script: Scalars['String']['input'];
};

/** What a dry run's script did. Nothing of it was applied or recorded. */
export type DryRunAutomationPayload = {
  __typename?: 'DryRunAutomationPayload';
  durationMs: Scalars['Int']['output'];
  /** Why the script failed (its error and stack), if it did. */
  error?: Maybe<Scalars['String']['output']>;
  limitHit?: Maybe<AutomationLimit>;
  logs: Scalars['String']['output'];
  /** Output beyond the log limit was dropped. */
  logsTruncated: Scalars['Boolean']['output'];
  memoryPeak: Scalars['Int']['output'];
  proposals: Array<AutomationProposal>;
  reads: Scalars['Int']['output'];
};

/** A new body for one of your comments. */
export type EditCommentInput = {
  body: Scalars['String']['input'];
  commentId: Scalars['ID']['input'];
};

export type EditCommentPayload = {
  __typename?: 'EditCommentPayload';
  comment: Comment;
};

/** What emptying the trash did. */
export type EmptyTrashPayload = {
  __typename?: 'EmptyTrashPayload';
  /** How many pages were deleted for good. */
  purged: Scalars['Int']['output'];
};

/** Your other sessions signed out. */
export type EndOtherSessionsPayload = {
  __typename?: 'EndOtherSessionsPayload';
  /** How many were signed out. */
  sessionsEnded: Scalars['Int']['output'];
};

/** A session of yours to sign out. */
export type EndSessionInput = {
  id: Scalars['ID']['input'];
};

/** The session signed out. */
export type EndSessionPayload = {
  __typename?: 'EndSessionPayload';
  id: Scalars['ID']['output'];
};

/** A folder written out as a markdown tree, for its requester to download. */
export type Export = {
  __typename?: 'Export';
  byteSize?: Maybe<Scalars['Int']['output']>;
  createdAt: Scalars['Time']['output'];
  done: Scalars['Int']['output'];
  error?: Maybe<Scalars['String']['output']>;
  expiresAt?: Maybe<Scalars['Time']['output']>;
  id: Scalars['ID']['output'];
  path: Scalars['String']['output'];
  space: Space;
  status: ExportStatus;
  total: Scalars['Int']['output'];
  /** Where you download the zip, with your session or token, once it is READY. */
  url?: Maybe<Scalars['String']['output']>;
};

export type ExportDocumentsPayload = {
  __typename?: 'ExportDocumentsPayload';
  export: Export;
};

/** Where an export is. */
export type ExportStatus =
  | 'FAILED'
  | 'QUEUED'
  /** Built: download it from `url` until `expiresAt`. */
  | 'READY'
  | 'RUNNING';

/** How many results have one value. */
export type FacetCount = {
  __typename?: 'FacetCount';
  count: Scalars['Int']['output'];
  value: Scalars['String']['output'];
};

/**
 * A reference in a page's body to a file of a page — its own (`deploy.files/diagram.png`) or another's
 * (`../ops/deploy.files/diagram.png`) — tracked like a link (docs/design.md, File references). Moving
 * or renaming a page rewrites its own references; another page's go STALE_TEXT and become a
 * `file.target_moved` decision for that page's owner (BROKEN and `file.target_deleted` when the page
 * is trashed), answered with `decideFileReference`.
 */
export type FileReference = {
  __typename?: 'FileReference';
  /** The file itself, when the page has one of that name. */
  attachment?: Maybe<Attachment>;
  /** The destination exactly as written. */
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** When the page's owner kept a stale reference as written. */
  keptAt?: Maybe<Scalars['Time']['output']>;
  /** The file's name in the href. */
  name: Scalars['String']['output'];
  /** How many links and images in the body use this href. */
  occurrences: Scalars['Int']['output'];
  /** The page the file belongs to; null when you cannot read it or there is none. */
  page?: Maybe<Document>;
  /** As a link's state; PENDING when there is no page you can read at the href's address. */
  state: LinkState;
};

export type FileReferenceAnswer =
  /** Keep the reference as written; it is not asked about again unless its state changes. */
  | 'KEEP'
  /** Restore the page the file belongs to from the trash (its owner only). */
  | 'RESTORE_TARGET'
  /** Rewrite the href to the file's current place (a revision by you). */
  | 'UPDATE';

/** A folder as you see it: it exists only through documents you can read. */
export type Folder = {
  __typename?: 'Folder';
  /** Live documents you can read in it and beneath it (drafts and archived included). */
  documents: Scalars['Int']['output'];
  /** Whether it has subfolders you can see. */
  hasChildren: Scalars['Boolean']['output'];
  /** Its path, like `codna/adr`. */
  path: Scalars['String']['output'];
};

/** One of your standing folder shares that will share a new page. */
export type FolderAudience = {
  __typename?: 'FolderAudience';
  /** The recipient's display name. */
  name: Scalars['String']['output'];
  /** The rule's folder; empty for the whole space. */
  path: Scalars['String']['output'];
  permission: Permission;
  principalId: Scalars['ID']['output'];
  principalType: PrincipalType;
  /** The recipient as a share names it: an email, `group:<slug>` or `agent:<slug>`. */
  recipient: Scalars['String']['output'];
};

/** A document listed in a folder. */
export type FolderEntry = {
  __typename?: 'FolderEntry';
  /** The whole document. */
  document: Document;
  id: Scalars['ID']['output'];
  path: Scalars['String']['output'];
  slug: Scalars['String']['output'];
  space: Space;
  status: DocumentStatus;
  title: Scalars['String']['output'];
  updatedAt: Scalars['Time']['output'];
};

/** A folder to watch: a space and a path prefix ("" for the whole space). */
export type FolderRefInput = {
  path: Scalars['String']['input'];
  space: Space;
};

/** A standing rule: your documents in a folder and beneath it are shared with a recipient, now and later. */
export type FolderShare = {
  __typename?: 'FolderShare';
  createdAt: Scalars['Time']['output'];
  id: Scalars['ID']['output'];
  /** The folder; empty for the whole space. */
  path: Scalars['String']['output'];
  permission: Permission;
  principalId: Scalars['ID']['output'];
  principalType: PrincipalType;
  space: Space;
  updatedAt: Scalars['Time']['output'];
};

/** One level of a space: the subfolders directly under `path` and the documents directly in it. */
export type FolderTree = {
  __typename?: 'FolderTree';
  documents: Array<FolderEntry>;
  folders: Array<Folder>;
  path: Scalars['String']['output'];
  space: Space;
};

/** A grant on a document, explained. */
export type Grant = {
  __typename?: 'Grant';
  /** The sharing action it was part of. */
  batchId?: Maybe<Scalars['ID']['output']>;
  createdAt: Scalars['Time']['output'];
  document?: Maybe<Document>;
  /** Why, in words, where the reason needs saying (whyCanISee of a SPACE_DEFAULT grant: "Everyone can read new pages in the wiki by default; Ada can revoke it."). */
  explanation?: Maybe<Scalars['String']['output']>;
  grantedBy?: Maybe<User>;
  id: Scalars['ID']['output'];
  permission: Permission;
  principalId: Scalars['ID']['output'];
  principalType: PrincipalType;
  reason: GrantReason;
  /** The recipient as a share names it: an email, `group:<slug>` or `agent:<slug>`. */
  recipient: Scalars['String']['output'];
  /** The recipient's display name. */
  recipientName: Scalars['String']['output'];
};

/** Why a grant exists. */
export type GrantReason =
  /** The page's owner is an agent you answer for: its people read what it writes (a standing rule). */
  | 'AGENT_RESPONSIBLE'
  /** Shared with everything carrying a tag, once. */
  | 'BULK_TAG'
  /** Someone shared it. */
  | 'DIRECT'
  /** A standing folder share covers it. */
  | 'FOLDER'
  /** It came with an import. */
  | 'IMPORT'
  /** Shared as a suggestion accepted while sharing a linking document. */
  | 'LINK_SUGGESTION'
  /** Its author mentioned you on it and chose to share it with you (answerMention). */
  | 'MENTION'
  /** An automation shared it, with its owner's permission. */
  | 'SCRIPT'
  /** The space's default gave Everyone read when the page was created (SpaceDefaultAccess). */
  | 'SPACE_DEFAULT';

/** A group a share can name (`group:<slug>`). */
export type Group = {
  __typename?: 'Group';
  description: Scalars['String']['output'];
  /** True for Everyone: every person, never an agent. */
  everyone: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  members: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  slug: Scalars['String']['output'];
};

export type GroupInput = {
  id: Scalars['ID']['input'];
};

export type GroupMemberInput = {
  groupId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
};

/**
 * A text with the ranges a search matched: `start` and `end` are offsets into `text` in UTF-16 code
 * units (JavaScript string indices), `end` exclusive. Never HTML: clients render the marks.
 */
export type Highlight = {
  __typename?: 'Highlight';
  ranges: Array<HighlightRange>;
  text: Scalars['String']['output'];
};

/** One matched range of a `Highlight`'s text, in UTF-16 code units, end exclusive. */
export type HighlightRange = {
  __typename?: 'HighlightRange';
  end: Scalars['Int']['output'];
  start: Scalars['Int']['output'];
};

/** An archive brought into a folder, page by page, in the background. */
export type Import = {
  __typename?: 'Import';
  /** Who reads the imported pages. */
  access: SpaceDefaultAccess;
  createdAt: Scalars['Time']['output'];
  /** Pages handled so far (written or skipped). */
  done: Scalars['Int']['output'];
  error?: Maybe<Scalars['String']['output']>;
  finishedAt?: Maybe<Scalars['Time']['output']>;
  format: ImportFormat;
  id: Scalars['ID']['output'];
  /** The folder the pages land in. */
  path: Scalars['String']['output'];
  report: ImportReport;
  space: Space;
  startedAt?: Maybe<Scalars['Time']['output']>;
  status: ImportStatus;
  /** Pages in the archive (0 until a worker has read it). */
  total: Scalars['Int']['output'];
};

/** A page of your imports. */
export type ImportConnection = {
  __typename?: 'ImportConnection';
  edges: Array<ImportEdge>;
  pageInfo: PageInfo;
};

/** An edge of an `ImportConnection`. */
export type ImportEdge = {
  __typename?: 'ImportEdge';
  cursor: Scalars['String']['output'];
  node: Import;
};

/** An archive format an import reads (docs/api.md, Imports). */
export type ImportFormat =
  /** A Confluence space exported as HTML. */
  | 'CONFLUENCE'
  /** A zip of any files, each made a page as `ingest` would. */
  | 'FILES'
  /** A zip of a folder tree of markdown files, with each page's files in `<name>.files/` (what `exportDocuments` makes). */
  | 'MARKDOWN'
  /** Notion's "Markdown & CSV" export. */
  | 'NOTION';

/** What an import did. */
export type ImportReport = {
  __typename?: 'ImportReport';
  created: Scalars['Int']['output'];
  /** Frontmatter keys read and not kept (`id`, `owner`, `created`, `updated` belong to the instance a page came from). */
  droppedKeys: Array<Scalars['String']['output']>;
  skipped: Array<ImportSkip>;
  unchanged: Scalars['Int']['output'];
  updated: Scalars['Int']['output'];
};

/** An entry of an archive left out, and why. */
export type ImportSkip = {
  __typename?: 'ImportSkip';
  entry: Scalars['String']['output'];
  reason: Scalars['String']['output'];
};

/** Where an import is. */
export type ImportStatus =
  /** Finished: `report` says what landed and what did not. */
  | 'DONE'
  /** The archive could not be read: `error` says why. */
  | 'FAILED'
  /** Waiting for a worker. */
  | 'QUEUED'
  /** Pages are landing: `done` of `total`. */
  | 'RUNNING';

/**
 * Your inbox badge. Decisions are links and file references that need your answer (a target moved
 * or was deleted) and links proposed into documents you can edit; unread is information you have not read.
 * A notification that requires a decision counts once, as a decision, never as unread.
 */
export type InboxCounts = {
  __typename?: 'InboxCounts';
  decisions: Scalars['Int']['output'];
  /** decisions + unread */
  total: Scalars['Int']['output'];
  unread: Scalars['Int']['output'];
};

/** Narrows `inbox`. */
export type InboxFilter = {
  requiresDecision?: InputMaybe<Scalars['Boolean']['input']>;
  status?: InputMaybe<NotificationStatus>;
  /** A notification type, like `access.granted`. */
  type?: InputMaybe<Scalars['String']['input']>;
};

export type IngestInput = {
  file: Scalars['Upload']['input'];
  /** The raw folder for its page (the space root when left out). */
  path?: InputMaybe<Scalars['String']['input']>;
  /** Where it came from: a URL, a permalink, anything (at most 2000 characters). */
  source?: InputMaybe<Scalars['String']['input']>;
};

export type IngestPayload = {
  __typename?: 'IngestPayload';
  ingestion: Ingestion;
};

/** An original brought into the raw space: kept as it came, converted into a raw page by a worker. */
export type Ingestion = {
  __typename?: 'Ingestion';
  byteSize: Scalars['Int']['output'];
  createdAt: Scalars['Time']['output'];
  /** The raw page it made, once there is one (null if you can no longer read it). */
  document?: Maybe<Document>;
  error?: Maybe<Scalars['String']['output']>;
  filename: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** What it is: markdown, text, html, pdf, docx, image, or empty when CoDNA cannot convert it. */
  kind: Scalars['String']['output'];
  /** Sniffed from the bytes. */
  mimeType: Scalars['String']['output'];
  /** Where you download the kept original, with your session or token (always as a download). */
  originalUrl: Scalars['String']['output'];
  /** The raw folder its page goes in. */
  path: Scalars['String']['output'];
  /** Where it came from, as the uploader said. */
  source?: Maybe<Scalars['String']['output']>;
  status: IngestionStatus;
  updatedAt: Scalars['Time']['output'];
};

/** A page of your ingestions. */
export type IngestionConnection = {
  __typename?: 'IngestionConnection';
  edges: Array<IngestionEdge>;
  pageInfo: PageInfo;
};

/** An edge of an `IngestionConnection`. */
export type IngestionEdge = {
  __typename?: 'IngestionEdge';
  cursor: Scalars['String']['output'];
  node: Ingestion;
};

/** Where an ingestion is. */
export type IngestionStatus =
  /** Could not be converted: `error` says why. The original is kept; `reconvertIngestion` tries again. */
  | 'FAILED'
  /** Waiting for a worker. */
  | 'PENDING'
  /** Being converted. */
  | 'PROCESSING'
  /** Converted: `document` is the raw page it made (or its new revision). */
  | 'READY';

/** An invitation as its screen shows it before it is accepted. */
export type InvitationPreview = {
  __typename?: 'InvitationPreview';
  /** Who it invites: the address they will sign in with. */
  email: Scalars['String']['output'];
  expiresAt: Scalars['Time']['output'];
  /** The name management gave them (they may change it when accepting). */
  name: Scalars['String']['output'];
};

export type InvitePersonInput = {
  email: Scalars['String']['input'];
  name: Scalars['String']['input'];
  /** How long the invitation stays valid (default 7 days), like `72h`. */
  validFor?: InputMaybe<Scalars['String']['input']>;
};

export type InvitePersonPayload = {
  __typename?: 'InvitePersonPayload';
  /**
   * With mail off: the invitation's secret, shown once (the person sets their password with
   * `acceptInvitation`). With mail on: empty — the invitation was mailed, and only the mail's link works.
   */
  invitationToken: Scalars['String']['output'];
  user: ManagedUser;
};

export type IssueAgentTokenInput = {
  agentId: Scalars['ID']['input'];
  name: Scalars['String']['input'];
};

export type IssuedTokenPayload = {
  __typename?: 'IssuedTokenPayload';
  token: Scalars['String']['output'];
};

/** How to answer a link decision. */
export type LinkAnswer =
  /** Remove the link markup and keep its text (a revision by you). */
  | 'DROP'
  /** Keep the link as written; it is not asked about again unless its state changes. */
  | 'KEEP'
  /** Point the link at another document (`targetId`; a revision by you). */
  | 'REPOINT'
  /** Restore the deleted target (its owner only). */
  | 'RESTORE_TARGET'
  /** Rewrite the href to the target's current address (a revision by you). */
  | 'UPDATE';

/** A link in a document you own whose target moved or was deleted. */
export type LinkDecision = {
  __typename?: 'LinkDecision';
  /** The revision that moved, renamed or deleted the target: who, and when. */
  cause?: Maybe<DocumentRevision>;
  kind: LinkDecisionKind;
  link: DocumentLink;
  /** The document that links (yours). */
  source: Document;
  /** The document it links to. */
  target: Document;
  /** Where the target lives now. */
  targetAddress: Scalars['String']['output'];
};

/** A page of your link decisions. */
export type LinkDecisionConnection = {
  __typename?: 'LinkDecisionConnection';
  edges: Array<LinkDecisionEdge>;
  pageInfo: PageInfo;
};

export type LinkDecisionEdge = {
  __typename?: 'LinkDecisionEdge';
  cursor: Scalars['String']['output'];
  node: LinkDecision;
};

/** Why a link needs your decision. */
export type LinkDecisionKind =
  /** The target was deleted: repoint the link, drop it, or restore the target. */
  | 'TARGET_DELETED'
  /** The target moved or was renamed: update the link, keep it as written, or drop it. */
  | 'TARGET_MOVED';

/** Which way links are followed. */
export type LinkDirection =
  /** Both ways. */
  | 'BOTH'
  /** From a document to what links to it. */
  | 'INCOMING'
  /** From a document to what it links to. */
  | 'OUTGOING';

/** The documents around a root and the links among them, for a graph view. Only documents you can read appear. */
export type LinkGraph = {
  __typename?: 'LinkGraph';
  edges: Array<LinkGraphEdge>;
  nodes: Array<LinkGraphNode>;
};

/** A link between two nodes of a link graph. */
export type LinkGraphEdge = {
  __typename?: 'LinkGraphEdge';
  hrefAsWritten: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  sourceId: Scalars['ID']['output'];
  state: LinkState;
  targetId: Scalars['ID']['output'];
};

/** A document in a link graph. */
export type LinkGraphNode = {
  __typename?: 'LinkGraphNode';
  /** Links away from the root (0: the root). */
  depth: Scalars['Int']['output'];
  document: Document;
};

/** Where a link stands. For a reader who cannot read its target a link is always PENDING, with no target. */
export type LinkState =
  /** The target is in the trash. */
  | 'BROKEN'
  /** No document (that you can read) lives at the href's address yet. */
  | 'PENDING'
  /** The target exists and the href names its current address. */
  | 'RESOLVED'
  /** The target moved or was renamed: the href text is out of date. */
  | 'STALE_TEXT';

/** A proposed link, for someone who can edit the source to accept or reject. A rejected suggestion stays rejected. */
export type LinkSuggestion = {
  __typename?: 'LinkSuggestion';
  createdAt: Scalars['Time']['output'];
  decidedAt?: Maybe<Scalars['Time']['output']>;
  id: Scalars['ID']['output'];
  /** Why the proposer thinks these belong together. */
  rationale?: Maybe<Scalars['String']['output']>;
  reason: LinkSuggestionReason;
  score?: Maybe<Scalars['Float']['output']>;
  source?: Maybe<Document>;
  status: SuggestionStatus;
  suggestedBy?: Maybe<User>;
  target?: Maybe<Document>;
};

/** A page of link suggestions. */
export type LinkSuggestionConnection = {
  __typename?: 'LinkSuggestionConnection';
  edges: Array<LinkSuggestionEdge>;
  pageInfo: PageInfo;
};

export type LinkSuggestionEdge = {
  __typename?: 'LinkSuggestionEdge';
  cursor: Scalars['String']['output'];
  node: LinkSuggestion;
};

/** A suggestion to accept or reject. */
export type LinkSuggestionInput = {
  id: Scalars['ID']['input'];
};

/** The decided suggestion and its source document. */
export type LinkSuggestionPayload = {
  __typename?: 'LinkSuggestionPayload';
  document: Document;
  suggestion: LinkSuggestion;
};

/** Why a link is proposed. */
export type LinkSuggestionReason =
  | 'AGENT_PROPOSED'
  | 'CO_CITATION'
  | 'TAG_OVERLAP'
  | 'VECTOR_SIMILAR';

/** An email and password to sign in with. */
export type LoginInput = {
  /** The person's email address, in any case. */
  email: Scalars['String']['input'];
  /** Their password. */
  password: Scalars['String']['input'];
};

/** The result of signing in: the session cookie is set on the response. */
export type LoginPayload = {
  __typename?: 'LoginPayload';
  /** The person now signed in. */
  user: User;
};

/** How often the information notifications you have not read are mailed to you together. */
export type MailDigest =
  /** At most once a day (the default). */
  | 'DAILY'
  /** At most once an hour. */
  | 'HOURLY'
  /** Never. */
  | 'OFF';

/** Which notifications CoDNA mails you (docs/api.md, "Mail preferences"). */
export type MailPreferences = {
  __typename?: 'MailPreferences';
  /** A mail at once for each decision waiting for you (default true). */
  decisions: Scalars['Boolean']['output'];
  /** The digest of information notifications you have not read (default DAILY). */
  digest: MailDigest;
  /** Whether this instance sends mail at all (CODNA_SMTP_URL); when not, your preferences wait for it. */
  mailEnabled: Scalars['Boolean']['output'];
  /** A mail at once when you are mentioned (default true). */
  mentions: Scalars['Boolean']['output'];
};

/** An agent: a user of kind AGENT that its responsible people share with. */
export type ManagedAgent = {
  __typename?: 'ManagedAgent';
  createdAt: Scalars['Time']['output'];
  deletedAt?: Maybe<Scalars['Time']['output']>;
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** When it was paused because nobody active answered for it any more (the console shows "Paused"); null while it works. */
  pausedAt?: Maybe<Scalars['Time']['output']>;
  responsible: Array<ManagedUser>;
  slug: Scalars['String']['output'];
};

export type ManagedAgentPayload = {
  __typename?: 'ManagedAgentPayload';
  agent: ManagedAgent;
};

/** A grant as management sees it: who, what, why — never what the document says. */
export type ManagedGrant = {
  __typename?: 'ManagedGrant';
  batchId?: Maybe<Scalars['ID']['output']>;
  createdAt: Scalars['Time']['output'];
  grantedBy?: Maybe<Scalars['ID']['output']>;
  name: Scalars['String']['output'];
  permission: Permission;
  principalId: Scalars['ID']['output'];
  principalType: PrincipalType;
  reason: Scalars['String']['output'];
  recipient: Scalars['String']['output'];
};

/** A group, as management sees it. */
export type ManagedGroup = {
  __typename?: 'ManagedGroup';
  description: Scalars['String']['output'];
  everyone: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  members: Scalars['Int']['output'];
  name: Scalars['String']['output'];
  slug: Scalars['String']['output'];
};

export type ManagedGroupPayload = {
  __typename?: 'ManagedGroupPayload';
  group?: Maybe<ManagedGroup>;
};

/** A user as management sees one: never anything they wrote. */
export type ManagedUser = {
  __typename?: 'ManagedUser';
  /** False once deactivated: a deactivated person cannot sign in and their sessions and tokens stop working. */
  active: Scalars['Boolean']['output'];
  /** When the user was created. */
  createdAt: Scalars['Time']['output'];
  /** Their email address. */
  email: Scalars['String']['output'];
  /** The user's permanent id. */
  id: Scalars['ID']['output'];
  /** Person or agent. */
  kind: UserKind;
  /** Their display name. */
  name: Scalars['String']['output'];
};

/** A page of users, in creation order. */
export type ManagedUserConnection = {
  __typename?: 'ManagedUserConnection';
  /** The users on this page. */
  edges: Array<ManagedUserEdge>;
  /** Where this page ends. */
  pageInfo: PageInfo;
};

/** An edge of a `ManagedUserConnection`. */
export type ManagedUserEdge = {
  __typename?: 'ManagedUserEdge';
  /** Opaque cursor of this edge. */
  cursor: Scalars['String']['output'];
  /** The user. */
  node: ManagedUser;
};

/** Notifications to mark read. */
export type MarkNotificationsReadInput = {
  ids: Array<Scalars['ID']['input']>;
};

/** How many notifications were marked read, and your counts now. */
export type MarkNotificationsReadPayload = {
  __typename?: 'MarkNotificationsReadPayload';
  counts: InboxCounts;
  marked: Scalars['Int']['output'];
};

/** What a mention names: a person (`mention:user/<id>`), a group (`mention:group/<slug>`) or an agent (`mention:agent/<slug>`). */
export type MentionKind =
  | 'AGENT'
  | 'GROUP'
  | 'USER';

/** How a mention notification (`mention`, `mention.unreadable`, `mention.group_capped`) shows to you now. */
export type MentionView = {
  __typename?: 'MentionView';
  /**
   * The sentence around the mention, its mentions shown as `@Current name`; null when you cannot read
   * the page now. Plain text taken from markdown: render it as text, never as HTML.
   */
  excerpt?: Maybe<Scalars['String']['output']>;
  targetId?: Maybe<Scalars['ID']['output']>;
  /** Who was mentioned (`mention.unreadable`: the person or agent; `mention.group_capped`: the group). */
  targetKind?: Maybe<MentionKind>;
  /** Their current name. */
  targetName?: Maybe<Scalars['String']['output']>;
};

/** Someone or something that can be mentioned: names only, never content. */
export type Mentionable = {
  __typename?: 'Mentionable';
  /** The mention link's destination, for `[@Name](href)`. */
  href: Scalars['String']['output'];
  /** The person's, group's or agent's id (null when resolved from an href by slug). */
  id?: Maybe<Scalars['ID']['output']>;
  kind: MentionKind;
  /** The current name: a mention always shows this, never its link text. */
  name: Scalars['String']['output'];
  /** The group's or agent's slug; null for a person. */
  slug?: Maybe<Scalars['String']['output']>;
};

/** A new address for a document. Omitted fields stay as they are. */
export type MoveDocumentInput = {
  /** When given, the move is CONFLICT if the document moved on. */
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['ID']['input'];
  path?: InputMaybe<Scalars['String']['input']>;
  slug?: InputMaybe<Scalars['String']['input']>;
  space?: InputMaybe<Space>;
};

/** The moved document. */
export type MoveDocumentPayload = {
  __typename?: 'MoveDocumentPayload';
  document: Document;
};

/** Where to move a favourite. */
export type MoveFavoriteInput = {
  /** The starred page it goes just before; null puts it last. */
  before?: InputMaybe<Scalars['ID']['input']>;
  /** The starred page to move. */
  documentId: Scalars['ID']['input'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /**
   * For the invited person (no sign-in needed): sets their password (and, if given, their name) from
   * an invitation token and signs them in (an HttpOnly session cookie, as `login`). An unknown, used
   * or expired token, or a deactivated person, is UNAUTHENTICATED, never saying which.
   */
  acceptInvitation: LoginPayload;
  /** Accepts a link suggestion: the link is added to the end of the source as a revision by you. */
  acceptLinkSuggestion: LinkSuggestionPayload;
  addGroupMember: ManagedGroupPayload;
  /** Answers several of your link decisions the same way, in one transaction: each must be yours to answer (NOT_FOUND or FORBIDDEN on `linkIds` otherwise, and nothing is answered); one that no longer needs a decision is skipped. At most 200 at once (BAD_USER_INPUT on `linkIds`). */
  answerLinkDecisions: AnswerLinkDecisionsPayload;
  /**
   * Answers one of your mention decisions. NOT_FOUND when it is not yours; BAD_USER_INPUT when it is
   * not a mention decision (information such as "ask its owner" has no answer); CONFLICT when it was
   * answered or no longer holds (the mention left the text, the page was trashed, the person can read
   * it now, you can no longer share the page); the share's errors.
   */
  answerMention: AnswerMentionPayload;
  /**
   * Changes your password. A wrong `oldPassword` is BAD_USER_INPUT on it; your other sessions are
   * signed out, this one stays; personal tokens keep working. Needs your session cookie.
   */
  changePassword: ChangePasswordPayload;
  /**
   * Issues you a personal access token (`codp_…`) to use as `Authorization: Bearer` from scripts and
   * MCP clients; it acts as you. Needs your session cookie: a token cannot make tokens (FORBIDDEN).
   */
  createAccessToken: CreateAccessTokenPayload;
  createAgent: CreateAgentPayload;
  /**
   * Create an automation you own (people only: an agent writes the script, the person it answers
   * for creates it). BAD_USER_INPUT names the field: an invalid cron `schedule`, an unknown
   * `timezone`, an unknown trigger event, a scope of the wrong shape.
   */
  createAutomation: CreateAutomationPayload;
  /** Creates a document you own. An address already taken is CONFLICT on `slug`; an agent creates only in OUTPUT (elsewhere FORBIDDEN on `space`). */
  createDocument: CreateDocumentPayload;
  createGroup: ManagedGroupPayload;
  /**
   * Management only: subscribe an instance-wide endpoint (at most 50, apart from people's) to every
   * matching event, with metadata-only bodies. BAD_USER_INPUT names the field (`url`, `events`).
   */
  createManagementWebhook: CreateWebhookPayload;
  /** Management only: creates a person who can sign in with the given password. */
  createPerson: CreatePersonPayload;
  createServiceToken: CreateServiceTokenPayload;
  /**
   * Opens a thread on a page you can read (agents too), with its first comment, and makes you watch the
   * page. NOT_FOUND when you cannot read it; CONFLICT on documentId when it is quarantined (its threads
   * are frozen) or in the trash; RATE_LIMITED for an agent commenting too fast; management is FORBIDDEN.
   */
  createThread: CreateThreadPayload;
  /**
   * Subscribe an endpoint of yours (people only, at most 10). BAD_USER_INPUT names the field: a URL
   * that is not https, carries a user name, or is a private address (`url`); an unknown event type
   * (`events`); a path that is not one (`pathPrefix`).
   */
  createWebhook: CreateWebhookPayload;
  /** Management only: deactivates a person; their sessions end and their tokens stop working at once. */
  deactivatePerson: SetPersonActivePayload;
  /**
   * Answers a decision about a file reference in a page you can edit. NOT_FOUND when you cannot read
   * the page or the page the file belongs to; CONFLICT when it needs no decision.
   */
  decideFileReference: DecideFileReferencePayload;
  /** Answers a link decision. */
  decideLink: DecideLinkPayload;
  /**
   * Answers every link decision of yours whose link points at one document the same way, as
   * `decideLink` answers one (each a revision of its page for UPDATE, DROP and REPOINT; RESTORE_TARGET
   * restores the document once). NOT_FOUND on targetId when none of your links to it waits.
   */
  decideLinks: DecideLinksPayload;
  /** Deletes an agent: its tokens die, its slug is free again, its rows stay. */
  deleteAgent: ManagedAgentPayload;
  /**
   * Delete a file of a page you can edit. CONFLICT when a revision of a page names it: history keeps
   * what it showed.
   */
  deleteAttachment: DeleteAttachmentPayload;
  /** Delete one of your automations and its runs. */
  deleteAutomation: DeleteAutomationPayload;
  /**
   * Deletes one of your comments. A thread's first comment with replies stays as deleted, without its
   * text; a thread left with no comment goes.
   */
  deleteComment: DeleteCommentPayload;
  /** Moves a document you own to the trash; it is purged after 30 days unless restored. */
  deleteDocument: DeleteDocumentPayload;
  /** Deletes a group (never Everyone); its grants and folder shares go, each recorded. */
  deleteGroup: ManagedGroupPayload;
  /** Management only: delete one of management's webhooks and its deliveries. */
  deleteManagementWebhook: DeleteWebhookPayload;
  /** Delete one of your webhooks and its deliveries. */
  deleteWebhook: DeleteWebhookPayload;
  /** Disable an automation: yours, or (management) any. */
  disableAutomation: AutomationPayload;
  /** Dismisses a notification. A decision waiting for your answer cannot be dismissed: answer it (it clears itself once it can no longer be answered). */
  dismissNotification: NotificationPayload;
  /** Run a script once against a sample event (or none), as your automation would, and apply nothing. */
  dryRunAutomation: DryRunAutomationPayload;
  /** Edits one of your comments (FORBIDDEN on another's). */
  editComment: EditCommentPayload;
  /** Deletes every page in your trash for good (in batches) and says how many. */
  emptyTrash: EmptyTrashPayload;
  /** Enable one of your automations (a schedule's next tick is computed from now). */
  enableAutomation: AutomationPayload;
  /** Signs out every session of yours but this one. Personal tokens keep working. Needs your session cookie. */
  endOtherSessions: EndOtherSessionsPayload;
  /**
   * Signs out one of your sessions (its open websockets close). Needs your session cookie (FORBIDDEN
   * otherwise); an id that is not one of your live sessions is NOT_FOUND.
   */
  endSession: EndSessionPayload;
  /**
   * Export a folder — every page in and beneath it that you can read — as a zip of markdown files with
   * frontmatter, each page's files in `<slug>.files/`, and links that work in any markdown editor.
   * A worker builds it and tells you (`export.ready`); download it from `url` for a day.
   */
  exportDocuments: ExportDocumentsPayload;
  /**
   * Bring an original into raw (people only; a multipart request, up to CODNA_MAX_FILE_BYTES). It is
   * kept untouched and converted by a worker: markdown and text as they are, HTML, PDF and DOCX to
   * markdown, an image to a page embedding it. You are told in your inbox (`ingestion.ready` or
   * `ingestion.failed`).
   */
  ingest: IngestPayload;
  /** Management only: creates a person without a password and mails them an invitation, or (mail off) returns a single-use invitation token. */
  invitePerson: InvitePersonPayload;
  issueAgentToken: IssuedTokenPayload;
  /**
   * Signs a person in with email and password and sets an HttpOnly session cookie.
   * A wrong email or password answers UNAUTHENTICATED; too many attempts answer RATE_LIMITED.
   */
  login: LoginPayload;
  /** Ends the current session and clears its cookie. True when a session was ended. */
  logout: Scalars['Boolean']['output'];
  /** Marks all your information read, in one step. Decisions stay until they are answered. */
  markAllNotificationsRead: MarkNotificationsReadPayload;
  /** Marks these of your notifications read. Decisions stay until they are answered. */
  markNotificationsRead: MarkNotificationsReadPayload;
  /** Moves or renames a document you can write; its old address is remembered and freed. */
  moveDocument: MoveDocumentPayload;
  /** Moves one of your favourites just before another, or last. NOT_FOUND when either is not starred. People only. */
  moveFavorite: Array<Document>;
  /** Management only: pause one of management's webhooks. */
  pauseManagementWebhook: WebhookPayload;
  /** Pause one of your webhooks. */
  pauseWebhook: WebhookPayload;
  /** Management only: queue a test message (type `webhook.ping`) to one of management's webhooks. */
  pingManagementWebhook: WebhookDeliveryPayload;
  /** Queue a test message (type `webhook.ping`) to one of your webhooks, after its pending deliveries. */
  pingWebhook: WebhookDeliveryPayload;
  /** Proposes a link from a document you can edit to one you can read; its owner decides. */
  proposeLink: ProposeLinkPayload;
  /** Deletes a page of yours in the trash for good, now, instead of after the purge window: links to it go pending and its files go with it, as the purger does. A live page is BAD_USER_INPUT (move it to the trash first); someone else's is NOT_FOUND (or FORBIDDEN when you may read it). */
  purgeDocument: PurgeDocumentPayload;
  /** Holds a document out of circulation: its owner alone sees it, its shares are moved aside. */
  quarantineDocument: QuarantinePayload;
  /** Management only: lets a deactivated person sign in again. */
  reactivatePerson: SetPersonActivePayload;
  /** Convert a ready or failed ingestion again from its kept original (a new revision of its page). */
  reconvertIngestion: IngestPayload;
  /**
   * Records that you opened a page (the page view calls it once per visit): at most once a minute
   * per page, written in the background, so it never slows opening. NOT_FOUND when you cannot read
   * it. Agents' and management's views are not recorded (the answer is still true).
   */
  recordView: Scalars['Boolean']['output'];
  /** Management only: send a delivered or dead delivery of management's webhooks again. */
  redeliverManagementWebhookDelivery: WebhookDeliveryPayload;
  /** Send a delivered or dead delivery of yours again: the same id and body, before the webhook's later deliveries. */
  redeliverWebhookDelivery: WebhookDeliveryPayload;
  /** Rejects a link suggestion for good. */
  rejectLinkSuggestion: LinkSuggestionPayload;
  releaseDocument: QuarantinePayload;
  removeGroupMember: ManagedGroupPayload;
  /** Reopens a resolved thread: who may resolve it may. */
  reopenThread: ThreadPayload;
  /** Replies to a thread (one level). Errors as createThread; NOT_FOUND when you cannot read its page. */
  replyToThread: ReplyToThreadPayload;
  /**
   * For a person who forgot their password (no sign-in needed): mails a reset link (`/reset/<token>`,
   * good once, for an hour) to an active person with a password who has that address. Answers true
   * whether or not the address exists, in the same time. Too many requests for an address or from
   * a client answer RATE_LIMITED; an instance that sends no mail answers FORBIDDEN (ask management).
   */
  requestPasswordReset: Scalars['Boolean']['output'];
  /** Management only: sets a person's password and ends their sessions; they are told. */
  resetPassword: SetPersonActivePayload;
  /**
   * Sets a new password with the token from a reset link, ends every session of that person and
   * signs them in (an HttpOnly session cookie, as `login`). A token that is unknown, used, expired
   * or whose person was deactivated answers UNAUTHENTICATED, never saying which.
   */
  resetPasswordWithToken: LoginPayload;
  /** Marks a piece of information done. A decision is resolved by answering it. */
  resolveNotification: NotificationPayload;
  /** Resolves a thread: the page's owner, people who may edit it and the thread's author may (FORBIDDEN otherwise). */
  resolveThread: ThreadPayload;
  /** Brings a document you own back from the trash. */
  restoreDocument: RestoreDocumentPayload;
  /** Makes an earlier version current again. */
  restoreRevision: RestoreRevisionPayload;
  /**
   * Resumes a paused agent you answer for (management may resume any), so its tokens work again.
   * BAD_USER_INPUT on `agentId` while no active person answers for it.
   */
  resumeAgent: ResumeAgentPayload;
  /** Management only: make one of management's webhooks active again (paused or disabled). */
  resumeManagementWebhook: WebhookPayload;
  /** Make one of your webhooks active again (paused or disabled). */
  resumeWebhook: WebhookPayload;
  /** Unparks an outbox event for one consumer: it is delivered to that consumer again. */
  retryParkedEvent: RetryParkedEventPayload;
  /** Takes one grant away (the owner, or who granted it). */
  revokeAccess: RevokeAccessPayload;
  /** Revokes one of your personal access tokens at once. Needs your session cookie (FORBIDDEN otherwise). */
  revokeAccessToken: RevokeAccessTokenPayload;
  /** Revokes one token of an agent you answer for; its other tokens keep working. NOT_FOUND on `tokenId` for a token it does not have. */
  revokeAgentToken: RevokeAccessTokenPayload;
  /** Takes a whole sharing action back. */
  revokeBatch: RevokeBatchPayload;
  revokeServiceToken: ServiceTokenPayload;
  /** Management only: give one of management's webhooks a new secret; the old one keeps signing beside it for 24 hours. */
  rotateManagementWebhookSecret: RotateWebhookSecretPayload;
  /** Give one of your webhooks a new secret; the old one keeps signing beside it for 24 hours. */
  rotateWebhookSecret: RotateWebhookSecretPayload;
  setAgentResponsible: ManagedAgentPayload;
  /** Replaces whom an agent you answer for may share its own pages with (an agent's `share_document` refuses anyone else). */
  setAgentShareTargets: SetAgentShareTargetsPayload;
  /** Management: sets who may read the pages people create in a space from now on (audited). */
  setSpaceDefault: SetSpaceDefaultPayload;
  /** Shares documents with recipients as one action (one batch). */
  share: SharePayload;
  /** Shares every document carrying a tag, once. */
  shareByTag: SharePayload;
  /** Shares a folder of yours, now and later. */
  shareFolder: ShareFolderPayload;
  /** Stars a page you can read (NOT_FOUND otherwise), at the end of your favourites. People only: agents and management are FORBIDDEN. At most 500. */
  starDocument: StarPayload;
  /**
   * Import an archive into a folder (people only; a multipart request). A worker writes the pages and
   * their files, rewrites the links between them so they resolve, and tells you when it is done
   * (`import.done`, `import.failed`). Importing into the same folder again updates the pages an
   * earlier import made, wherever they were moved, and adds the new ones.
   */
  startImport: StartImportPayload;
  /** Takes one share away from a document. */
  takeAwayShare: TakeAwaySharePayload;
  /** Hands everything a person owned, live and trashed, to someone who stays. */
  transferOwnership: TransferPayload;
  /** Ends a folder share; grants no other rule justifies are taken away. */
  unshareFolder: UnshareFolderPayload;
  /** Unstars a page (one not starred is no error). People only: agents and management are FORBIDDEN. A page you can no longer read can still be unstarred; the payload then is NOT_FOUND. */
  unstarDocument: StarPayload;
  /**
   * Stops watching a page: the watch stays as a mute, so neither an automatic source (authoring,
   * commenting, a mention) nor a watch of its folder brings it back; only watchDocument does. People only.
   */
  unwatchDocument: WatchPayload;
  /** Stops watching a folder (one not watched is no error). People only. */
  unwatchFolder: WatchPayload;
  /** Change one of your automations. */
  updateAutomation: AutomationPayload;
  /** Saves a new version of a document you can write. */
  updateDocument: UpdateDocumentPayload;
  updateGroup: ManagedGroupPayload;
  /** Changes your mail preferences and returns them; turning a kind off drops its mail not yet sent. */
  updateMailPreferences: MailPreferences;
  /**
   * Add a file to a page you can edit (a multipart request; cookie requests carry `X-CoDNA-CSRF: 1`).
   * At most CODNA_MAX_FILE_BYTES (25 MiB by default): BAD_USER_INPUT on `file` past it, and for an
   * empty file. A file under a taken name gets a free one (`diagram-2.png`).
   */
  uploadAttachment: UploadAttachmentPayload;
  /** Watches a page you can read (NOT_FOUND otherwise); lifts a mute. People only: agents and management are FORBIDDEN. */
  watchDocument: WatchPayload;
  /** Watches a folder and every page below it, now and later. BAD_USER_INPUT on a bad space or path. People only. */
  watchFolder: WatchPayload;
};


export type MutationAcceptInvitationArgs = {
  input: AcceptInvitationInput;
};


export type MutationAcceptLinkSuggestionArgs = {
  input: LinkSuggestionInput;
};


export type MutationAddGroupMemberArgs = {
  input: GroupMemberInput;
};


export type MutationAnswerLinkDecisionsArgs = {
  input: AnswerLinkDecisionsInput;
};


export type MutationAnswerMentionArgs = {
  input: AnswerMentionInput;
};


export type MutationChangePasswordArgs = {
  input: ChangePasswordInput;
};


export type MutationCreateAccessTokenArgs = {
  input: CreateAccessTokenInput;
};


export type MutationCreateAgentArgs = {
  input: CreateAgentInput;
};


export type MutationCreateAutomationArgs = {
  input: CreateAutomationInput;
};


export type MutationCreateDocumentArgs = {
  input: CreateDocumentInput;
};


export type MutationCreateGroupArgs = {
  input: CreateGroupInput;
};


export type MutationCreateManagementWebhookArgs = {
  input: CreateManagementWebhookInput;
};


export type MutationCreatePersonArgs = {
  input: CreatePersonInput;
};


export type MutationCreateServiceTokenArgs = {
  input: CreateServiceTokenInput;
};


export type MutationCreateThreadArgs = {
  input: CreateThreadInput;
};


export type MutationCreateWebhookArgs = {
  input: CreateWebhookInput;
};


export type MutationDeactivatePersonArgs = {
  input: SetPersonActiveInput;
};


export type MutationDecideFileReferenceArgs = {
  input: DecideFileReferenceInput;
};


export type MutationDecideLinkArgs = {
  input: DecideLinkInput;
};


export type MutationDecideLinksArgs = {
  input: DecideLinksInput;
};


export type MutationDeleteAgentArgs = {
  input: AgentInput;
};


export type MutationDeleteAttachmentArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteAutomationArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteCommentArgs = {
  input: CommentInput;
};


export type MutationDeleteDocumentArgs = {
  input: DeleteDocumentInput;
};


export type MutationDeleteGroupArgs = {
  input: GroupInput;
};


export type MutationDeleteManagementWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDisableAutomationArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDismissNotificationArgs = {
  input: NotificationInput;
};


export type MutationDryRunAutomationArgs = {
  input: DryRunAutomationInput;
};


export type MutationEditCommentArgs = {
  input: EditCommentInput;
};


export type MutationEnableAutomationArgs = {
  id: Scalars['ID']['input'];
};


export type MutationEndSessionArgs = {
  input: EndSessionInput;
};


export type MutationExportDocumentsArgs = {
  path?: InputMaybe<Scalars['String']['input']>;
  space: Space;
};


export type MutationIngestArgs = {
  input: IngestInput;
};


export type MutationInvitePersonArgs = {
  input: InvitePersonInput;
};


export type MutationIssueAgentTokenArgs = {
  input: IssueAgentTokenInput;
};


export type MutationLoginArgs = {
  input: LoginInput;
};


export type MutationMarkNotificationsReadArgs = {
  input: MarkNotificationsReadInput;
};


export type MutationMoveDocumentArgs = {
  input: MoveDocumentInput;
};


export type MutationMoveFavoriteArgs = {
  input: MoveFavoriteInput;
};


export type MutationPauseManagementWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationPauseWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationPingManagementWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationPingWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationProposeLinkArgs = {
  input: ProposeLinkInput;
};


export type MutationPurgeDocumentArgs = {
  input: DocumentRefInput;
};


export type MutationQuarantineDocumentArgs = {
  input: QuarantineInput;
};


export type MutationReactivatePersonArgs = {
  input: SetPersonActiveInput;
};


export type MutationReconvertIngestionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRecordViewArgs = {
  input: DocumentRefInput;
};


export type MutationRedeliverManagementWebhookDeliveryArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRedeliverWebhookDeliveryArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRejectLinkSuggestionArgs = {
  input: LinkSuggestionInput;
};


export type MutationReleaseDocumentArgs = {
  input: ReleaseInput;
};


export type MutationRemoveGroupMemberArgs = {
  input: GroupMemberInput;
};


export type MutationReopenThreadArgs = {
  input: ThreadInput;
};


export type MutationReplyToThreadArgs = {
  input: ReplyToThreadInput;
};


export type MutationRequestPasswordResetArgs = {
  input: RequestPasswordResetInput;
};


export type MutationResetPasswordArgs = {
  input: ResetPasswordInput;
};


export type MutationResetPasswordWithTokenArgs = {
  input: ResetPasswordWithTokenInput;
};


export type MutationResolveNotificationArgs = {
  input: NotificationInput;
};


export type MutationResolveThreadArgs = {
  input: ThreadInput;
};


export type MutationRestoreDocumentArgs = {
  input: RestoreDocumentInput;
};


export type MutationRestoreRevisionArgs = {
  input: RestoreRevisionInput;
};


export type MutationResumeAgentArgs = {
  input: ResumeAgentInput;
};


export type MutationResumeManagementWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationResumeWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRetryParkedEventArgs = {
  input: RetryParkedEventInput;
};


export type MutationRevokeAccessArgs = {
  input: RevokeAccessInput;
};


export type MutationRevokeAccessTokenArgs = {
  input: RevokeAccessTokenInput;
};


export type MutationRevokeAgentTokenArgs = {
  input: RevokeAgentTokenInput;
};


export type MutationRevokeBatchArgs = {
  input: RevokeBatchInput;
};


export type MutationRevokeServiceTokenArgs = {
  input: ServiceTokenInput;
};


export type MutationRotateManagementWebhookSecretArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRotateWebhookSecretArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSetAgentResponsibleArgs = {
  input: SetAgentResponsibleInput;
};


export type MutationSetAgentShareTargetsArgs = {
  input: SetAgentShareTargetsInput;
};


export type MutationSetSpaceDefaultArgs = {
  input: SetSpaceDefaultInput;
};


export type MutationShareArgs = {
  input: ShareInput;
};


export type MutationShareByTagArgs = {
  input: ShareByTagInput;
};


export type MutationShareFolderArgs = {
  input: ShareFolderInput;
};


export type MutationStarDocumentArgs = {
  input: DocumentRefInput;
};


export type MutationStartImportArgs = {
  input: StartImportInput;
};


export type MutationTakeAwayShareArgs = {
  input: TakeAwayShareInput;
};


export type MutationTransferOwnershipArgs = {
  input: TransferInput;
};


export type MutationUnshareFolderArgs = {
  input: UnshareFolderInput;
};


export type MutationUnstarDocumentArgs = {
  input: DocumentRefInput;
};


export type MutationUnwatchDocumentArgs = {
  input: DocumentRefInput;
};


export type MutationUnwatchFolderArgs = {
  input: FolderRefInput;
};


export type MutationUpdateAutomationArgs = {
  input: UpdateAutomationInput;
};


export type MutationUpdateDocumentArgs = {
  input: UpdateDocumentInput;
};


export type MutationUpdateGroupArgs = {
  input: UpdateGroupInput;
};


export type MutationUpdateMailPreferencesArgs = {
  input: UpdateMailPreferencesInput;
};


export type MutationUploadAttachmentArgs = {
  input: UploadAttachmentInput;
};


export type MutationWatchDocumentArgs = {
  input: DocumentRefInput;
};


export type MutationWatchFolderArgs = {
  input: FolderRefInput;
};

/** The author's choice of who reads a new page (CreateDocumentInput.access). */
export type NewPageAccess =
  /** The space's default (SpaceDefault); an agent's page is private. */
  | 'DEFAULT'
  /** Everyone reads it, whatever the default. */
  | 'EVERYONE_READ'
  /** The owner alone, whatever the default. */
  | 'PRIVATE';

/** Something that happened that concerns you, or a decision waiting for you. */
export type Notification = {
  __typename?: 'Notification';
  /** Who did what it tells of — who shared or took away access — when the payload names them; null otherwise. */
  actor?: Maybe<User>;
  /** The sharing batch or other action it belongs to. */
  batchId?: Maybe<Scalars['ID']['output']>;
  createdAt: Scalars['Time']['output'];
  /**
   * The documents a batch notification stands for (a share of 500 pages is one notification),
   * those you can read now only, by id (`first` at most 100). A page you cannot read is left
   * out, never named. Empty for a notification that stands for no documents.
   */
  documents: DocumentConnection;
  id: Scalars['ID']['output'];
  /** For the mention types: how the mention shows to you now (null for other types). */
  mention?: Maybe<MentionView>;
  /** Details, by type (for a batch: `count` and `documents`). Documents are named by id; a link or file reference decision's addresses (and file name) are given only for pages you can read now. */
  payload: Scalars['JSON']['output'];
  readAt?: Maybe<Scalars['Time']['output']>;
  /** True for work (answer it), false for information. */
  requiresDecision: Scalars['Boolean']['output'];
  resolvedAt?: Maybe<Scalars['Time']['output']>;
  status: NotificationStatus;
  /** The id of what it is about. */
  subjectId?: Maybe<Scalars['ID']['output']>;
  /** What it is about: `document`, `access`, `link`, `attachment_ref` (a file reference), … */
  subjectType: Scalars['String']['output'];
  /** What happened, like `access.granted` or `link.target_moved`. */
  type: Scalars['String']['output'];
  /**
   * For `watch.updated`: how many changes people other than you made to the page in the
   * notification's 10 minutes, counted from the activity log when you read it (so "edited 3
   * times"); null for other types, 0 for a page you cannot read now.
   */
  watchEvents?: Maybe<Scalars['Int']['output']>;
};


/** Something that happened that concerns you, or a decision waiting for you. */
export type NotificationDocumentsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of your notifications, newest first. */
export type NotificationConnection = {
  __typename?: 'NotificationConnection';
  edges: Array<NotificationEdge>;
  pageInfo: PageInfo;
};

/** An edge of a `NotificationConnection`. */
export type NotificationEdge = {
  __typename?: 'NotificationEdge';
  cursor: Scalars['String']['output'];
  node: Notification;
};

/** A notification to dismiss or resolve. */
export type NotificationInput = {
  id: Scalars['ID']['input'];
};

/** The notification after the change, and your counts now. */
export type NotificationPayload = {
  __typename?: 'NotificationPayload';
  counts: InboxCounts;
  notification: Notification;
};

/** Where a notification stands. */
export type NotificationStatus =
  | 'DISMISSED'
  | 'READ'
  /** Answered or done. */
  | 'RESOLVED'
  | 'UNREAD';

/** Who will see a page you create at an address, before you create it. */
export type PageAudience = {
  __typename?: 'PageAudience';
  /** The default that applies to your page: the space's for a person, PRIVATE for an agent. */
  default: SpaceDefaultAccess;
  /** Your standing folder shares covering the path: each shares the new page too. */
  folders: Array<FolderAudience>;
  path: Scalars['String']['output'];
  space: Space;
};

/** Where a page of a connection starts and ends. */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** The cursor of the last edge, to pass as `after` for the next page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** Whether more items follow the last edge. */
  hasNextPage: Scalars['Boolean']['output'];
};

/**
 * An outbox event parked for one consumer: the consumer kept failing on it, or outran its time
 * budget, so the queue moved on without it. Ids and counts only — never the event's payload,
 * its error text or anything of the document it concerns.
 */
export type ParkedEvent = {
  __typename?: 'ParkedEvent';
  /** Failed attempts of the consumer when it was parked. */
  attempts: Scalars['Int']['output'];
  /** The consumer it is parked for, like `links`. */
  consumer: Scalars['String']['output'];
  /** `timeout`, `panic` or `error`. */
  errorClass: Scalars['String']['output'];
  eventId: Scalars['ID']['output'];
  /** Like `document.updated`. */
  eventType: Scalars['String']['output'];
  parkedAt: Scalars['Time']['output'];
  /** Like `document`. */
  subjectType: Scalars['String']['output'];
};

/** An address a document left. */
export type PastAddress = {
  __typename?: 'PastAddress';
  path: Scalars['String']['output'];
  slug: Scalars['String']['output'];
  space: Space;
  /** When the document took this address. */
  validFrom: Scalars['Time']['output'];
  /** When it left. */
  validTo: Scalars['Time']['output'];
};

/** What a grant allows. */
export type Permission =
  /** Read the document, its history and its links. */
  | 'READ'
  /** Also edit and move it, and share it on up to write. */
  | 'WRITE';

/** A person or agent a share can name. */
export type Person = {
  __typename?: 'Person';
  /** A person's email; empty for an agent. */
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  kind: UserKind;
  name: Scalars['String']['output'];
  /** An agent's slug (share with `agent:<slug>`). */
  slug?: Maybe<Scalars['String']['output']>;
};

/** Who a grant is to. */
export type PrincipalType =
  | 'GROUP'
  | 'USER';

/** A link to propose. */
export type ProposeLinkInput = {
  rationale?: InputMaybe<Scalars['String']['input']>;
  reason?: InputMaybe<LinkSuggestionReason>;
  score?: InputMaybe<Scalars['Float']['input']>;
  sourceId: Scalars['ID']['input'];
  targetId: Scalars['ID']['input'];
};

/** The suggestion, and whether it is new (false: this pair was proposed before, and stays as decided). */
export type ProposeLinkPayload = {
  __typename?: 'ProposeLinkPayload';
  created: Scalars['Boolean']['output'];
  suggestion: LinkSuggestion;
};

/** The page deleted for good. */
export type PurgeDocumentPayload = {
  __typename?: 'PurgeDocumentPayload';
  /** The id it had; nothing answers to it any more. */
  documentId: Scalars['ID']['output'];
};

export type QuarantineInput = {
  documentId: Scalars['ID']['input'];
  /** Shown to the owner. */
  reason: Scalars['String']['input'];
};

export type QuarantinePayload = {
  __typename?: 'QuarantinePayload';
  document: DocumentMetadata;
  /** On release: shares that could not be given back (people since deactivated, agents or groups since deleted). */
  notRestored: Array<ManagedGrant>;
};

export type Query = {
  __typename?: 'Query';
  /** Your personal access tokens that are not revoked (an agent: its own tokens), newest first. Never their secrets. */
  accessTokens: Array<AccessToken>;
  /**
   * What happened to the pages you can read now, newest first (entries are kept 365 days by default).
   * `first` is 1 to 100. Management reads no page: its list is empty.
   */
  activity: ActivityConnection;
  /**
   * Which pages an agent you answer for read, per page per UTC day between two dates (YYYY-MM-DD,
   * inclusive, at most 90 days), newest first, at most 1000 rows — only pages you can read yourself.
   * NOT_FOUND on `agentId` for an agent you do not answer for.
   */
  agentReads: Array<AgentRead>;
  /** Whom an agent you answer for may share its own pages with. */
  agentShareTargets: Array<AgentShareTarget>;
  /** The tokens of an agent you answer for, revoked ones included, newest first (never a secret). */
  agentTokens: Array<AccessToken>;
  /** How often an agent you answer for called each MCP tool, per UTC day and outcome (counts only). */
  agentUsage: Array<AgentToolUse>;
  /** One automation: yours, or any for management (without its script). Null when there is none. */
  automation?: Maybe<Automation>;
  /** Your automations, newest first. */
  automations: Array<Automation>;
  /** The standing grants of one sharing action (yours, or on your documents). */
  batch: Array<Grant>;
  /** A document by id. One you cannot read answers NOT_FOUND, exactly like one that does not exist. */
  document?: Maybe<Document>;
  /** The live document at an address. One you cannot read answers NOT_FOUND. */
  documentByAddress?: Maybe<Document>;
  /** The live documents you can read (`first` at most 100). */
  documents: DocumentConnection;
  /** The documents of these ids (at most 100), in order: null for each you cannot read or that does not exist. One request for a list's titles. */
  documentsByIds: Array<Maybe<Document>>;
  /** One of your exports; null when there is none (or it expired). */
  export?: Maybe<Export>;
  /**
   * Your favourites, in your order: the starred live pages you can read now. A starred page you can
   * no longer read is left out but stays starred, and comes back when your access does. Only people
   * star pages: an agent's and management's list is empty.
   */
  favorites: Array<Document>;
  /** Your standing folder shares. */
  folderShares: Array<FolderShare>;
  /** One level of a space's folders, for walking it like a sidebar. */
  folderTree: FolderTree;
  /** Every folder of a space you can see, each right after its parent (at most 5000). */
  folders: Array<Folder>;
  /** Every group. */
  groups: Array<Group>;
  /** One of your imports; null when there is none. */
  import?: Maybe<Import>;
  /** Your imports, newest first (`first` 1–100). */
  imports: ImportConnection;
  /** Your notifications, newest first (`first` at most 100). */
  inbox: NotificationConnection;
  /** Your inbox badge. */
  inboxCounts: InboxCounts;
  /** One of your ingestions; null when there is none. */
  ingestion?: Maybe<Ingestion>;
  /** Your ingestions, newest first (`first` 1–100). */
  ingestions: IngestionConnection;
  /**
   * For the invitation screen (no sign-in needed): who the invitation with this token invites. An
   * unknown, used or expired token, or a deactivated person, is UNAUTHENTICATED, never saying which.
   */
  invitation: InvitationPreview;
  /** Links in your documents whose target moved or was deleted, waiting for your answer. */
  linkDecisions: LinkDecisionConnection;
  /** The documents within `depth` (1 to 3) links of a root and the links among them. */
  linkGraph: LinkGraph;
  /** Pending link suggestions you can decide, optionally for one source document. */
  linkSuggestions: LinkSuggestionConnection;
  /** Your mail preferences (a person's; an agent or management is FORBIDDEN). */
  mailPreferences: MailPreferences;
  /** Management only: every agent. */
  manageAgents: Array<ManagedAgent>;
  /** Management only: the audit, newest first. */
  manageAudit: AuditConnection;
  /** Management only: a document's metadata for break-glass — never its content. */
  manageDocument: DocumentMetadata;
  /** Management only: a group's members. */
  manageGroupMembers: Array<ManagedUser>;
  /** Management only: every group. */
  manageGroups: Array<ManagedGroup>;
  /** Management only: outbox events parked for a consumer, most recently parked first (`first` at most 500). */
  manageParkedEvents: Array<ParkedEvent>;
  /** Management only: every manage token. */
  manageServiceTokens: Array<ServiceToken>;
  /** Management only: usage per person per day between two dates (YYYY-MM-DD, inclusive). */
  manageUsage: Array<UsageRow>;
  /** Management: every automation of the instance, newest first (metadata only; `first` 1–100). */
  managedAutomations: AutomationConnection;
  /** Management only: people and agents, in creation order (`first` at most 100). */
  managedUsers: ManagedUserConnection;
  /** Management only: the instance-wide webhooks, oldest first. Their bodies carry metadata only (ids, types, spaces, versions, times). */
  managementWebhooks: Array<Webhook>;
  /** Who the request acts as: the signed-in person, the agent or person a token belongs to, or management. Null when nobody is signed in. */
  me?: Maybe<User>;
  /**
   * The current names of mention links (their hrefs), to show them as chips: an href naming nothing
   * is left out. At most 200. Management: FORBIDDEN.
   */
  mentionNames: Array<Mentionable>;
  /**
   * What you may mention, for the `@` autocomplete: active people (by name or email), groups, and the
   * agents you answer for (by name or slug), at most `first` of each kind (default 8, 1 to 50). Fewer
   * than two characters find nothing. Names only. Management: FORBIDDEN.
   */
  mentionables: Array<Mentionable>;
  /** The agents you answer for. */
  myAgents: Array<ResponsibleAgent>;
  /** Who will see a page you create in `space` at `path` (empty: the root): the default and your folder shares. */
  newPageAudience: PageAudience;
  /** One of your notifications; null when you have none with that id. */
  notification?: Maybe<Notification>;
  /** People by name or email and agents by slug (at least two characters). */
  people: Array<Person>;
  /**
   * The live pages you opened recently (recordView) and can read now, most recently viewed first.
   * `first` is 1 to 100 (BAD_USER_INPUT otherwise). Views are written in the background within a
   * few seconds. An agent's and management's list is empty.
   */
  recentDocuments: Array<Document>;
  /** What was shared with you, or with a group of yours (not Everyone), since a time, newest first: only grants that still stand, on live documents, each document once (its latest grant or upgrade). */
  recentlyShared: Array<SharedWithMe>;
  /**
   * Searches the documents you can read (docs/api.md#search): words must all match, `"a phrase"`
   * matches its words in a row, `-word` excludes, `or` between two terms matches either, the last
   * word matches as a prefix; case- and accent-insensitive; a misspelled title word still finds the
   * page. Title matches rank above tag, path and body matches, ties newest first. An empty query
   * lists what the filter lets through, newest first. `query` is at most 1,000 characters; `first`
   * at most 100; results past the 1,000th are not served. Management cannot search (FORBIDDEN).
   */
  search: SearchConnection;
  /** Your live sessions, most recently used first (people only; agents and management have none). */
  sessions: Array<Session>;
  /** Documents your documents link to that the recipients cannot see yet, to share along (`depth` 1 to 3). */
  shareSuggestions: Array<ShareSuggestion>;
  /** What the sign-in screen offers. Needs no sign-in. */
  signInOptions: SignInOptions;
  /** Every space's default (wiki, raw, output). Not content: people, agents and management read it. */
  spaceDefaults: Array<SpaceDefault>;
  /**
   * The tags of the live pages you can read, each with the exact number of those pages holding it,
   * most used first then by tag. `prefix` keeps the tags starting with it (compared case-insensitively);
   * `first` is 1 to 1000 (BAD_USER_INPUT otherwise). Management gets an empty list.
   */
  tags: Array<TagCount>;
  /** The templates you can read: live pages tagged `template`, in any space and folder, by title (at most 200). */
  templates: Array<Document>;
  /** Your documents in the trash, most recently deleted first. */
  trash: DocumentConnection;
  /**
   * Your watches, newest first: your folder watches and your watches of live pages you can read now
   * (a watched page you can no longer read is left out, and comes back with your access). At most
   * 1,000. Only people watch: an agent's and management's list is empty.
   */
  watches: Array<Watch>;
  /** Your webhooks, oldest first. */
  webhooks: Array<Webhook>;
};


export type QueryActivityArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ActivityFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryAgentReadsArgs = {
  agentId: Scalars['ID']['input'];
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
};


export type QueryAgentShareTargetsArgs = {
  agentId: Scalars['ID']['input'];
};


export type QueryAgentTokensArgs = {
  agentId: Scalars['ID']['input'];
};


export type QueryAgentUsageArgs = {
  agentId: Scalars['ID']['input'];
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
};


export type QueryAutomationArgs = {
  id: Scalars['ID']['input'];
};


export type QueryBatchArgs = {
  id: Scalars['ID']['input'];
};


export type QueryDocumentArgs = {
  id: Scalars['ID']['input'];
};


export type QueryDocumentByAddressArgs = {
  path?: InputMaybe<Scalars['String']['input']>;
  slug: Scalars['String']['input'];
  space: Space;
};


export type QueryDocumentsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<DocumentFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<DocumentOrder>;
};


export type QueryDocumentsByIdsArgs = {
  ids: Array<Scalars['ID']['input']>;
};


export type QueryExportArgs = {
  id: Scalars['ID']['input'];
};


export type QueryFolderSharesArgs = {
  space?: InputMaybe<Space>;
};


export type QueryFolderTreeArgs = {
  path?: InputMaybe<Scalars['String']['input']>;
  space: Space;
};


export type QueryFoldersArgs = {
  space: Space;
};


export type QueryImportArgs = {
  id: Scalars['ID']['input'];
};


export type QueryImportsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryInboxArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<InboxFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryIngestionArgs = {
  id: Scalars['ID']['input'];
};


export type QueryIngestionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryInvitationArgs = {
  token: Scalars['String']['input'];
};


export type QueryLinkDecisionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryLinkGraphArgs = {
  depth?: InputMaybe<Scalars['Int']['input']>;
  direction?: InputMaybe<LinkDirection>;
  rootId: Scalars['ID']['input'];
};


export type QueryLinkSuggestionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  documentId?: InputMaybe<Scalars['ID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryManageAuditArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AuditFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryManageDocumentArgs = {
  id: Scalars['ID']['input'];
};


export type QueryManageGroupMembersArgs = {
  groupId: Scalars['ID']['input'];
};


export type QueryManageParkedEventsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryManageUsageArgs = {
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
  userId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryManagedAutomationsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryManagedUsersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryMentionNamesArgs = {
  hrefs: Array<Scalars['String']['input']>;
};


export type QueryMentionablesArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  query: Scalars['String']['input'];
};


export type QueryNewPageAudienceArgs = {
  path?: InputMaybe<Scalars['String']['input']>;
  space: Space;
};


export type QueryNotificationArgs = {
  id: Scalars['ID']['input'];
};


export type QueryPeopleArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  query: Scalars['String']['input'];
};


export type QueryRecentDocumentsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryRecentlySharedArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  since: Scalars['Time']['input'];
};


export type QuerySearchArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<SearchFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  query: Scalars['String']['input'];
};


export type QueryShareSuggestionsArgs = {
  depth?: InputMaybe<Scalars['Int']['input']>;
  documentIds: Array<Scalars['ID']['input']>;
  recipients: Array<Scalars['String']['input']>;
};


export type QueryTagsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  prefix?: InputMaybe<Scalars['String']['input']>;
};


export type QueryTrashArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A document reached by following links, with the path that reached it. */
export type RelatedDocument = {
  __typename?: 'RelatedDocument';
  /** How many links away (1: directly). */
  depth: Scalars['Int']['output'];
  document: Document;
  /** The documents on the way, from the starting document (first) to this one (last): why it is related. */
  via: Array<Document>;
};

export type ReleaseInput = {
  documentId: Scalars['ID']['input'];
  /** Give the shares moved aside back. */
  restoreSharing: Scalars['Boolean']['input'];
};

/** A reply to a thread. */
export type ReplyToThreadInput = {
  body: Scalars['String']['input'];
  threadId: Scalars['ID']['input'];
};

export type ReplyToThreadPayload = {
  __typename?: 'ReplyToThreadPayload';
  comment: Comment;
};

/** The address of a person who forgot their password. */
export type RequestPasswordResetInput = {
  /** Their email address, in any case. */
  email: Scalars['String']['input'];
};

export type ResetPasswordInput = {
  id: Scalars['ID']['input'];
  password: Scalars['String']['input'];
};

/** The secret from a password reset link and the new password. */
export type ResetPasswordWithTokenInput = {
  /** The new password: at least 10 characters. */
  password: Scalars['String']['input'];
  /** The token from the link (`/reset/<token>`). */
  token: Scalars['String']['input'];
};

/** An agent you answer for. What it does is counted, never recorded: no question, query or text is kept. */
export type ResponsibleAgent = {
  __typename?: 'ResponsibleAgent';
  createdAt: Scalars['Time']['output'];
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** When it was paused because nobody active answered for it any more; null while it works (resumeAgent). */
  pausedAt?: Maybe<Scalars['Time']['output']>;
  /** `agent:<slug>` shares with it. */
  slug: Scalars['String']['output'];
};

/** A document to bring back from the trash; give an address to restore it elsewhere. */
export type RestoreDocumentInput = {
  id: Scalars['ID']['input'];
  path?: InputMaybe<Scalars['String']['input']>;
  slug?: InputMaybe<Scalars['String']['input']>;
  space?: InputMaybe<Space>;
};

/** The restored document. */
export type RestoreDocumentPayload = {
  __typename?: 'RestoreDocumentPayload';
  document: Document;
};

/** An earlier version to make current again, as a new revision. */
export type RestoreRevisionInput = {
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['ID']['input'];
  version: Scalars['Int']['input'];
};

/** The document after the restore. */
export type RestoreRevisionPayload = {
  __typename?: 'RestoreRevisionPayload';
  /** False when that version's content is already current. */
  changed: Scalars['Boolean']['output'];
  document: Document;
};

export type ResumeAgentInput = {
  agentId: Scalars['ID']['input'];
};

export type ResumeAgentPayload = {
  __typename?: 'ResumeAgentPayload';
  agent: ResponsibleAgent;
};

export type RetryParkedEventInput = {
  consumer: Scalars['String']['input'];
  eventId: Scalars['ID']['input'];
};

export type RetryParkedEventPayload = {
  __typename?: 'RetryParkedEventPayload';
  /** What was parked; the event is back in the queue for that consumer. */
  parkedEvent: ParkedEvent;
};

/** A grant to take away. */
export type RevokeAccessInput = {
  documentId: Scalars['ID']['input'];
  principalId: Scalars['ID']['input'];
  principalType: PrincipalType;
};

export type RevokeAccessPayload = {
  __typename?: 'RevokeAccessPayload';
  document: Document;
};

/** A personal access token to revoke. */
export type RevokeAccessTokenInput = {
  id: Scalars['ID']['input'];
};

/** The token revoked. */
export type RevokeAccessTokenPayload = {
  __typename?: 'RevokeAccessTokenPayload';
  accessToken: AccessToken;
};

export type RevokeAgentTokenInput = {
  agentId: Scalars['ID']['input'];
  tokenId: Scalars['ID']['input'];
};

export type RevokeBatchInput = {
  batchId: Scalars['ID']['input'];
};

export type RevokeBatchPayload = {
  __typename?: 'RevokeBatchPayload';
  revoked: Scalars['Int']['output'];
};

export type RotateWebhookSecretPayload = {
  __typename?: 'RotateWebhookSecretPayload';
  /** The new secret, shown this once; the previous one keeps signing beside it for 24 hours. */
  secret: Scalars['String']['output'];
  webhook: Webhook;
};

/** A page of search results. */
export type SearchConnection = {
  __typename?: 'SearchConnection';
  edges: Array<SearchEdge>;
  facets: SearchFacets;
  pageInfo: PageInfo;
  /** How many results you can read, in all (see `totalIsApproximate`). */
  totalCount: Scalars['Int']['output'];
  /**
   * Whether `totalCount` and `facets` were counted over the first results only (at most 100
   * readable matches; on Typesense, those among the first 1,000 candidates): the real numbers are
   * larger (show "100+").
   */
  totalIsApproximate: Scalars['Boolean']['output'];
};

/** An edge of a `SearchConnection`. */
export type SearchEdge = {
  __typename?: 'SearchEdge';
  cursor: Scalars['String']['output'];
  node: SearchResult;
};

/** Counts over every result of a search you can read (not only the page), largest first. */
export type SearchFacets = {
  __typename?: 'SearchFacets';
  /** By space (`raw`, `wiki`, `output`). */
  spaces: Array<FacetCount>;
  /** By tag, the 20 most frequent. */
  tags: Array<FacetCount>;
};

/** Narrows `search`. Every field given must match; a list matches any of its values, except `tags` (all). */
export type SearchFilter = {
  /** Documents owned by this person. */
  owner?: InputMaybe<Scalars['ID']['input']>;
  /** A folder: documents in it and beneath it (`""` is the whole space). */
  pathPrefix?: InputMaybe<Scalars['String']['input']>;
  spaces?: InputMaybe<Array<Space>>;
  statuses?: InputMaybe<Array<DocumentStatus>>;
  /** Documents carrying all of these tags. */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Changed after this instant. */
  updatedAfter?: InputMaybe<Scalars['Time']['input']>;
  /** Changed before this instant. */
  updatedBefore?: InputMaybe<Scalars['Time']['input']>;
};

/** A search hit: a document you can read, and where the search matched it. */
export type SearchResult = {
  __typename?: 'SearchResult';
  document: Document;
  /** How well it matched: larger is better, comparable only within one search. */
  score: Scalars['Float']['output'];
  /**
   * About 200 characters of the body around its first matches, with them marked, cut at words
   * (an ellipsis where it cuts); the start of the body when only the title, tags or path matched.
   */
  snippet: Highlight;
  /** The document's title, with the matched words marked. */
  title: Highlight;
};

/** A manage token (never its secret). */
export type ServiceToken = {
  __typename?: 'ServiceToken';
  createdAt: Scalars['Time']['output'];
  expiresAt?: Maybe<Scalars['Time']['output']>;
  id: Scalars['ID']['output'];
  lastUsedAt?: Maybe<Scalars['Time']['output']>;
  name: Scalars['String']['output'];
  /** `codna_` and six more characters, to tell tokens apart. */
  prefix: Scalars['String']['output'];
  revokedAt?: Maybe<Scalars['Time']['output']>;
};

export type ServiceTokenInput = {
  id: Scalars['ID']['input'];
};

export type ServiceTokenPayload = {
  __typename?: 'ServiceTokenPayload';
  serviceToken: ServiceToken;
};

/** One of your live sessions (a browser you signed in with), as the "Sessions and tokens" screen shows it. */
export type Session = {
  __typename?: 'Session';
  /** The client address it was last used from (empty when not known). */
  address: Scalars['String']['output'];
  createdAt: Scalars['Time']['output'];
  /** Whether this is the session asking. */
  current: Scalars['Boolean']['output'];
  /** The browser and system, like `Firefox on Linux`, read from its user agent. */
  device: Scalars['String']['output'];
  /** When it ends unless used again (each use extends it). */
  expiresAt: Scalars['Time']['output'];
  id: Scalars['ID']['output'];
  /** When it was last used, to the minute. */
  lastUsedAt: Scalars['Time']['output'];
  /** The user agent header it signed in with. */
  userAgent: Scalars['String']['output'];
};

export type SetAgentResponsibleInput = {
  add?: InputMaybe<Array<Scalars['ID']['input']>>;
  agentId: Scalars['ID']['input'];
  remove?: InputMaybe<Array<Scalars['ID']['input']>>;
};

export type SetAgentShareTargetsInput = {
  agentId: Scalars['ID']['input'];
  /** People by email and groups as `group:<slug>` (`group:everyone` too); empty: nobody. Replaces the list. */
  principals: Array<Scalars['String']['input']>;
};

export type SetAgentShareTargetsPayload = {
  __typename?: 'SetAgentShareTargetsPayload';
  targets: Array<AgentShareTarget>;
};

/** A person to deactivate or reactivate. */
export type SetPersonActiveInput = {
  /** The person's id. */
  id: Scalars['ID']['input'];
};

/** The person whose state changed. */
export type SetPersonActivePayload = {
  __typename?: 'SetPersonActivePayload';
  /** The person as they are now. */
  user: ManagedUser;
};

/** A space's new default: it applies to pages created from now on, never to existing ones. */
export type SetSpaceDefaultInput = {
  access: SpaceDefaultAccess;
  space: Space;
};

/** The default as set. */
export type SetSpaceDefaultPayload = {
  __typename?: 'SetSpaceDefaultPayload';
  spaceDefault: SpaceDefault;
};

/** Share every live, active document carrying a tag, once (documents tagged later are not shared). */
export type ShareByTagInput = {
  permission: Permission;
  recipients: Array<Scalars['String']['input']>;
  tag: Scalars['String']['input'];
};

export type ShareFolderInput = {
  path: Scalars['String']['input'];
  permission: Permission;
  /** One recipient: an email, `group:<slug>` or `agent:<slug>`. */
  recipient: Scalars['String']['input'];
  space: Space;
};

export type ShareFolderPayload = {
  __typename?: 'ShareFolderPayload';
  folderShare: FolderShare;
  /** Documents granted now. */
  granted: Scalars['Int']['output'];
};

export type ShareGrantResult = {
  __typename?: 'ShareGrantResult';
  document?: Maybe<Document>;
  outcome: ShareOutcome;
  recipient: Scalars['String']['output'];
};

/** One sharing action. */
export type ShareInput = {
  /** Share suggestions declined: never suggested for these recipients again. */
  declinedDocumentIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  documentIds: Array<Scalars['ID']['input']>;
  permission: Permission;
  /** DIRECT (default) or LINK_SUGGESTION. */
  reason?: InputMaybe<GrantReason>;
  /** People by email, `group:<slug>` or `agent:<slug>` (agents only by their responsible people). */
  recipients: Array<Scalars['String']['input']>;
  /** Share suggestions accepted with this share: granted with reason LINK_SUGGESTION. */
  suggestedDocumentIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};

/** What a share did for one document and recipient. */
export type ShareOutcome =
  /** A new grant. */
  | 'CREATED'
  /** They already had that or more: a share never lowers a grant. */
  | 'UNCHANGED'
  /** A read grant became write. */
  | 'UPGRADED';

/** The sharing action's batch and what it did. */
export type SharePayload = {
  __typename?: 'SharePayload';
  /** One id for the whole action: review or revoke it as one. */
  batchId: Scalars['ID']['output'];
  grants: Array<ShareGrantResult>;
};

/** A document suggested while sharing, because the shared documents link to it. */
export type ShareSuggestion = {
  __typename?: 'ShareSuggestion';
  depth: Scalars['Int']['output'];
  document: Document;
  /** Why, in words: "onboarding links to laptop-setup". */
  explanation: Scalars['String']['output'];
  /** The recipients who cannot see it yet. */
  recipients: Array<Scalars['String']['output']>;
  /** The documents from the shared one to this one. */
  via: Array<Document>;
};

/** Something shared with you. */
export type SharedWithMe = {
  __typename?: 'SharedWithMe';
  /** When it was shared. */
  at: Scalars['Time']['output'];
  batchId?: Maybe<Scalars['ID']['output']>;
  document: Document;
  grantedBy?: Maybe<User>;
  permission: Permission;
  reason: GrantReason;
  /** Whom it was shared with: your email, or `group:<slug>` for a group of yours. */
  recipient: Scalars['String']['output'];
  /** Their display name: yours, or the group's ("Platform"). */
  recipientName: Scalars['String']['output'];
};

/** How people may sign in to this instance. */
export type SignInOptions = {
  __typename?: 'SignInOptions';
  /** Whether people may sign in with an email and password (false with `CODNA_OIDC_ONLY`). */
  password: Scalars['Boolean']['output'];
  /** The identity provider's sign-in button; null when single sign-on is off. */
  sso?: Maybe<SingleSignOnButton>;
};

/** The team's identity provider, as the sign-in screen's button shows it. */
export type SingleSignOnButton = {
  __typename?: 'SingleSignOnButton';
  /** The provider's name (`CODNA_OIDC_NAME`): the button says `Sign in with <name>`. */
  name: Scalars['String']['output'];
  /**
   * Where the button goes: `/auth/oidc/start`. Add `?next=<path>` (a path on this site) to come back
   * to a page after signing in, or `?invite=<secret>` to accept an invitation through the provider.
   */
  startUrl: Scalars['String']['output'];
};

/** One of the three spaces of the knowledge base. */
export type Space =
  /** What agents and automations produce. */
  | 'OUTPUT'
  /** Originals as ingested; their bodies are never edited. */
  | 'RAW'
  /** What people write and keep. */
  | 'WIKI';

/** One space's default. */
export type SpaceDefault = {
  __typename?: 'SpaceDefault';
  access: SpaceDefaultAccess;
  space: Space;
  /** When management last set it; null for a space never set. */
  updatedAt?: Maybe<Scalars['Time']['output']>;
};

/** Who may read the pages people create in a space, unless the author chooses otherwise (docs/api.md, "Space defaults"). */
export type SpaceDefaultAccess =
  /** Everyone reads a new page, through a grant with reason SPACE_DEFAULT the owner may revoke. */
  | 'EVERYONE_READ'
  /** The owner alone until they share it (the default). */
  | 'PRIVATE';

/** What starring or unstarring did. */
export type StarPayload = {
  __typename?: 'StarPayload';
  /** The page, with `starred` as it is now. */
  document: Document;
};

export type StartImportInput = {
  /** Who reads the imported pages: PRIVATE (you alone, the default) or EVERYONE_READ (a grant to Everyone with reason IMPORT). The space's default does not apply to imports. */
  access?: InputMaybe<SpaceDefaultAccess>;
  /** The archive: a zip, up to CODNA_MAX_IMPORT_BYTES (1 GiB by default). */
  file: Scalars['Upload']['input'];
  format: ImportFormat;
  /** The folder the pages land in (the space root when left out). */
  path?: InputMaybe<Scalars['String']['input']>;
  space?: InputMaybe<Space>;
};

export type StartImportPayload = {
  __typename?: 'StartImportPayload';
  import: Import;
};

export type Subscription = {
  __typename?: 'Subscription';
  /**
   * A document you can read: its current state first, then each change. Ends when you can no longer
   * read it. With `since` (the `Document.liveDigest` of the page as you read it), the current state
   * is sent first only when it differs from what you read, so every push is a change, including one
   * made between your read and the subscription's start.
   */
  documentChanged: Document;
  /**
   * One folder of a space as you see it (what `folderTree` gives): its current state first, then
   * each time a page comes into it or leaves it — created, moved or renamed, trashed or restored,
   * shared with you or no longer — or is retitled or changes status, by anyone (debounced). Only
   * what you can read is in it: a page you cannot read changes nothing you are sent.
   */
  folderChanged: FolderTree;
  /** An import of yours: its current state first, then each step, until it is DONE or FAILED. */
  importProgress: Import;
  /** Your inbox counts: the current value first, then each change (debounced). */
  inboxCounts: InboxCounts;
  /** Each notification that arrives for you from now on. */
  notificationAdded: Notification;
  /**
   * The threads of a page you can read: each thread that is new or changed (a comment, a resolution,
   * re-anchoring) from now on. NOT_FOUND when you cannot read the page; ends when you no longer can.
   * A deleted thread is not pushed: refetch `Document.threads` after any push to drop it.
   */
  threadChanged: Thread;
};


export type SubscriptionDocumentChangedArgs = {
  id: Scalars['ID']['input'];
  since?: InputMaybe<Scalars['String']['input']>;
};


export type SubscriptionFolderChangedArgs = {
  path?: InputMaybe<Scalars['String']['input']>;
  space: Space;
};


export type SubscriptionImportProgressArgs = {
  id: Scalars['ID']['input'];
};


export type SubscriptionThreadChangedArgs = {
  documentId: Scalars['ID']['input'];
};

/** Where a link suggestion stands. */
export type SuggestionStatus =
  | 'ACCEPTED'
  | 'PENDING'
  | 'REJECTED';

/** A tag and how many live pages you can read hold it. */
export type TagCount = {
  __typename?: 'TagCount';
  count: Scalars['Int']['output'];
  tag: Scalars['String']['output'];
};

export type TakeAwayShareInput = {
  documentId: Scalars['ID']['input'];
  principalId: Scalars['ID']['input'];
  principalType: PrincipalType;
};

export type TakeAwaySharePayload = {
  __typename?: 'TakeAwaySharePayload';
  document: DocumentMetadata;
};

/**
 * A passage of a page, as a W3C TextQuoteSelector over the page's anchor text (its rendered text with
 * every run of white space made one space), with its offsets there in UTF-16 code units.
 */
export type TextAnchor = {
  __typename?: 'TextAnchor';
  /** Where it ends (exclusive). */
  end: Scalars['Int']['output'];
  /** The passage's text (1 to 500 characters). */
  exact: Scalars['String']['output'];
  /** Up to 64 characters before it. */
  prefix: Scalars['String']['output'];
  /** Where it starts in the page's current anchor text (UTF-16 code units); for a detached thread, where it was last found. */
  start: Scalars['Int']['output'];
  /** Up to 64 characters after it. */
  suffix: Scalars['String']['output'];
};

/**
 * The passage a new thread is about. `exact`, `prefix` and `suffix` are taken from the page's anchor
 * text (its rendered text, white space collapsed); `start` and `end` are UTF-16 offsets there.
 * `version` is the page version the passage was selected on; without it (a co-editing client) the
 * quote is looked for in the current version. The quote must be found in that version
 * (BAD_USER_INPUT on anchor.exact otherwise).
 */
export type TextAnchorInput = {
  end: Scalars['Int']['input'];
  exact: Scalars['String']['input'];
  prefix?: InputMaybe<Scalars['String']['input']>;
  start: Scalars['Int']['input'];
  suffix?: InputMaybe<Scalars['String']['input']>;
  version?: InputMaybe<Scalars['Int']['input']>;
};

/**
 * A conversation about a page, or about a passage of it: its first comment and the replies to it, one
 * level deep. Whoever can read the page can read and reply; its threads go with the page when it is
 * purged, and stay (read-only) while it is in the trash.
 */
export type Thread = {
  __typename?: 'Thread';
  /** The passage it is about (for a detached thread, the quote it had); null for a page-level thread. */
  anchor?: Maybe<TextAnchor>;
  anchorState: AnchorState;
  /** Who opened it. */
  author: User;
  /** Its comments, the first one first. */
  comments: Array<Comment>;
  createdAt: Scalars['Time']['output'];
  /** The page it is about. */
  documentId: Scalars['ID']['output'];
  id: Scalars['ID']['output'];
  kind: ThreadKind;
  resolvedAt?: Maybe<Scalars['Time']['output']>;
  /** Who resolved it, while it is resolved. */
  resolvedBy?: Maybe<User>;
  status: ThreadStatus;
  /** When it, or a comment in it, last changed. */
  updatedAt: Scalars['Time']['output'];
};

/** A thread, by id. */
export type ThreadInput = {
  threadId: Scalars['ID']['input'];
};

/** What a thread is. */
export type ThreadKind =
  | 'COMMENT'
  | 'ISSUE'
  | 'NOTE'
  | 'QUESTION'
  | 'SUGGESTION';

export type ThreadPayload = {
  __typename?: 'ThreadPayload';
  thread: Thread;
};

/** Whether a thread is open. */
export type ThreadStatus =
  | 'OPEN'
  | 'RESOLVED';

export type TransferInput = {
  /** The person who left. */
  fromUserId: Scalars['ID']['input'];
  /** The person who takes over what they owned. */
  toUserId: Scalars['ID']['input'];
};

export type TransferPayload = {
  __typename?: 'TransferPayload';
  automations: Scalars['Int']['output'];
  documents: Scalars['Int']['output'];
  transferId: Scalars['ID']['output'];
};

export type UnshareFolderInput = {
  id: Scalars['ID']['input'];
};

export type UnshareFolderPayload = {
  __typename?: 'UnshareFolderPayload';
  /** Grants taken away (those no other standing rule still justifies). */
  revoked: Scalars['Int']['output'];
};

/** A change to an automation; fields left out stay as they are (its kind never changes). */
export type UpdateAutomationInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  schedule?: InputMaybe<Scalars['String']['input']>;
  scope?: InputMaybe<AutomationScopeInput>;
  script?: InputMaybe<Scalars['String']['input']>;
  timezone?: InputMaybe<Scalars['String']['input']>;
  triggerEvents?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** A change to a document's content. Omitted fields stay as they are. */
export type UpdateDocumentInput = {
  /** Why, in one line (at most 300 characters, no control characters); kept on the revision and shown in the history. Blank is none. */
  changeSummary?: InputMaybe<Scalars['String']['input']>;
  content?: InputMaybe<Scalars['String']['input']>;
  /** The version you edited; if the document moved on, the update is CONFLICT and changes nothing. */
  expectedVersion: Scalars['Int']['input'];
  id: Scalars['ID']['input'];
  status?: InputMaybe<DocumentStatus>;
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  title?: InputMaybe<Scalars['String']['input']>;
};

/** The document after the update. */
export type UpdateDocumentPayload = {
  __typename?: 'UpdateDocumentPayload';
  /** False when the save changed nothing (no revision was written). */
  changed: Scalars['Boolean']['output'];
  document: Document;
};

export type UpdateGroupInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
};

/** What to change of your mail preferences; a field left out stays as it is. */
export type UpdateMailPreferencesInput = {
  /** A mail at once for each decision waiting for you. */
  decisions?: InputMaybe<Scalars['Boolean']['input']>;
  /** How often the information you have not read is mailed together. */
  digest?: InputMaybe<MailDigest>;
  /** A mail at once when you are mentioned. */
  mentions?: InputMaybe<Scalars['Boolean']['input']>;
};

export type UploadAttachmentInput = {
  documentId: Scalars['ID']['input'];
  file: Scalars['Upload']['input'];
  /** The file's name in the page's folder (unsafe characters are replaced); the upload's file name when left out. */
  name?: InputMaybe<Scalars['String']['input']>;
};

export type UploadAttachmentPayload = {
  __typename?: 'UploadAttachmentPayload';
  attachment: Attachment;
  /** True when the page already had these exact bytes: that file is returned and nothing is stored. */
  existing: Scalars['Boolean']['output'];
};

/** How the instance is used by one person on one day. */
export type UsageRow = {
  __typename?: 'UsageRow';
  /** `sign_in`, `web` (hours of the day seen), `mcp` (tool calls), or `comment` (comments written), `mention` (people newly mentioned), `watch` (watches started): counts, never a page or a text. */
  activity: Scalars['String']['output'];
  count: Scalars['Int']['output'];
  day: Scalars['String']['output'];
  outcome: Scalars['String']['output'];
  tool: Scalars['String']['output'];
  user: ManagedUser;
};

/** A person, an agent or management. */
export type User = {
  __typename?: 'User';
  /** Their email address (an agent's is `<id>@agents.invalid`; management's is empty). */
  email: Scalars['String']['output'];
  /** The user's permanent id. */
  id: Scalars['ID']['output'];
  /** Whether this is a person, an agent or management. */
  kind: UserKind;
  /** Their display name. */
  name: Scalars['String']['output'];
};

/** What kind of user a `User` is. */
export type UserKind =
  /** An AI agent acting as itself, seeing only what its responsible people share with it. */
  | 'AGENT'
  /** The instance's management, which runs it and never reads content. */
  | 'MANAGEMENT'
  /** A person who signs in and reads and writes the knowledge base. */
  | 'PERSON';

/**
 * One of your watches: of a page (`document`) or of a folder (`space` and `path`, "" for the whole
 * space). You are told (`watch.updated` in your inbox) when a watched page changes, moves, is
 * trashed or restored, gets a new thread or a resolved one, and when a page appears in a watched
 * folder; never of your own actions, never of a page you cannot read at that moment.
 */
export type Watch = {
  __typename?: 'Watch';
  /** The watched page; null for a folder watch. */
  document?: Maybe<Document>;
  id: Scalars['ID']['output'];
  /** The watched folder's path ("" for the whole space); null for a page watch. */
  path?: Maybe<Scalars['String']['output']>;
  /** How the watch came: MANUAL, or automatically AUTHOR (you created the page), COMMENT (you commented on it), MENTION (you were mentioned on it), OWNER (the page was handed to you). */
  source: Scalars['String']['output'];
  /** The watched folder's space; null for a page watch. */
  space?: Maybe<Space>;
};

/** What watching or unwatching did. */
export type WatchPayload = {
  __typename?: 'WatchPayload';
  /** For watchDocument and unwatchDocument: the page, with `watching` as it is now (null when you cannot read it, and for folders). */
  document?: Maybe<Document>;
  /** The watch as it is now; null after an unwatch. */
  watch?: Maybe<Watch>;
};

/** One of your webhooks: an endpoint that receives the events on pages you can read (never its secret). For management, one of its instance-wide webhooks: every matching event, metadata only (docs/api.md); its `pathPrefix` is always "". */
export type Webhook = {
  __typename?: 'Webhook';
  /** Deliveries dead in a row (100 pauses it). */
  consecutiveDead: Scalars['Int']['output'];
  createdAt: Scalars['Time']['output'];
  /** Its deliveries, newest first: `first` 1–100, those below sequence number `before` when given. */
  deliveries: Array<WebhookDelivery>;
  /** The public event types it takes (docs/api.md); empty: every one. */
  events: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** Only pages in this folder or beneath it ("": everywhere). */
  pathPrefix: Scalars['String']['output'];
  /** While a rotated-out secret still signs beside the new one: until when. */
  previousSecretUntil?: Maybe<Scalars['Time']['output']>;
  /** Only pages in this space (null: every space). */
  space?: Maybe<Space>;
  status: WebhookStatus;
  /** Why it is paused or disabled; "" when active or paused by you. */
  statusReason: Scalars['String']['output'];
  updatedAt: Scalars['Time']['output'];
  url: Scalars['String']['output'];
};


/** One of your webhooks: an endpoint that receives the events on pages you can read (never its secret). For management, one of its instance-wide webhooks: every matching event, metadata only (docs/api.md); its `pathPrefix` is always "". */
export type WebhookDeliveriesArgs = {
  before?: InputMaybe<Scalars['Int']['input']>;
  first?: Scalars['Int']['input'];
};

/** One event sent (or to send) to one webhook; its body is never shown here. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  attempts: Scalars['Int']['output'];
  createdAt: Scalars['Time']['output'];
  deliveredAt?: Maybe<Scalars['Time']['output']>;
  eventAt: Scalars['Time']['output'];
  /** The event's id; null for a ping. */
  eventId?: Maybe<Scalars['ID']['output']>;
  eventType: Scalars['String']['output'];
  /** The `webhook-id` header of every attempt. */
  id: Scalars['ID']['output'];
  /** Why the last attempt failed (at most 255 characters); "" when none did. */
  lastError: Scalars['String']['output'];
  /** The HTTP status of the last answer, if any came. */
  lastStatus?: Maybe<Scalars['Int']['output']>;
  nextAttemptAt: Scalars['Time']['output'];
  /** Its place in the webhook's order. */
  seq: Scalars['Int']['output'];
  status: WebhookDeliveryStatus;
};

export type WebhookDeliveryPayload = {
  __typename?: 'WebhookDeliveryPayload';
  delivery: WebhookDelivery;
};

/** Where a webhook delivery is. */
export type WebhookDeliveryStatus =
  /** Given up: a 4xx other than 408 and 429, a refused address, 72 hours without success, the page no longer readable, or the webhook disabled (`lastError` says which). */
  | 'DEAD'
  /** The endpoint answered 2xx. */
  | 'DELIVERED'
  /** Waiting for its turn (order per webhook) or for a retry. */
  | 'PENDING';

export type WebhookPayload = {
  __typename?: 'WebhookPayload';
  webhook: Webhook;
};

/** Whether a webhook sends (docs/api.md, "Webhooks"). */
export type WebhookStatus =
  | 'ACTIVE'
  /** Its endpoint answered 410 Gone: its pending deliveries are dead. `resumeWebhook` makes it active again. */
  | 'DISABLED'
  /** Paused by its owner, or after 100 deliveries in a row died (`statusReason` says which): it takes no new events; pending deliveries wait. */
  | 'PAUSED';

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { __typename?: 'Query', me?: { __typename?: 'User', email: string, kind: UserKind, id: string, name: string } | null };

export type StartQueryVariables = Exact<{
  space: Space;
  path: Scalars['String']['input'];
  slug: Scalars['String']['input'];
  tree: Space;
}>;


export type StartQuery = { __typename?: 'Query', me?: { __typename?: 'User', email: string, kind: UserKind, id: string, name: string } | null, folderTree: { __typename?: 'FolderTree', space: Space, path: string, folders: Array<{ __typename?: 'Folder', path: string, documents: number, hasChildren: boolean }>, documents: Array<{ __typename?: 'FolderEntry', id: string, space: Space, path: string, slug: string, title: string }> }, documentByAddress?: { __typename?: 'Document', content: string, tags: Array<string>, status: DocumentStatus, version: number, updatedAt: string, liveDigest: string, myPermission: DocumentAccess, starred: boolean, watching: boolean, watcherCount: number, id: string, space: Space, path: string, slug: string, title: string, owner: { __typename?: 'User', id: string, name: string }, links: Array<{ __typename?: 'DocumentLink', id: string, hrefAsWritten: string, text: string, state: LinkState, target?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null }>, backlinks: Array<{ __typename?: 'DocumentLink', id: string, hrefAsWritten: string, text: string, state: LinkState, source?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null }>, fileReferences: Array<{ __typename?: 'FileReference', id: string, href: string, state: LinkState, attachment?: { __typename?: 'Attachment', id: string, name: string, mimeType: string, byteSize: number, url: string, path: string } | null }> } | null, favorites: Array<{ __typename?: 'Document', starred: boolean, id: string, space: Space, path: string, slug: string, title: string }> };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { __typename?: 'Mutation', logout: boolean };

export type FolderTreeFieldsFragment = { __typename?: 'FolderTree', space: Space, path: string, folders: Array<{ __typename?: 'Folder', path: string, documents: number, hasChildren: boolean }>, documents: Array<{ __typename?: 'FolderEntry', id: string, space: Space, path: string, slug: string, title: string }> };

export type FolderTreeQueryVariables = Exact<{
  space: Space;
  path?: InputMaybe<Scalars['String']['input']>;
}>;


export type FolderTreeQuery = { __typename?: 'Query', folderTree: { __typename?: 'FolderTree', space: Space, path: string, folders: Array<{ __typename?: 'Folder', path: string, documents: number, hasChildren: boolean }>, documents: Array<{ __typename?: 'FolderEntry', id: string, space: Space, path: string, slug: string, title: string }> } };

export type FolderChangedSubscriptionVariables = Exact<{
  space: Space;
  path?: InputMaybe<Scalars['String']['input']>;
}>;


export type FolderChangedSubscription = { __typename?: 'Subscription', folderChanged: { __typename?: 'FolderTree', space: Space, path: string, folders: Array<{ __typename?: 'Folder', path: string, documents: number, hasChildren: boolean }>, documents: Array<{ __typename?: 'FolderEntry', id: string, space: Space, path: string, slug: string, title: string }> } };

export type InboxBadgeSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type InboxBadgeSubscription = { __typename?: 'Subscription', inboxCounts: { __typename?: 'InboxCounts', decisions: number, unread: number, total: number } };

export type MentionablesQueryVariables = Exact<{
  query: Scalars['String']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type MentionablesQuery = { __typename?: 'Query', mentionables: Array<{ __typename?: 'Mentionable', kind: MentionKind, id?: string | null, name: string, slug?: string | null, href: string }> };

export type MentionNamesQueryVariables = Exact<{
  hrefs: Array<Scalars['String']['input']> | Scalars['String']['input'];
}>;


export type MentionNamesQuery = { __typename?: 'Query', mentionNames: Array<{ __typename?: 'Mentionable', href: string, name: string }> };

export type GrantFieldsFragment = { __typename?: 'Grant', id: string, recipient: string, recipientName: string, principalType: PrincipalType, principalId: string, permission: Permission, reason: GrantReason, batchId?: string | null, createdAt: string };

export type GroupFieldsFragment = { __typename?: 'Group', id: string, slug: string, name: string, everyone: boolean, members: number };

export type PersonFieldsFragment = { __typename?: 'Person', id: string, name: string, email: string, kind: UserKind, slug?: string | null };

export type ResponsibleAgentFieldsFragment = { __typename?: 'ResponsibleAgent', id: string, slug: string, name: string, pausedAt?: string | null };

export type UserFieldsFragment = { __typename?: 'User', id: string, name: string };

export type AccessTokenFieldsFragment = { __typename?: 'AccessToken', id: string, name: string, prefix: string, createdAt: string, lastUsedAt?: string | null, expiresAt?: string | null };

export type SessionFieldsFragment = { __typename?: 'Session', id: string, device: string, address: string, createdAt: string, lastUsedAt: string, current: boolean };

export type AutomationFieldsFragment = { __typename?: 'Automation', id: string, name: string, kind: AutomationKind, enabled: boolean, disabledReason?: string | null, ownerActive: boolean, schedule?: string | null };

export type AutomationRunFieldsFragment = { __typename?: 'AutomationRun', id: string, status: AutomationRunStatus, createdAt: string, finishedAt?: string | null };

export type CommentFieldsFragment = { __typename?: 'Comment', id: string, threadId: string, body: string, deleted: boolean, createdAt: string, editedAt?: string | null, author: { __typename?: 'User', id: string, name: string } };

export type ThreadFieldsFragment = { __typename?: 'Thread', id: string, documentId: string, kind: ThreadKind, status: ThreadStatus, anchorState: AnchorState, createdAt: string, updatedAt: string, resolvedAt?: string | null, anchor?: { __typename?: 'TextAnchor', exact: string, prefix: string, suffix: string, start: number, end: number } | null, author: { __typename?: 'User', id: string, name: string }, resolvedBy?: { __typename?: 'User', id: string, name: string } | null, comments: Array<{ __typename?: 'Comment', id: string, threadId: string, body: string, deleted: boolean, createdAt: string, editedAt?: string | null, author: { __typename?: 'User', id: string, name: string } }> };

export type DocumentFieldsFragment = { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string };

export type FolderEntryFieldsFragment = { __typename?: 'FolderEntry', id: string, space: Space, path: string, slug: string, title: string };

export type DocumentRevisionFieldsFragment = { __typename?: 'DocumentRevision', id: string, version: number, changeKind: ChangeKind, changeSummary?: string | null, title: string, createdAt: string };

export type AttachmentFieldsFragment = { __typename?: 'Attachment', id: string, name: string, mimeType: string, byteSize: number, url: string, path: string };

export type FileReferenceFieldsFragment = { __typename?: 'FileReference', id: string, href: string, state: LinkState };

export type NotificationFieldsFragment = { __typename?: 'Notification', id: string, type: string, subjectType: string, subjectId?: string | null, payload: Record<string, unknown>, requiresDecision: boolean, status: NotificationStatus, batchId?: string | null, createdAt: string, readAt?: string | null, resolvedAt?: string | null };

export type IngestionFieldsFragment = { __typename?: 'Ingestion', id: string, filename: string, kind: string, byteSize: number, path: string, status: IngestionStatus, error?: string | null, originalUrl: string, createdAt: string };

export type DocumentLinkFieldsFragment = { __typename?: 'DocumentLink', id: string, hrefAsWritten: string, text: string, state: LinkState };

export type LinkSuggestionFieldsFragment = { __typename?: 'LinkSuggestion', id: string, status: SuggestionStatus };

export type ManagedUserFieldsFragment = { __typename?: 'ManagedUser', id: string, name: string, email: string };

export type ManagedGroupFieldsFragment = { __typename?: 'ManagedGroup', id: string, slug: string, name: string, description: string, everyone: boolean, members: number };

export type ManagedAgentFieldsFragment = { __typename?: 'ManagedAgent', id: string, slug: string, name: string, description: string, createdAt: string, deletedAt?: string | null, pausedAt?: string | null };

export type ServiceTokenFieldsFragment = { __typename?: 'ServiceToken', id: string, name: string, prefix: string, createdAt: string, expiresAt?: string | null, lastUsedAt?: string | null, revokedAt?: string | null };

export type DocumentMetadataFieldsFragment = { __typename?: 'DocumentMetadata', id: string, space: Space, status: DocumentStatus, versions: number, createdAt: string, updatedAt: string, deletedAt?: string | null, quarantinedAt?: string | null };

export type AuditEntryFieldsFragment = { __typename?: 'AuditEntry', id: string, action: string, via: string, tokenId?: string | null, targetUserId?: string | null, targetGroupId?: string | null, targetDocumentId?: string | null, details: Record<string, unknown>, createdAt: string };

export type ImportFieldsFragment = { __typename?: 'Import', id: string, format: ImportFormat, space: Space, path: string, status: ImportStatus, done: number, total: number, error?: string | null, createdAt: string, finishedAt?: string | null, report: { __typename?: 'ImportReport', created: number, updated: number, unchanged: number, droppedKeys: Array<string>, skipped: Array<{ __typename?: 'ImportSkip', entry: string, reason: string }> } };

export type ExportFieldsFragment = { __typename?: 'Export', id: string, space: Space, path: string, status: ExportStatus, done: number, total: number, url?: string | null, byteSize?: number | null, expiresAt?: string | null, error?: string | null };

export type WatchFieldsFragment = { __typename?: 'Watch', id: string, space?: Space | null, path?: string | null, source: string };

export type ActivityEntryFieldsFragment = { __typename?: 'ActivityEntry', id: string, action: string, at: string, count: number, changeSummary?: string | null, automationId?: string | null };

export type WebhookFieldsFragment = { __typename?: 'Webhook', id: string, url: string, events: Array<string>, space?: Space | null, pathPrefix: string, status: WebhookStatus, statusReason: string, consecutiveDead: number, previousSecretUntil?: string | null, createdAt: string, updatedAt: string };

export type WebhookDeliveryFieldsFragment = { __typename?: 'WebhookDelivery', id: string, seq: number, eventId?: string | null, eventType: string, status: WebhookDeliveryStatus, attempts: number, nextAttemptAt: string, lastStatus?: number | null, lastError: string, eventAt: string, createdAt: string, deliveredAt?: string | null };

export type ActivityFeedQueryVariables = Exact<{
  filter?: InputMaybe<ActivityFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ActivityFeedQuery = { __typename?: 'Query', activity: { __typename?: 'ActivityConnection', edges: Array<{ __typename?: 'ActivityEdge', cursor: string, node: { __typename?: 'ActivityEntry', id: string, action: string, at: string, count: number, changeSummary?: string | null, automationId?: string | null, actor?: { __typename?: 'User', id: string, name: string } | null, document?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type CreateAutomationMutationVariables = Exact<{
  input: CreateAutomationInput;
}>;


export type CreateAutomationMutation = { __typename?: 'Mutation', createAutomation: { __typename?: 'CreateAutomationPayload', automation: { __typename?: 'Automation', id: string, name: string, kind: AutomationKind, enabled: boolean, disabledReason?: string | null, ownerActive: boolean, schedule?: string | null } } };

export type UpdateAutomationMutationVariables = Exact<{
  input: UpdateAutomationInput;
}>;


export type UpdateAutomationMutation = { __typename?: 'Mutation', updateAutomation: { __typename?: 'AutomationPayload', automation: { __typename?: 'Automation', description: string, script?: string | null, triggerEvents: Array<string>, timezone: string, nextRunAt?: string | null, id: string, name: string, kind: AutomationKind, enabled: boolean, disabledReason?: string | null, ownerActive: boolean, schedule?: string | null, scope: { __typename?: 'AutomationScope', space?: Space | null, pathPrefix?: string | null, tags: Array<string> } } } };

export type DryRunAutomationMutationVariables = Exact<{
  input: DryRunAutomationInput;
}>;


export type DryRunAutomationMutation = { __typename?: 'Mutation', dryRunAutomation: { __typename?: 'DryRunAutomationPayload', logs: string, logsTruncated: boolean, limitHit?: AutomationLimit | null, error?: string | null, reads: number, durationMs: number, memoryPeak: number, proposals: Array<{ __typename?: 'AutomationProposal', kind: AutomationProposalKind, documentId?: string | null, recipient?: string | null, permission?: Permission | null, message?: string | null, tag?: string | null, applied?: boolean | null, reason?: string | null, write?: { __typename?: 'AutomationWrite', space: Space, path: string, slug: string, title: string } | null }> } };

export type MyAutomationsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyAutomationsQuery = { __typename?: 'Query', automations: Array<{ __typename?: 'Automation', description: string, triggerEvents: Array<string>, timezone: string, nextRunAt?: string | null, lastRunAt?: string | null, script?: string | null, updatedAt: string, id: string, name: string, kind: AutomationKind, enabled: boolean, disabledReason?: string | null, ownerActive: boolean, schedule?: string | null, scope: { __typename?: 'AutomationScope', space?: Space | null, pathPrefix?: string | null, tags: Array<string> }, lastRun?: { __typename?: 'AutomationRun', id: string, status: AutomationRunStatus, createdAt: string, finishedAt?: string | null } | null }> };

export type EnableAutomationMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type EnableAutomationMutation = { __typename?: 'Mutation', enableAutomation: { __typename?: 'AutomationPayload', automation: { __typename?: 'Automation', nextRunAt?: string | null, id: string, name: string, kind: AutomationKind, enabled: boolean, disabledReason?: string | null, ownerActive: boolean, schedule?: string | null } } };

export type DisableAutomationMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DisableAutomationMutation = { __typename?: 'Mutation', disableAutomation: { __typename?: 'AutomationPayload', automation: { __typename?: 'Automation', nextRunAt?: string | null, id: string, name: string, kind: AutomationKind, enabled: boolean, disabledReason?: string | null, ownerActive: boolean, schedule?: string | null } } };

export type DeleteAutomationMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteAutomationMutation = { __typename?: 'Mutation', deleteAutomation: { __typename?: 'DeleteAutomationPayload', id: string } };

export type AutomationRunsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type AutomationRunsQuery = { __typename?: 'Query', automation?: { __typename?: 'Automation', id: string, name: string, kind: AutomationKind, enabled: boolean, disabledReason?: string | null, ownerActive: boolean, schedule?: string | null, runs: { __typename?: 'AutomationRunConnection', edges: Array<{ __typename?: 'AutomationRunEdge', node: { __typename?: 'AutomationRun', eventType?: string | null, scheduledFor?: string | null, durationMs?: number | null, memoryPeak?: number | null, limitHit?: AutomationLimit | null, reads: number, attempts: number, logs?: string | null, error?: string | null, id: string, status: AutomationRunStatus, createdAt: string, finishedAt?: string | null, proposals: Array<{ __typename?: 'AutomationProposal', kind: AutomationProposalKind, documentId?: string | null, recipient?: string | null, permission?: Permission | null, message?: string | null, tag?: string | null, applied?: boolean | null, reason?: string | null, write?: { __typename?: 'AutomationWrite', space: Space, path: string, slug: string, title: string } | null }> } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } } | null };

export type SaveDocumentMutationVariables = Exact<{
  input: UpdateDocumentInput;
}>;


export type SaveDocumentMutation = { __typename?: 'Mutation', updateDocument: { __typename?: 'UpdateDocumentPayload', changed: boolean, document: { __typename?: 'Document', content: string, tags: Array<string>, status: DocumentStatus, version: number, updatedAt: string, id: string, space: Space, path: string, slug: string, title: string } } };

export type CurrentDocumentQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CurrentDocumentQuery = { __typename?: 'Query', document?: { __typename?: 'Document', content: string, version: number, updatedAt: string, id: string, space: Space, path: string, slug: string, title: string, updatedBy?: { __typename?: 'User', id: string, name: string } | null } | null };

export type CoeditChangedSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type CoeditChangedSubscription = { __typename?: 'Subscription', documentChanged: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } };

export type CoeditMeQueryVariables = Exact<{ [key: string]: never; }>;


export type CoeditMeQuery = { __typename?: 'Query', me?: { __typename?: 'User', id: string, name: string } | null };

export type UploadAttachmentMutationVariables = Exact<{
  input: UploadAttachmentInput;
}>;


export type UploadAttachmentMutation = { __typename?: 'Mutation', uploadAttachment: { __typename?: 'UploadAttachmentPayload', existing: boolean, attachment: { __typename?: 'Attachment', id: string, name: string, mimeType: string, byteSize: number, url: string, path: string } } };

export type FavoritesQueryVariables = Exact<{ [key: string]: never; }>;


export type FavoritesQuery = { __typename?: 'Query', favorites: Array<{ __typename?: 'Document', starred: boolean, id: string, space: Space, path: string, slug: string, title: string }> };

export type RecentDocumentsQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type RecentDocumentsQuery = { __typename?: 'Query', recentDocuments: Array<{ __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string }> };

export type MoveFavoriteMutationVariables = Exact<{
  input: MoveFavoriteInput;
}>;


export type MoveFavoriteMutation = { __typename?: 'Mutation', moveFavorite: Array<{ __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string }> };

export type HomeDecisionsQueryVariables = Exact<{ [key: string]: never; }>;


export type HomeDecisionsQuery = { __typename?: 'Query', inboxCounts: { __typename?: 'InboxCounts', decisions: number }, inbox: { __typename?: 'NotificationConnection', edges: Array<{ __typename?: 'NotificationEdge', node: { __typename?: 'Notification', id: string, type: string, subjectType: string, subjectId?: string | null, payload: Record<string, unknown>, requiresDecision: boolean, status: NotificationStatus, batchId?: string | null, createdAt: string, readAt?: string | null, resolvedAt?: string | null, actor?: { __typename?: 'User', id: string, name: string } | null, mention?: { __typename?: 'MentionView', targetName?: string | null } | null } }> } };

export type HomeDocumentsQueryVariables = Exact<{
  ids: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
}>;


export type HomeDocumentsQuery = { __typename?: 'Query', documentsByIds: Array<{ __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null> };

export type ExportDocumentsMutationVariables = Exact<{
  space: Space;
  path?: InputMaybe<Scalars['String']['input']>;
}>;


export type ExportDocumentsMutation = { __typename?: 'Mutation', exportDocuments: { __typename?: 'ExportDocumentsPayload', export: { __typename?: 'Export', id: string, space: Space, path: string, status: ExportStatus, done: number, total: number, url?: string | null, byteSize?: number | null, expiresAt?: string | null, error?: string | null } } };

export type ExportStatusQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ExportStatusQuery = { __typename?: 'Query', export?: { __typename?: 'Export', id: string, space: Space, path: string, status: ExportStatus, done: number, total: number, url?: string | null, byteSize?: number | null, expiresAt?: string | null, error?: string | null } | null };

export type ImportsQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type ImportsQuery = { __typename?: 'Query', imports: { __typename?: 'ImportConnection', edges: Array<{ __typename?: 'ImportEdge', node: { __typename?: 'Import', id: string, format: ImportFormat, space: Space, path: string, status: ImportStatus, done: number, total: number, error?: string | null, createdAt: string, finishedAt?: string | null, report: { __typename?: 'ImportReport', created: number, updated: number, unchanged: number, droppedKeys: Array<string>, skipped: Array<{ __typename?: 'ImportSkip', entry: string, reason: string }> } } }> } };

export type StartImportMutationVariables = Exact<{
  input: StartImportInput;
}>;


export type StartImportMutation = { __typename?: 'Mutation', startImport: { __typename?: 'StartImportPayload', import: { __typename?: 'Import', id: string, format: ImportFormat, space: Space, path: string, status: ImportStatus, done: number, total: number, error?: string | null, createdAt: string, finishedAt?: string | null, report: { __typename?: 'ImportReport', created: number, updated: number, unchanged: number, droppedKeys: Array<string>, skipped: Array<{ __typename?: 'ImportSkip', entry: string, reason: string }> } } } };

export type ImportProgressSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ImportProgressSubscription = { __typename?: 'Subscription', importProgress: { __typename?: 'Import', id: string, format: ImportFormat, space: Space, path: string, status: ImportStatus, done: number, total: number, error?: string | null, createdAt: string, finishedAt?: string | null, report: { __typename?: 'ImportReport', created: number, updated: number, unchanged: number, droppedKeys: Array<string>, skipped: Array<{ __typename?: 'ImportSkip', entry: string, reason: string }> } } };

export type IngestionsQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type IngestionsQuery = { __typename?: 'Query', ingestions: { __typename?: 'IngestionConnection', edges: Array<{ __typename?: 'IngestionEdge', node: { __typename?: 'Ingestion', id: string, filename: string, kind: string, byteSize: number, path: string, status: IngestionStatus, error?: string | null, originalUrl: string, createdAt: string, document?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null } }> } };

export type IngestMutationVariables = Exact<{
  input: IngestInput;
}>;


export type IngestMutation = { __typename?: 'Mutation', ingest: { __typename?: 'IngestPayload', ingestion: { __typename?: 'Ingestion', id: string, filename: string, kind: string, byteSize: number, path: string, status: IngestionStatus, error?: string | null, originalUrl: string, createdAt: string } } };

export type ReconvertIngestionMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ReconvertIngestionMutation = { __typename?: 'Mutation', reconvertIngestion: { __typename?: 'IngestPayload', ingestion: { __typename?: 'Ingestion', id: string, filename: string, kind: string, byteSize: number, path: string, status: IngestionStatus, error?: string | null, originalUrl: string, createdAt: string } } };

export type InboxPageQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<InboxFilter>;
}>;


export type InboxPageQuery = { __typename?: 'Query', inbox: { __typename?: 'NotificationConnection', edges: Array<{ __typename?: 'NotificationEdge', cursor: string, node: { __typename?: 'Notification', watchEvents?: number | null, id: string, type: string, subjectType: string, subjectId?: string | null, payload: Record<string, unknown>, requiresDecision: boolean, status: NotificationStatus, batchId?: string | null, createdAt: string, readAt?: string | null, resolvedAt?: string | null, actor?: { __typename?: 'User', id: string, name: string } | null, mention?: { __typename?: 'MentionView', excerpt?: string | null, targetName?: string | null } | null, documents: { __typename?: 'DocumentConnection', edges: Array<{ __typename?: 'DocumentEdge', node: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean } } } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type InboxDocumentsQueryVariables = Exact<{
  ids: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
}>;


export type InboxDocumentsQuery = { __typename?: 'Query', documentsByIds: Array<{ __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null> };

export type InboxBatchPagesQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type InboxBatchPagesQuery = { __typename?: 'Query', notification?: { __typename?: 'Notification', id: string, type: string, subjectType: string, subjectId?: string | null, payload: Record<string, unknown>, requiresDecision: boolean, status: NotificationStatus, batchId?: string | null, createdAt: string, readAt?: string | null, resolvedAt?: string | null, documents: { __typename?: 'DocumentConnection', edges: Array<{ __typename?: 'DocumentEdge', node: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } } | null };

export type InboxNotificationAddedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type InboxNotificationAddedSubscription = { __typename?: 'Subscription', notificationAdded: { __typename?: 'Notification', id: string, type: string, subjectType: string, subjectId?: string | null, payload: Record<string, unknown>, requiresDecision: boolean, status: NotificationStatus, batchId?: string | null, createdAt: string, readAt?: string | null, resolvedAt?: string | null } };

export type InboxScreenCountsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type InboxScreenCountsSubscription = { __typename?: 'Subscription', inboxCounts: { __typename?: 'InboxCounts', decisions: number, unread: number, total: number } };

export type InboxMarkReadMutationVariables = Exact<{
  input: MarkNotificationsReadInput;
}>;


export type InboxMarkReadMutation = { __typename?: 'Mutation', markNotificationsRead: { __typename?: 'MarkNotificationsReadPayload', marked: number, counts: { __typename?: 'InboxCounts', decisions: number, unread: number, total: number } } };

export type InboxMarkAllReadMutationVariables = Exact<{ [key: string]: never; }>;


export type InboxMarkAllReadMutation = { __typename?: 'Mutation', markAllNotificationsRead: { __typename?: 'MarkNotificationsReadPayload', marked: number, counts: { __typename?: 'InboxCounts', decisions: number, unread: number, total: number } } };

export type InboxAnswerMentionMutationVariables = Exact<{
  input: AnswerMentionInput;
}>;


export type InboxAnswerMentionMutation = { __typename?: 'Mutation', answerMention: { __typename?: 'AnswerMentionPayload', notificationId: string, batchId?: string | null, notified: number } };

export type InboxDismissMutationVariables = Exact<{
  input: NotificationInput;
}>;


export type InboxDismissMutation = { __typename?: 'Mutation', dismissNotification: { __typename?: 'NotificationPayload', notification: { __typename?: 'Notification', id: string, type: string, subjectType: string, subjectId?: string | null, payload: Record<string, unknown>, requiresDecision: boolean, status: NotificationStatus, batchId?: string | null, createdAt: string, readAt?: string | null, resolvedAt?: string | null } } };

export type InboxDecideLinkMutationVariables = Exact<{
  input: DecideLinkInput;
}>;


export type InboxDecideLinkMutation = { __typename?: 'Mutation', decideLink: { __typename?: 'DecideLinkPayload', document: { __typename?: 'Document', version: number, content: string, id: string, space: Space, path: string, slug: string, title: string, links: Array<{ __typename?: 'DocumentLink', id: string, hrefAsWritten: string, text: string, state: LinkState }> } } };

export type InboxAnswerLinkDecisionsMutationVariables = Exact<{
  input: AnswerLinkDecisionsInput;
}>;


export type InboxAnswerLinkDecisionsMutation = { __typename?: 'Mutation', answerLinkDecisions: { __typename?: 'AnswerLinkDecisionsPayload', answered: Array<string>, skipped: Array<string>, documents: Array<{ __typename?: 'Document', version: number, content: string, id: string, space: Space, path: string, slug: string, title: string }> } };

export type InboxDecideFileMutationVariables = Exact<{
  input: DecideFileReferenceInput;
}>;


export type InboxDecideFileMutation = { __typename?: 'Mutation', decideFileReference: { __typename?: 'DecideFileReferencePayload', document: { __typename?: 'Document', version: number, content: string, id: string, space: Space, path: string, slug: string, title: string, fileReferences: Array<{ __typename?: 'FileReference', id: string, href: string, state: LinkState }> } } };

export type InboxAcceptSuggestionMutationVariables = Exact<{
  input: LinkSuggestionInput;
}>;


export type InboxAcceptSuggestionMutation = { __typename?: 'Mutation', acceptLinkSuggestion: { __typename?: 'LinkSuggestionPayload', suggestion: { __typename?: 'LinkSuggestion', id: string, status: SuggestionStatus }, document: { __typename?: 'Document', version: number, id: string, space: Space, path: string, slug: string, title: string } } };

export type InboxRejectSuggestionMutationVariables = Exact<{
  input: LinkSuggestionInput;
}>;


export type InboxRejectSuggestionMutation = { __typename?: 'Mutation', rejectLinkSuggestion: { __typename?: 'LinkSuggestionPayload', suggestion: { __typename?: 'LinkSuggestion', id: string, status: SuggestionStatus } } };

export type ManageAgentsQueryVariables = Exact<{ [key: string]: never; }>;


export type ManageAgentsQuery = { __typename?: 'Query', manageAgents: Array<{ __typename?: 'ManagedAgent', id: string, slug: string, name: string, description: string, createdAt: string, deletedAt?: string | null, pausedAt?: string | null, responsible: Array<{ __typename?: 'ManagedUser', id: string, name: string, email: string }> }> };

export type CreateAgentMutationVariables = Exact<{
  input: CreateAgentInput;
}>;


export type CreateAgentMutation = { __typename?: 'Mutation', createAgent: { __typename?: 'CreateAgentPayload', token: string, agent: { __typename?: 'ManagedAgent', id: string, slug: string, name: string, description: string, createdAt: string, deletedAt?: string | null, pausedAt?: string | null } } };

export type DeleteAgentMutationVariables = Exact<{
  input: AgentInput;
}>;


export type DeleteAgentMutation = { __typename?: 'Mutation', deleteAgent: { __typename?: 'ManagedAgentPayload', agent: { __typename?: 'ManagedAgent', id: string, slug: string, name: string, description: string, createdAt: string, deletedAt?: string | null, pausedAt?: string | null } } };

export type ResumeManagedAgentMutationVariables = Exact<{
  input: ResumeAgentInput;
}>;


export type ResumeManagedAgentMutation = { __typename?: 'Mutation', resumeAgent: { __typename?: 'ResumeAgentPayload', agent: { __typename?: 'ResponsibleAgent', id: string, slug: string, name: string, pausedAt?: string | null } } };

export type IssueAgentTokenMutationVariables = Exact<{
  input: IssueAgentTokenInput;
}>;


export type IssueAgentTokenMutation = { __typename?: 'Mutation', issueAgentToken: { __typename?: 'IssuedTokenPayload', token: string } };

export type ManageAuditQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AuditFilter>;
}>;


export type ManageAuditQuery = { __typename?: 'Query', manageAudit: { __typename?: 'AuditConnection', edges: Array<{ __typename?: 'AuditEntryEdge', node: { __typename?: 'AuditEntry', id: string, action: string, via: string, tokenId?: string | null, targetUserId?: string | null, targetGroupId?: string | null, targetDocumentId?: string | null, details: Record<string, unknown>, createdAt: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type ManagedAutomationsQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ManagedAutomationsQuery = { __typename?: 'Query', managedAutomations: { __typename?: 'AutomationConnection', edges: Array<{ __typename?: 'AutomationEdge', node: { __typename?: 'Automation', id: string, name: string, kind: AutomationKind, enabled: boolean, disabledReason?: string | null, ownerActive: boolean, schedule?: string | null, owner: { __typename?: 'User', email: string, id: string, name: string }, lastRun?: { __typename?: 'AutomationRun', id: string, status: AutomationRunStatus, createdAt: string, finishedAt?: string | null } | null } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type ManageDisableAutomationMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ManageDisableAutomationMutation = { __typename?: 'Mutation', disableAutomation: { __typename?: 'AutomationPayload', automation: { __typename?: 'Automation', id: string, name: string, kind: AutomationKind, enabled: boolean, disabledReason?: string | null, ownerActive: boolean, schedule?: string | null } } };

export type ManageParkedEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type ManageParkedEventsQuery = { __typename?: 'Query', manageParkedEvents: Array<{ __typename?: 'ParkedEvent', eventId: string, consumer: string, eventType: string, subjectType: string, attempts: number, errorClass: string, parkedAt: string }> };

export type RetryParkedEventMutationVariables = Exact<{
  input: RetryParkedEventInput;
}>;


export type RetryParkedEventMutation = { __typename?: 'Mutation', retryParkedEvent: { __typename?: 'RetryParkedEventPayload', parkedEvent: { __typename?: 'ParkedEvent', eventId: string, consumer: string } } };

export type ManageGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type ManageGroupsQuery = { __typename?: 'Query', manageGroups: Array<{ __typename?: 'ManagedGroup', id: string, slug: string, name: string, description: string, everyone: boolean, members: number }> };

export type ManageGroupMembersQueryVariables = Exact<{
  groupId: Scalars['ID']['input'];
}>;


export type ManageGroupMembersQuery = { __typename?: 'Query', manageGroupMembers: Array<{ __typename?: 'ManagedUser', kind: UserKind, active: boolean, id: string, name: string, email: string }> };

export type CreateGroupMutationVariables = Exact<{
  input: CreateGroupInput;
}>;


export type CreateGroupMutation = { __typename?: 'Mutation', createGroup: { __typename?: 'ManagedGroupPayload', group?: { __typename?: 'ManagedGroup', id: string, slug: string, name: string, description: string, everyone: boolean, members: number } | null } };

export type DeleteGroupMutationVariables = Exact<{
  input: GroupInput;
}>;


export type DeleteGroupMutation = { __typename?: 'Mutation', deleteGroup: { __typename?: 'ManagedGroupPayload', group?: { __typename?: 'ManagedGroup', id: string, slug: string, name: string, description: string, everyone: boolean, members: number } | null } };

export type AddGroupMemberMutationVariables = Exact<{
  input: GroupMemberInput;
}>;


export type AddGroupMemberMutation = { __typename?: 'Mutation', addGroupMember: { __typename?: 'ManagedGroupPayload', group?: { __typename?: 'ManagedGroup', id: string, slug: string, name: string, description: string, everyone: boolean, members: number } | null } };

export type RemoveGroupMemberMutationVariables = Exact<{
  input: GroupMemberInput;
}>;


export type RemoveGroupMemberMutation = { __typename?: 'Mutation', removeGroupMember: { __typename?: 'ManagedGroupPayload', group?: { __typename?: 'ManagedGroup', id: string, slug: string, name: string, description: string, everyone: boolean, members: number } | null } };

export type ManageMeQueryVariables = Exact<{ [key: string]: never; }>;


export type ManageMeQuery = { __typename?: 'Query', me?: { __typename?: 'User', kind: UserKind, id: string, name: string } | null };

export type ManagedUsersQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ManagedUsersQuery = { __typename?: 'Query', managedUsers: { __typename?: 'ManagedUserConnection', edges: Array<{ __typename?: 'ManagedUserEdge', node: { __typename?: 'ManagedUser', kind: UserKind, active: boolean, createdAt: string, id: string, name: string, email: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type CreatePersonMutationVariables = Exact<{
  input: CreatePersonInput;
}>;


export type CreatePersonMutation = { __typename?: 'Mutation', createPerson: { __typename?: 'CreatePersonPayload', user: { __typename?: 'ManagedUser', kind: UserKind, active: boolean, createdAt: string, id: string, name: string, email: string } } };

export type InvitePersonMutationVariables = Exact<{
  input: InvitePersonInput;
}>;


export type InvitePersonMutation = { __typename?: 'Mutation', invitePerson: { __typename?: 'InvitePersonPayload', invitationToken: string, user: { __typename?: 'ManagedUser', kind: UserKind, active: boolean, createdAt: string, id: string, name: string, email: string } } };

export type DeactivatePersonMutationVariables = Exact<{
  input: SetPersonActiveInput;
}>;


export type DeactivatePersonMutation = { __typename?: 'Mutation', deactivatePerson: { __typename?: 'SetPersonActivePayload', user: { __typename?: 'ManagedUser', active: boolean, id: string, name: string, email: string } } };

export type ReactivatePersonMutationVariables = Exact<{
  input: SetPersonActiveInput;
}>;


export type ReactivatePersonMutation = { __typename?: 'Mutation', reactivatePerson: { __typename?: 'SetPersonActivePayload', user: { __typename?: 'ManagedUser', active: boolean, id: string, name: string, email: string } } };

export type ManageDocumentQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ManageDocumentQuery = { __typename?: 'Query', manageDocument: { __typename?: 'DocumentMetadata', id: string, space: Space, status: DocumentStatus, versions: number, createdAt: string, updatedAt: string, deletedAt?: string | null, quarantinedAt?: string | null, owner: { __typename?: 'ManagedUser', id: string, name: string, email: string }, grants: Array<{ __typename?: 'ManagedGrant', principalType: PrincipalType, principalId: string, recipient: string, name: string, permission: Permission, reason: string, createdAt: string }> } };

export type QuarantineDocumentMutationVariables = Exact<{
  input: QuarantineInput;
}>;


export type QuarantineDocumentMutation = { __typename?: 'Mutation', quarantineDocument: { __typename?: 'QuarantinePayload', document: { __typename?: 'DocumentMetadata', id: string, space: Space, status: DocumentStatus, versions: number, createdAt: string, updatedAt: string, deletedAt?: string | null, quarantinedAt?: string | null } } };

export type ReleaseDocumentMutationVariables = Exact<{
  input: ReleaseInput;
}>;


export type ReleaseDocumentMutation = { __typename?: 'Mutation', releaseDocument: { __typename?: 'QuarantinePayload', document: { __typename?: 'DocumentMetadata', id: string, space: Space, status: DocumentStatus, versions: number, createdAt: string, updatedAt: string, deletedAt?: string | null, quarantinedAt?: string | null }, notRestored: Array<{ __typename?: 'ManagedGrant', recipient: string, name: string, permission: Permission }> } };

export type TakeAwayShareMutationVariables = Exact<{
  input: TakeAwayShareInput;
}>;


export type TakeAwayShareMutation = { __typename?: 'Mutation', takeAwayShare: { __typename?: 'TakeAwaySharePayload', document: { __typename?: 'DocumentMetadata', id: string, space: Space, status: DocumentStatus, versions: number, createdAt: string, updatedAt: string, deletedAt?: string | null, quarantinedAt?: string | null } } };

export type ManageSpaceDefaultsQueryVariables = Exact<{ [key: string]: never; }>;


export type ManageSpaceDefaultsQuery = { __typename?: 'Query', spaceDefaults: Array<{ __typename?: 'SpaceDefault', space: Space, access: SpaceDefaultAccess, updatedAt?: string | null }> };

export type SetSpaceDefaultMutationVariables = Exact<{
  input: SetSpaceDefaultInput;
}>;


export type SetSpaceDefaultMutation = { __typename?: 'Mutation', setSpaceDefault: { __typename?: 'SetSpaceDefaultPayload', spaceDefault: { __typename?: 'SpaceDefault', space: Space, access: SpaceDefaultAccess, updatedAt?: string | null } } };

export type ManageServiceTokensQueryVariables = Exact<{ [key: string]: never; }>;


export type ManageServiceTokensQuery = { __typename?: 'Query', manageServiceTokens: Array<{ __typename?: 'ServiceToken', id: string, name: string, prefix: string, createdAt: string, expiresAt?: string | null, lastUsedAt?: string | null, revokedAt?: string | null }> };

export type CreateServiceTokenMutationVariables = Exact<{
  input: CreateServiceTokenInput;
}>;


export type CreateServiceTokenMutation = { __typename?: 'Mutation', createServiceToken: { __typename?: 'CreateServiceTokenPayload', token: string, serviceToken: { __typename?: 'ServiceToken', id: string, name: string, prefix: string, createdAt: string, expiresAt?: string | null, lastUsedAt?: string | null, revokedAt?: string | null } } };

export type RevokeServiceTokenMutationVariables = Exact<{
  input: ServiceTokenInput;
}>;


export type RevokeServiceTokenMutation = { __typename?: 'Mutation', revokeServiceToken: { __typename?: 'ServiceTokenPayload', serviceToken: { __typename?: 'ServiceToken', id: string, name: string, prefix: string, createdAt: string, expiresAt?: string | null, lastUsedAt?: string | null, revokedAt?: string | null } } };

export type ManageUsageQueryVariables = Exact<{
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
}>;


export type ManageUsageQuery = { __typename?: 'Query', manageUsage: Array<{ __typename?: 'UsageRow', day: string, activity: string, tool: string, outcome: string, count: number, user: { __typename?: 'ManagedUser', id: string, name: string, email: string } }> };

export type ManagementWebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type ManagementWebhooksQuery = { __typename?: 'Query', managementWebhooks: Array<{ __typename?: 'Webhook', id: string, url: string, events: Array<string>, space?: Space | null, pathPrefix: string, status: WebhookStatus, statusReason: string, consecutiveDead: number, previousSecretUntil?: string | null, createdAt: string, updatedAt: string, deliveries: Array<{ __typename?: 'WebhookDelivery', id: string, seq: number, eventId?: string | null, eventType: string, status: WebhookDeliveryStatus, attempts: number, nextAttemptAt: string, lastStatus?: number | null, lastError: string, eventAt: string, createdAt: string, deliveredAt?: string | null }> }> };

export type CreateManagementWebhookMutationVariables = Exact<{
  input: CreateManagementWebhookInput;
}>;


export type CreateManagementWebhookMutation = { __typename?: 'Mutation', createManagementWebhook: { __typename?: 'CreateWebhookPayload', secret: string, webhook: { __typename?: 'Webhook', id: string, url: string, events: Array<string>, space?: Space | null, pathPrefix: string, status: WebhookStatus, statusReason: string, consecutiveDead: number, previousSecretUntil?: string | null, createdAt: string, updatedAt: string } } };

export type PauseManagementWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PauseManagementWebhookMutation = { __typename?: 'Mutation', pauseManagementWebhook: { __typename?: 'WebhookPayload', webhook: { __typename?: 'Webhook', id: string, url: string, events: Array<string>, space?: Space | null, pathPrefix: string, status: WebhookStatus, statusReason: string, consecutiveDead: number, previousSecretUntil?: string | null, createdAt: string, updatedAt: string } } };

export type ResumeManagementWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ResumeManagementWebhookMutation = { __typename?: 'Mutation', resumeManagementWebhook: { __typename?: 'WebhookPayload', webhook: { __typename?: 'Webhook', id: string, url: string, events: Array<string>, space?: Space | null, pathPrefix: string, status: WebhookStatus, statusReason: string, consecutiveDead: number, previousSecretUntil?: string | null, createdAt: string, updatedAt: string } } };

export type RotateManagementWebhookSecretMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RotateManagementWebhookSecretMutation = { __typename?: 'Mutation', rotateManagementWebhookSecret: { __typename?: 'RotateWebhookSecretPayload', secret: string, webhook: { __typename?: 'Webhook', id: string, url: string, events: Array<string>, space?: Space | null, pathPrefix: string, status: WebhookStatus, statusReason: string, consecutiveDead: number, previousSecretUntil?: string | null, createdAt: string, updatedAt: string } } };

export type PingManagementWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PingManagementWebhookMutation = { __typename?: 'Mutation', pingManagementWebhook: { __typename?: 'WebhookDeliveryPayload', delivery: { __typename?: 'WebhookDelivery', id: string, seq: number, eventId?: string | null, eventType: string, status: WebhookDeliveryStatus, attempts: number, nextAttemptAt: string, lastStatus?: number | null, lastError: string, eventAt: string, createdAt: string, deliveredAt?: string | null } } };

export type RedeliverManagementWebhookDeliveryMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RedeliverManagementWebhookDeliveryMutation = { __typename?: 'Mutation', redeliverManagementWebhookDelivery: { __typename?: 'WebhookDeliveryPayload', delivery: { __typename?: 'WebhookDelivery', id: string, seq: number, eventId?: string | null, eventType: string, status: WebhookDeliveryStatus, attempts: number, nextAttemptAt: string, lastStatus?: number | null, lastError: string, eventAt: string, createdAt: string, deliveredAt?: string | null } } };

export type DeleteManagementWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteManagementWebhookMutation = { __typename?: 'Mutation', deleteManagementWebhook: { __typename?: 'DeleteWebhookPayload', id: string } };

export type PageThreadsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PageThreadsQuery = { __typename?: 'Query', me?: { __typename?: 'User', id: string, name: string } | null, document?: { __typename?: 'Document', threadCount: number, openThreadCount: number, id: string, space: Space, path: string, slug: string, title: string, threads: Array<{ __typename?: 'Thread', id: string, documentId: string, kind: ThreadKind, status: ThreadStatus, anchorState: AnchorState, createdAt: string, updatedAt: string, resolvedAt?: string | null, anchor?: { __typename?: 'TextAnchor', exact: string, prefix: string, suffix: string, start: number, end: number } | null, author: { __typename?: 'User', id: string, name: string }, resolvedBy?: { __typename?: 'User', id: string, name: string } | null, comments: Array<{ __typename?: 'Comment', id: string, threadId: string, body: string, deleted: boolean, createdAt: string, editedAt?: string | null, author: { __typename?: 'User', id: string, name: string } }> }> } | null };

export type CreateThreadMutationVariables = Exact<{
  input: CreateThreadInput;
}>;


export type CreateThreadMutation = { __typename?: 'Mutation', createThread: { __typename?: 'CreateThreadPayload', thread: { __typename?: 'Thread', id: string, documentId: string, kind: ThreadKind, status: ThreadStatus, anchorState: AnchorState, createdAt: string, updatedAt: string, resolvedAt?: string | null, anchor?: { __typename?: 'TextAnchor', exact: string, prefix: string, suffix: string, start: number, end: number } | null, author: { __typename?: 'User', id: string, name: string }, resolvedBy?: { __typename?: 'User', id: string, name: string } | null, comments: Array<{ __typename?: 'Comment', id: string, threadId: string, body: string, deleted: boolean, createdAt: string, editedAt?: string | null, author: { __typename?: 'User', id: string, name: string } }> } } };

export type ReplyToThreadMutationVariables = Exact<{
  input: ReplyToThreadInput;
}>;


export type ReplyToThreadMutation = { __typename?: 'Mutation', replyToThread: { __typename?: 'ReplyToThreadPayload', comment: { __typename?: 'Comment', id: string, threadId: string, body: string, deleted: boolean, createdAt: string, editedAt?: string | null, author: { __typename?: 'User', id: string, name: string } } } };

export type ResolveThreadMutationVariables = Exact<{
  input: ThreadInput;
}>;


export type ResolveThreadMutation = { __typename?: 'Mutation', resolveThread: { __typename?: 'ThreadPayload', thread: { __typename?: 'Thread', id: string, documentId: string, kind: ThreadKind, status: ThreadStatus, anchorState: AnchorState, createdAt: string, updatedAt: string, resolvedAt?: string | null, anchor?: { __typename?: 'TextAnchor', exact: string, prefix: string, suffix: string, start: number, end: number } | null, author: { __typename?: 'User', id: string, name: string }, resolvedBy?: { __typename?: 'User', id: string, name: string } | null, comments: Array<{ __typename?: 'Comment', id: string, threadId: string, body: string, deleted: boolean, createdAt: string, editedAt?: string | null, author: { __typename?: 'User', id: string, name: string } }> } } };

export type ReopenThreadMutationVariables = Exact<{
  input: ThreadInput;
}>;


export type ReopenThreadMutation = { __typename?: 'Mutation', reopenThread: { __typename?: 'ThreadPayload', thread: { __typename?: 'Thread', id: string, documentId: string, kind: ThreadKind, status: ThreadStatus, anchorState: AnchorState, createdAt: string, updatedAt: string, resolvedAt?: string | null, anchor?: { __typename?: 'TextAnchor', exact: string, prefix: string, suffix: string, start: number, end: number } | null, author: { __typename?: 'User', id: string, name: string }, resolvedBy?: { __typename?: 'User', id: string, name: string } | null, comments: Array<{ __typename?: 'Comment', id: string, threadId: string, body: string, deleted: boolean, createdAt: string, editedAt?: string | null, author: { __typename?: 'User', id: string, name: string } }> } } };

export type EditCommentMutationVariables = Exact<{
  input: EditCommentInput;
}>;


export type EditCommentMutation = { __typename?: 'Mutation', editComment: { __typename?: 'EditCommentPayload', comment: { __typename?: 'Comment', id: string, threadId: string, body: string, deleted: boolean, createdAt: string, editedAt?: string | null, author: { __typename?: 'User', id: string, name: string } } } };

export type DeleteCommentMutationVariables = Exact<{
  input: CommentInput;
}>;


export type DeleteCommentMutation = { __typename?: 'Mutation', deleteComment: { __typename?: 'DeleteCommentPayload', thread?: { __typename?: 'Thread', id: string, documentId: string, kind: ThreadKind, status: ThreadStatus, anchorState: AnchorState, createdAt: string, updatedAt: string, resolvedAt?: string | null, anchor?: { __typename?: 'TextAnchor', exact: string, prefix: string, suffix: string, start: number, end: number } | null, author: { __typename?: 'User', id: string, name: string }, resolvedBy?: { __typename?: 'User', id: string, name: string } | null, comments: Array<{ __typename?: 'Comment', id: string, threadId: string, body: string, deleted: boolean, createdAt: string, editedAt?: string | null, author: { __typename?: 'User', id: string, name: string } }> } | null } };

export type ThreadChangedSubscriptionVariables = Exact<{
  documentId: Scalars['ID']['input'];
}>;


export type ThreadChangedSubscription = { __typename?: 'Subscription', threadChanged: { __typename?: 'Thread', id: string, documentId: string, kind: ThreadKind, status: ThreadStatus, anchorState: AnchorState, createdAt: string, updatedAt: string, resolvedAt?: string | null, anchor?: { __typename?: 'TextAnchor', exact: string, prefix: string, suffix: string, start: number, end: number } | null, author: { __typename?: 'User', id: string, name: string }, resolvedBy?: { __typename?: 'User', id: string, name: string } | null, comments: Array<{ __typename?: 'Comment', id: string, threadId: string, body: string, deleted: boolean, createdAt: string, editedAt?: string | null, author: { __typename?: 'User', id: string, name: string } }> } };

export type PageRevisionsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type PageRevisionsQuery = { __typename?: 'Query', document?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string, revisions: { __typename?: 'DocumentRevisionConnection', totalCount: number, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, edges: Array<{ __typename?: 'DocumentRevisionEdge', cursor: string, node: { __typename?: 'DocumentRevision', id: string, version: number, changeKind: ChangeKind, changeSummary?: string | null, title: string, createdAt: string, author?: { __typename?: 'User', id: string, name: string } | null } }> } } | null };

export type PageDiffQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  from: Scalars['Int']['input'];
  to: Scalars['Int']['input'];
}>;


export type PageDiffQuery = { __typename?: 'Query', document?: { __typename?: 'Document', diff: string, id: string, space: Space, path: string, slug: string, title: string } | null };

export type RestoreRevisionMutationVariables = Exact<{
  input: RestoreRevisionInput;
}>;


export type RestoreRevisionMutation = { __typename?: 'Mutation', restoreRevision: { __typename?: 'RestoreRevisionPayload', changed: boolean, document: { __typename?: 'Document', content: string, tags: Array<string>, status: DocumentStatus, version: number, updatedAt: string, id: string, space: Space, path: string, slug: string, title: string } } };

export type LinkGraphQueryVariables = Exact<{
  rootId: Scalars['ID']['input'];
  depth?: InputMaybe<Scalars['Int']['input']>;
  direction?: InputMaybe<LinkDirection>;
}>;


export type LinkGraphQuery = { __typename?: 'Query', linkGraph: { __typename?: 'LinkGraph', nodes: Array<{ __typename?: 'LinkGraphNode', depth: number, document: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } }>, edges: Array<{ __typename?: 'LinkGraphEdge', id: string, sourceId: string, targetId: string, state: LinkState }> } };

export type CreatePageMutationVariables = Exact<{
  input: CreateDocumentInput;
}>;


export type CreatePageMutation = { __typename?: 'Mutation', createDocument: { __typename?: 'CreateDocumentPayload', document: { __typename?: 'Document', version: number, id: string, space: Space, path: string, slug: string, title: string } } };

export type NewPageAudienceQueryVariables = Exact<{
  space: Space;
  path?: InputMaybe<Scalars['String']['input']>;
}>;


export type NewPageAudienceQuery = { __typename?: 'Query', newPageAudience: { __typename?: 'PageAudience', space: Space, path: string, default: SpaceDefaultAccess, folders: Array<{ __typename?: 'FolderAudience', path: string, recipient: string, name: string, permission: Permission }> } };

export type NewPageTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type NewPageTemplatesQuery = { __typename?: 'Query', templates: Array<{ __typename?: 'Document', tags: Array<string>, content: string, id: string, space: Space, path: string, slug: string, title: string }>, me?: { __typename?: 'User', id: string, name: string } | null };

export type MovePageMutationVariables = Exact<{
  input: MoveDocumentInput;
}>;


export type MovePageMutation = { __typename?: 'Mutation', moveDocument: { __typename?: 'MoveDocumentPayload', document: { __typename?: 'Document', version: number, id: string, space: Space, path: string, slug: string, title: string } } };

export type UpdatePageMetaMutationVariables = Exact<{
  input: UpdateDocumentInput;
}>;


export type UpdatePageMetaMutation = { __typename?: 'Mutation', updateDocument: { __typename?: 'UpdateDocumentPayload', changed: boolean, document: { __typename?: 'Document', tags: Array<string>, status: DocumentStatus, version: number, updatedAt: string, id: string, space: Space, path: string, slug: string, title: string } } };

export type TrashPageMutationVariables = Exact<{
  input: DeleteDocumentInput;
}>;


export type TrashPageMutation = { __typename?: 'Mutation', deleteDocument: { __typename?: 'DeleteDocumentPayload', document: { __typename?: 'Document', deletedAt?: string | null, id: string, space: Space, path: string, slug: string, title: string } } };

export type RestorePageMutationVariables = Exact<{
  input: RestoreDocumentInput;
}>;


export type RestorePageMutation = { __typename?: 'Mutation', restoreDocument: { __typename?: 'RestoreDocumentPayload', document: { __typename?: 'Document', deletedAt?: string | null, id: string, space: Space, path: string, slug: string, title: string } } };

export type PageViewQueryVariables = Exact<{
  space: Space;
  path: Scalars['String']['input'];
  slug: Scalars['String']['input'];
}>;


export type PageViewQuery = { __typename?: 'Query', documentByAddress?: { __typename?: 'Document', content: string, tags: Array<string>, status: DocumentStatus, version: number, updatedAt: string, liveDigest: string, myPermission: DocumentAccess, starred: boolean, watching: boolean, watcherCount: number, id: string, space: Space, path: string, slug: string, title: string, owner: { __typename?: 'User', id: string, name: string }, links: Array<{ __typename?: 'DocumentLink', id: string, hrefAsWritten: string, text: string, state: LinkState, target?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null }>, backlinks: Array<{ __typename?: 'DocumentLink', id: string, hrefAsWritten: string, text: string, state: LinkState, source?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null }>, fileReferences: Array<{ __typename?: 'FileReference', id: string, href: string, state: LinkState, attachment?: { __typename?: 'Attachment', id: string, name: string, mimeType: string, byteSize: number, url: string, path: string } | null }> } | null };

export type DecideLinkInlineMutationVariables = Exact<{
  input: DecideLinkInput;
}>;


export type DecideLinkInlineMutation = { __typename?: 'Mutation', decideLink: { __typename?: 'DecideLinkPayload', document: { __typename?: 'Document', version: number, content: string, id: string, space: Space, path: string, slug: string, title: string, links: Array<{ __typename?: 'DocumentLink', id: string, hrefAsWritten: string, text: string, state: LinkState }> } } };

export type RelatedQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  depth?: InputMaybe<Scalars['Int']['input']>;
  direction?: InputMaybe<LinkDirection>;
}>;


export type RelatedQuery = { __typename?: 'Query', document?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string, related: Array<{ __typename?: 'RelatedDocument', depth: number, document: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string }, via: Array<{ __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string }> }> } | null };

export type StarDocumentMutationVariables = Exact<{
  input: DocumentRefInput;
}>;


export type StarDocumentMutation = { __typename?: 'Mutation', starDocument: { __typename?: 'StarPayload', document: { __typename?: 'Document', starred: boolean, id: string, space: Space, path: string, slug: string, title: string } } };

export type UnstarDocumentMutationVariables = Exact<{
  input: DocumentRefInput;
}>;


export type UnstarDocumentMutation = { __typename?: 'Mutation', unstarDocument: { __typename?: 'StarPayload', document: { __typename?: 'Document', starred: boolean, id: string, space: Space, path: string, slug: string, title: string } } };

export type RecordViewMutationVariables = Exact<{
  input: DocumentRefInput;
}>;


export type RecordViewMutation = { __typename?: 'Mutation', recordView: boolean };

export type WatchDocumentMutationVariables = Exact<{
  input: DocumentRefInput;
}>;


export type WatchDocumentMutation = { __typename?: 'Mutation', watchDocument: { __typename?: 'WatchPayload', watch?: { __typename?: 'Watch', id: string, space?: Space | null, path?: string | null, source: string } | null, document?: { __typename?: 'Document', watching: boolean, watcherCount: number, id: string, space: Space, path: string, slug: string, title: string } | null } };

export type UnwatchDocumentMutationVariables = Exact<{
  input: DocumentRefInput;
}>;


export type UnwatchDocumentMutation = { __typename?: 'Mutation', unwatchDocument: { __typename?: 'WatchPayload', document?: { __typename?: 'Document', watching: boolean, watcherCount: number, id: string, space: Space, path: string, slug: string, title: string } | null } };

export type PageViewDocumentFragment = { __typename?: 'Document', content: string, tags: Array<string>, status: DocumentStatus, version: number, updatedAt: string, liveDigest: string, myPermission: DocumentAccess, starred: boolean, watching: boolean, watcherCount: number, id: string, space: Space, path: string, slug: string, title: string, owner: { __typename?: 'User', id: string, name: string }, links: Array<{ __typename?: 'DocumentLink', id: string, hrefAsWritten: string, text: string, state: LinkState, target?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null }>, backlinks: Array<{ __typename?: 'DocumentLink', id: string, hrefAsWritten: string, text: string, state: LinkState, source?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null }>, fileReferences: Array<{ __typename?: 'FileReference', id: string, href: string, state: LinkState, attachment?: { __typename?: 'Attachment', id: string, name: string, mimeType: string, byteSize: number, url: string, path: string } | null }> };

export type PageChangedSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
  since?: InputMaybe<Scalars['String']['input']>;
}>;


export type PageChangedSubscription = { __typename?: 'Subscription', documentChanged: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } };

export type SearchDocumentsQueryVariables = Exact<{
  query: Scalars['String']['input'];
  filter?: InputMaybe<SearchFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type SearchDocumentsQuery = { __typename?: 'Query', search: { __typename?: 'SearchConnection', totalCount: number, totalIsApproximate: boolean, edges: Array<{ __typename?: 'SearchEdge', cursor: string, node: { __typename?: 'SearchResult', score: number, document: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string }, title: { __typename?: 'Highlight', text: string, ranges: Array<{ __typename?: 'HighlightRange', start: number, end: number }> }, snippet: { __typename?: 'Highlight', text: string, ranges: Array<{ __typename?: 'HighlightRange', start: number, end: number }> } } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, facets: { __typename?: 'SearchFacets', spaces: Array<{ __typename?: 'FacetCount', value: string, count: number }>, tags: Array<{ __typename?: 'FacetCount', value: string, count: number }> } } };

export type MyAgentsCareQueryVariables = Exact<{ [key: string]: never; }>;


export type MyAgentsCareQuery = { __typename?: 'Query', myAgents: Array<{ __typename?: 'ResponsibleAgent', id: string, slug: string, name: string, pausedAt?: string | null }> };

export type AgentCareQueryVariables = Exact<{
  agentId: Scalars['ID']['input'];
}>;


export type AgentCareQuery = { __typename?: 'Query', agentTokens: Array<{ __typename?: 'AccessToken', revokedAt?: string | null, id: string, name: string, prefix: string, createdAt: string, lastUsedAt?: string | null, expiresAt?: string | null }>, agentShareTargets: Array<{ __typename?: 'AgentShareTarget', recipient: string, recipientName: string }> };

export type SetAgentShareTargetsMutationVariables = Exact<{
  input: SetAgentShareTargetsInput;
}>;


export type SetAgentShareTargetsMutation = { __typename?: 'Mutation', setAgentShareTargets: { __typename?: 'SetAgentShareTargetsPayload', targets: Array<{ __typename?: 'AgentShareTarget', recipient: string, recipientName: string }> } };

export type RevokeAgentTokenMutationVariables = Exact<{
  input: RevokeAgentTokenInput;
}>;


export type RevokeAgentTokenMutation = { __typename?: 'Mutation', revokeAgentToken: { __typename?: 'RevokeAccessTokenPayload', accessToken: { __typename?: 'AccessToken', revokedAt?: string | null, id: string, name: string, prefix: string, createdAt: string, lastUsedAt?: string | null, expiresAt?: string | null } } };

export type ResumeMyAgentMutationVariables = Exact<{
  input: ResumeAgentInput;
}>;


export type ResumeMyAgentMutation = { __typename?: 'Mutation', resumeAgent: { __typename?: 'ResumeAgentPayload', agent: { __typename?: 'ResponsibleAgent', id: string, slug: string, name: string, pausedAt?: string | null } } };

export type MailPreferencesQueryVariables = Exact<{ [key: string]: never; }>;


export type MailPreferencesQuery = { __typename?: 'Query', mailPreferences: { __typename?: 'MailPreferences', decisions: boolean, mentions: boolean, digest: MailDigest, mailEnabled: boolean } };

export type UpdateMailPreferencesMutationVariables = Exact<{
  input: UpdateMailPreferencesInput;
}>;


export type UpdateMailPreferencesMutation = { __typename?: 'Mutation', updateMailPreferences: { __typename?: 'MailPreferences', decisions: boolean, mentions: boolean, digest: MailDigest, mailEnabled: boolean } };

export type ChangePasswordMutationVariables = Exact<{
  input: ChangePasswordInput;
}>;


export type ChangePasswordMutation = { __typename?: 'Mutation', changePassword: { __typename?: 'ChangePasswordPayload', sessionsEnded: number } };

export type SessionsQueryVariables = Exact<{ [key: string]: never; }>;


export type SessionsQuery = { __typename?: 'Query', sessions: Array<{ __typename?: 'Session', id: string, device: string, address: string, createdAt: string, lastUsedAt: string, current: boolean }> };

export type EndSessionMutationVariables = Exact<{
  input: EndSessionInput;
}>;


export type EndSessionMutation = { __typename?: 'Mutation', endSession: { __typename?: 'EndSessionPayload', id: string } };

export type EndOtherSessionsMutationVariables = Exact<{ [key: string]: never; }>;


export type EndOtherSessionsMutation = { __typename?: 'Mutation', endOtherSessions: { __typename?: 'EndOtherSessionsPayload', sessionsEnded: number } };

export type AccessTokensQueryVariables = Exact<{ [key: string]: never; }>;


export type AccessTokensQuery = { __typename?: 'Query', accessTokens: Array<{ __typename?: 'AccessToken', id: string, name: string, prefix: string, createdAt: string, lastUsedAt?: string | null, expiresAt?: string | null }> };

export type CreateAccessTokenMutationVariables = Exact<{
  input: CreateAccessTokenInput;
}>;


export type CreateAccessTokenMutation = { __typename?: 'Mutation', createAccessToken: { __typename?: 'CreateAccessTokenPayload', token: string, accessToken: { __typename?: 'AccessToken', id: string, name: string, prefix: string, createdAt: string, lastUsedAt?: string | null, expiresAt?: string | null } } };

export type RevokeAccessTokenMutationVariables = Exact<{
  input: RevokeAccessTokenInput;
}>;


export type RevokeAccessTokenMutation = { __typename?: 'Mutation', revokeAccessToken: { __typename?: 'RevokeAccessTokenPayload', accessToken: { __typename?: 'AccessToken', id: string, name: string, prefix: string, createdAt: string, lastUsedAt?: string | null, expiresAt?: string | null } } };

export type WatchesQueryVariables = Exact<{ [key: string]: never; }>;


export type WatchesQuery = { __typename?: 'Query', watches: Array<{ __typename?: 'Watch', id: string, space?: Space | null, path?: string | null, source: string, document?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null }> };

export type UnwatchFromSettingsMutationVariables = Exact<{
  input: DocumentRefInput;
}>;


export type UnwatchFromSettingsMutation = { __typename?: 'Mutation', unwatchDocument: { __typename?: 'WatchPayload', document?: { __typename?: 'Document', watching: boolean, id: string, space: Space, path: string, slug: string, title: string } | null } };

export type WatchFolderMutationVariables = Exact<{
  input: FolderRefInput;
}>;


export type WatchFolderMutation = { __typename?: 'Mutation', watchFolder: { __typename?: 'WatchPayload', watch?: { __typename?: 'Watch', id: string, space?: Space | null, path?: string | null, source: string } | null } };

export type UnwatchFolderMutationVariables = Exact<{
  input: FolderRefInput;
}>;


export type UnwatchFolderMutation = { __typename?: 'Mutation', unwatchFolder: { __typename?: 'WatchPayload', watch?: { __typename?: 'Watch', id: string, space?: Space | null, path?: string | null, source: string } | null } };

export type MyWebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type MyWebhooksQuery = { __typename?: 'Query', webhooks: Array<{ __typename?: 'Webhook', id: string, url: string, events: Array<string>, space?: Space | null, pathPrefix: string, status: WebhookStatus, statusReason: string, consecutiveDead: number, previousSecretUntil?: string | null, createdAt: string, updatedAt: string, deliveries: Array<{ __typename?: 'WebhookDelivery', id: string, seq: number, eventId?: string | null, eventType: string, status: WebhookDeliveryStatus, attempts: number, nextAttemptAt: string, lastStatus?: number | null, lastError: string, eventAt: string, createdAt: string, deliveredAt?: string | null }> }> };

export type CreateWebhookMutationVariables = Exact<{
  input: CreateWebhookInput;
}>;


export type CreateWebhookMutation = { __typename?: 'Mutation', createWebhook: { __typename?: 'CreateWebhookPayload', secret: string, webhook: { __typename?: 'Webhook', id: string, url: string, events: Array<string>, space?: Space | null, pathPrefix: string, status: WebhookStatus, statusReason: string, consecutiveDead: number, previousSecretUntil?: string | null, createdAt: string, updatedAt: string } } };

export type PauseWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PauseWebhookMutation = { __typename?: 'Mutation', pauseWebhook: { __typename?: 'WebhookPayload', webhook: { __typename?: 'Webhook', id: string, url: string, events: Array<string>, space?: Space | null, pathPrefix: string, status: WebhookStatus, statusReason: string, consecutiveDead: number, previousSecretUntil?: string | null, createdAt: string, updatedAt: string } } };

export type ResumeWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ResumeWebhookMutation = { __typename?: 'Mutation', resumeWebhook: { __typename?: 'WebhookPayload', webhook: { __typename?: 'Webhook', id: string, url: string, events: Array<string>, space?: Space | null, pathPrefix: string, status: WebhookStatus, statusReason: string, consecutiveDead: number, previousSecretUntil?: string | null, createdAt: string, updatedAt: string } } };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RotateWebhookSecretMutation = { __typename?: 'Mutation', rotateWebhookSecret: { __typename?: 'RotateWebhookSecretPayload', secret: string, webhook: { __typename?: 'Webhook', id: string, url: string, events: Array<string>, space?: Space | null, pathPrefix: string, status: WebhookStatus, statusReason: string, consecutiveDead: number, previousSecretUntil?: string | null, createdAt: string, updatedAt: string } } };

export type PingWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type PingWebhookMutation = { __typename?: 'Mutation', pingWebhook: { __typename?: 'WebhookDeliveryPayload', delivery: { __typename?: 'WebhookDelivery', id: string, seq: number, eventId?: string | null, eventType: string, status: WebhookDeliveryStatus, attempts: number, nextAttemptAt: string, lastStatus?: number | null, lastError: string, eventAt: string, createdAt: string, deliveredAt?: string | null } } };

export type RedeliverWebhookDeliveryMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RedeliverWebhookDeliveryMutation = { __typename?: 'Mutation', redeliverWebhookDelivery: { __typename?: 'WebhookDeliveryPayload', delivery: { __typename?: 'WebhookDelivery', id: string, seq: number, eventId?: string | null, eventType: string, status: WebhookDeliveryStatus, attempts: number, nextAttemptAt: string, lastStatus?: number | null, lastError: string, eventAt: string, createdAt: string, deliveredAt?: string | null } } };

export type DeleteWebhookMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteWebhookMutation = { __typename?: 'Mutation', deleteWebhook: { __typename?: 'DeleteWebhookPayload', id: string } };

export type SharePeopleQueryVariables = Exact<{
  query: Scalars['String']['input'];
}>;


export type SharePeopleQuery = { __typename?: 'Query', people: Array<{ __typename?: 'Person', id: string, name: string, email: string, kind: UserKind, slug?: string | null }> };

export type ShareGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type ShareGroupsQuery = { __typename?: 'Query', groups: Array<{ __typename?: 'Group', id: string, slug: string, name: string, everyone: boolean, members: number }> };

export type ShareSuggestionsQueryVariables = Exact<{
  documentIds: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
  recipients: Array<Scalars['String']['input']> | Scalars['String']['input'];
  depth?: InputMaybe<Scalars['Int']['input']>;
}>;


export type ShareSuggestionsQuery = { __typename?: 'Query', shareSuggestions: Array<{ __typename?: 'ShareSuggestion', depth: number, explanation: string, recipients: Array<string>, document: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } }> };

export type ShareAccessQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ShareAccessQuery = { __typename?: 'Query', document?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string, access: Array<{ __typename?: 'Grant', id: string, recipient: string, recipientName: string, principalType: PrincipalType, principalId: string, permission: Permission, reason: GrantReason, batchId?: string | null, createdAt: string, grantedBy?: { __typename?: 'User', id: string, name: string } | null }> } | null };

export type ShareMutationVariables = Exact<{
  input: ShareInput;
}>;


export type ShareMutation = { __typename?: 'Mutation', share: { __typename?: 'SharePayload', batchId: string, grants: Array<{ __typename?: 'ShareGrantResult', recipient: string, outcome: ShareOutcome, document?: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string } | null }> } };

export type ShareRevokeMutationVariables = Exact<{
  input: RevokeAccessInput;
}>;


export type ShareRevokeMutation = { __typename?: 'Mutation', revokeAccess: { __typename?: 'RevokeAccessPayload', document: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string, access: Array<{ __typename?: 'Grant', id: string, recipient: string, recipientName: string, principalType: PrincipalType, principalId: string, permission: Permission, reason: GrantReason, batchId?: string | null, createdAt: string }> } } };

export type ShareRevokeBatchMutationVariables = Exact<{
  input: RevokeBatchInput;
}>;


export type ShareRevokeBatchMutation = { __typename?: 'Mutation', revokeBatch: { __typename?: 'RevokeBatchPayload', revoked: number } };

export type RecentlySharedQueryVariables = Exact<{
  since: Scalars['Time']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type RecentlySharedQuery = { __typename?: 'Query', recentlyShared: Array<{ __typename?: 'SharedWithMe', permission: Permission, reason: GrantReason, batchId?: string | null, at: string, recipient: string, recipientName: string, document: { __typename?: 'Document', id: string, space: Space, path: string, slug: string, title: string, owner: { __typename?: 'User', id: string, name: string } }, grantedBy?: { __typename?: 'User', id: string, name: string } | null }> };

export type RequestPasswordResetMutationVariables = Exact<{
  input: RequestPasswordResetInput;
}>;


export type RequestPasswordResetMutation = { __typename?: 'Mutation', requestPasswordReset: boolean };

export type InvitationPreviewQueryVariables = Exact<{
  token: Scalars['String']['input'];
}>;


export type InvitationPreviewQuery = { __typename?: 'Query', invitation: { __typename?: 'InvitationPreview', email: string, name: string, expiresAt: string } };

export type AcceptInvitationMutationVariables = Exact<{
  input: AcceptInvitationInput;
}>;


export type AcceptInvitationMutation = { __typename?: 'Mutation', acceptInvitation: { __typename?: 'LoginPayload', user: { __typename?: 'User', id: string, name: string } } };

export type ResetPasswordWithTokenMutationVariables = Exact<{
  input: ResetPasswordWithTokenInput;
}>;


export type ResetPasswordWithTokenMutation = { __typename?: 'Mutation', resetPasswordWithToken: { __typename?: 'LoginPayload', user: { __typename?: 'User', id: string, name: string } } };

export type LoginMutationVariables = Exact<{
  input: LoginInput;
}>;


export type LoginMutation = { __typename?: 'Mutation', login: { __typename?: 'LoginPayload', user: { __typename?: 'User', email: string, kind: UserKind, id: string, name: string } } };

export type SignInOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type SignInOptionsQuery = { __typename?: 'Query', signInOptions: { __typename?: 'SignInOptions', password: boolean, sso?: { __typename?: 'SingleSignOnButton', name: string, startUrl: string } | null } };

export type TagPagesQueryVariables = Exact<{
  tag: Scalars['String']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type TagPagesQuery = { __typename?: 'Query', documents: { __typename?: 'DocumentConnection', edges: Array<{ __typename?: 'DocumentEdge', node: { __typename?: 'Document', updatedAt: string, id: string, space: Space, path: string, slug: string, title: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type TagIndexQueryVariables = Exact<{
  prefix?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type TagIndexQuery = { __typename?: 'Query', tags: Array<{ __typename?: 'TagCount', tag: string, count: number }> };

export type TrashQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type TrashQuery = { __typename?: 'Query', trash: { __typename?: 'DocumentConnection', edges: Array<{ __typename?: 'DocumentEdge', cursor: string, node: { __typename?: 'Document', deletedAt?: string | null, purgeAfter?: string | null, id: string, space: Space, path: string, slug: string, title: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type TrashRestoreMutationVariables = Exact<{
  input: RestoreDocumentInput;
}>;


export type TrashRestoreMutation = { __typename?: 'Mutation', restoreDocument: { __typename?: 'RestoreDocumentPayload', document: { __typename?: 'Document', deletedAt?: string | null, purgeAfter?: string | null, id: string, space: Space, path: string, slug: string, title: string } } };

export type TrashPurgeMutationVariables = Exact<{
  input: DocumentRefInput;
}>;


export type TrashPurgeMutation = { __typename?: 'Mutation', purgeDocument: { __typename?: 'PurgeDocumentPayload', documentId: string } };

export type TrashEmptyMutationVariables = Exact<{ [key: string]: never; }>;


export type TrashEmptyMutation = { __typename?: 'Mutation', emptyTrash: { __typename?: 'EmptyTrashPayload', purged: number } };

export const FolderEntryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FolderEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<FolderEntryFieldsFragment, unknown>;
export const FolderTreeFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderTreeFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FolderTree"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"folders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"documents"}},{"kind":"Field","name":{"kind":"Name","value":"hasChildren"}}]}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderEntryFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FolderEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<FolderTreeFieldsFragment, unknown>;
export const GrantFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GrantFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Grant"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"recipientName"}},{"kind":"Field","name":{"kind":"Name","value":"principalType"}},{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"permission"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<GrantFieldsFragment, unknown>;
export const GroupFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Group"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"everyone"}},{"kind":"Field","name":{"kind":"Name","value":"members"}}]}}]} as unknown as DocumentNode<GroupFieldsFragment, unknown>;
export const PersonFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PersonFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Person"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}}]}}]} as unknown as DocumentNode<PersonFieldsFragment, unknown>;
export const ResponsibleAgentFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResponsibleAgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResponsibleAgent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"pausedAt"}}]}}]} as unknown as DocumentNode<ResponsibleAgentFieldsFragment, unknown>;
export const AccessTokenFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccessTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccessToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]} as unknown as DocumentNode<AccessTokenFieldsFragment, unknown>;
export const SessionFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SessionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Session"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"device"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"current"}}]}}]} as unknown as DocumentNode<SessionFieldsFragment, unknown>;
export const AutomationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Automation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"ownerActive"}},{"kind":"Field","name":{"kind":"Name","value":"schedule"}}]}}]} as unknown as DocumentNode<AutomationFieldsFragment, unknown>;
export const AutomationRunFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationRunFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRun"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}}]} as unknown as DocumentNode<AutomationRunFieldsFragment, unknown>;
export const UserFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<UserFieldsFragment, unknown>;
export const CommentFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CommentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Comment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"threadId"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<CommentFieldsFragment, unknown>;
export const ThreadFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ThreadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Thread"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"anchorState"}},{"kind":"Field","name":{"kind":"Name","value":"anchor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exact"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"suffix"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resolvedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CommentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CommentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Comment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"threadId"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}}]} as unknown as DocumentNode<ThreadFieldsFragment, unknown>;
export const DocumentRevisionFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentRevisionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentRevision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"changeKind"}},{"kind":"Field","name":{"kind":"Name","value":"changeSummary"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<DocumentRevisionFieldsFragment, unknown>;
export const NotificationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Notification"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"subjectType"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","name":{"kind":"Name","value":"requiresDecision"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"readAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}}]}}]} as unknown as DocumentNode<NotificationFieldsFragment, unknown>;
export const IngestionFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"IngestionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Ingestion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"originalUrl"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<IngestionFieldsFragment, unknown>;
export const LinkSuggestionFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LinkSuggestionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LinkSuggestion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]} as unknown as DocumentNode<LinkSuggestionFieldsFragment, unknown>;
export const ManagedUserFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]} as unknown as DocumentNode<ManagedUserFieldsFragment, unknown>;
export const ManagedGroupFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedGroup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"everyone"}},{"kind":"Field","name":{"kind":"Name","value":"members"}}]}}]} as unknown as DocumentNode<ManagedGroupFieldsFragment, unknown>;
export const ManagedAgentFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedAgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedAgent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"pausedAt"}}]}}]} as unknown as DocumentNode<ManagedAgentFieldsFragment, unknown>;
export const ServiceTokenFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ServiceTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ServiceToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]} as unknown as DocumentNode<ServiceTokenFieldsFragment, unknown>;
export const DocumentMetadataFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentMetadataFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentMetadata"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"versions"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"quarantinedAt"}}]}}]} as unknown as DocumentNode<DocumentMetadataFieldsFragment, unknown>;
export const AuditEntryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AuditEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AuditEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"via"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}},{"kind":"Field","name":{"kind":"Name","value":"targetUserId"}},{"kind":"Field","name":{"kind":"Name","value":"targetGroupId"}},{"kind":"Field","name":{"kind":"Name","value":"targetDocumentId"}},{"kind":"Field","name":{"kind":"Name","value":"details"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<AuditEntryFieldsFragment, unknown>;
export const ImportFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Import"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"report"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"updated"}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entry"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"droppedKeys"}}]}}]}}]} as unknown as DocumentNode<ImportFieldsFragment, unknown>;
export const ExportFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExportFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Export"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]} as unknown as DocumentNode<ExportFieldsFragment, unknown>;
export const WatchFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WatchFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Watch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"source"}}]}}]} as unknown as DocumentNode<WatchFieldsFragment, unknown>;
export const ActivityEntryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ActivityEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ActivityEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"changeSummary"}},{"kind":"Field","name":{"kind":"Name","value":"automationId"}}]}}]} as unknown as DocumentNode<ActivityEntryFieldsFragment, unknown>;
export const WebhookFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveDead"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WebhookFieldsFragment, unknown>;
export const WebhookDeliveryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"eventAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<WebhookDeliveryFieldsFragment, unknown>;
export const DocumentFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<DocumentFieldsFragment, unknown>;
export const DocumentLinkFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentLinkFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentLink"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"hrefAsWritten"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]} as unknown as DocumentNode<DocumentLinkFieldsFragment, unknown>;
export const FileReferenceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FileReferenceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FileReference"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"href"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]} as unknown as DocumentNode<FileReferenceFieldsFragment, unknown>;
export const AttachmentFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AttachmentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Attachment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"path"}}]}}]} as unknown as DocumentNode<AttachmentFieldsFragment, unknown>;
export const PageViewDocumentFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageViewDocument"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"liveDigest"}},{"kind":"Field","name":{"kind":"Name","value":"myPermission"}},{"kind":"Field","name":{"kind":"Name","value":"starred"}},{"kind":"Field","name":{"kind":"Name","value":"watching"}},{"kind":"Field","name":{"kind":"Name","value":"watcherCount"}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"links"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentLinkFields"}},{"kind":"Field","name":{"kind":"Name","value":"target"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"backlinks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentLinkFields"}},{"kind":"Field","name":{"kind":"Name","value":"source"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"fileReferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FileReferenceFields"}},{"kind":"Field","name":{"kind":"Name","value":"attachment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AttachmentFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentLinkFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentLink"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"hrefAsWritten"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FileReferenceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FileReference"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"href"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AttachmentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Attachment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"path"}}]}}]} as unknown as DocumentNode<PageViewDocumentFragment, unknown>;
export const MeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const StartDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Start"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"path"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tree"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}}]}},{"kind":"Field","name":{"kind":"Name","value":"folderTree"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tree"}}},{"kind":"Argument","name":{"kind":"Name","value":"path"},"value":{"kind":"StringValue","value":"","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderTreeFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"documentByAddress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}},{"kind":"Argument","name":{"kind":"Name","value":"path"},"value":{"kind":"Variable","name":{"kind":"Name","value":"path"}}},{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageViewDocument"}}]}},{"kind":"Field","name":{"kind":"Name","value":"favorites"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"starred"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FolderEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentLinkFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentLink"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"hrefAsWritten"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FileReferenceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FileReference"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"href"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AttachmentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Attachment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"path"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderTreeFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FolderTree"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"folders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"documents"}},{"kind":"Field","name":{"kind":"Name","value":"hasChildren"}}]}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderEntryFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageViewDocument"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"liveDigest"}},{"kind":"Field","name":{"kind":"Name","value":"myPermission"}},{"kind":"Field","name":{"kind":"Name","value":"starred"}},{"kind":"Field","name":{"kind":"Name","value":"watching"}},{"kind":"Field","name":{"kind":"Name","value":"watcherCount"}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"links"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentLinkFields"}},{"kind":"Field","name":{"kind":"Name","value":"target"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"backlinks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentLinkFields"}},{"kind":"Field","name":{"kind":"Name","value":"source"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"fileReferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FileReferenceFields"}},{"kind":"Field","name":{"kind":"Name","value":"attachment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AttachmentFields"}}]}}]}}]}}]} as unknown as DocumentNode<StartQuery, StartQueryVariables>;
export const LogoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Logout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logout"}}]}}]} as unknown as DocumentNode<LogoutMutation, LogoutMutationVariables>;
export const FolderTreeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FolderTree"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"path"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"folderTree"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}},{"kind":"Argument","name":{"kind":"Name","value":"path"},"value":{"kind":"Variable","name":{"kind":"Name","value":"path"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderTreeFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FolderEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderTreeFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FolderTree"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"folders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"documents"}},{"kind":"Field","name":{"kind":"Name","value":"hasChildren"}}]}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderEntryFields"}}]}}]}}]} as unknown as DocumentNode<FolderTreeQuery, FolderTreeQueryVariables>;
export const FolderChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"FolderChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"path"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"folderChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}},{"kind":"Argument","name":{"kind":"Name","value":"path"},"value":{"kind":"Variable","name":{"kind":"Name","value":"path"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderTreeFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FolderEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderTreeFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FolderTree"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"folders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"documents"}},{"kind":"Field","name":{"kind":"Name","value":"hasChildren"}}]}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderEntryFields"}}]}}]}}]} as unknown as DocumentNode<FolderChangedSubscription, FolderChangedSubscriptionVariables>;
export const InboxBadgeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"InboxBadge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inboxCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decisions"}},{"kind":"Field","name":{"kind":"Name","value":"unread"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<InboxBadgeSubscription, InboxBadgeSubscriptionVariables>;
export const MentionablesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Mentionables"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mentionables"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"href"}}]}}]}}]} as unknown as DocumentNode<MentionablesQuery, MentionablesQueryVariables>;
export const MentionNamesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MentionNames"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"hrefs"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mentionNames"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"hrefs"},"value":{"kind":"Variable","name":{"kind":"Name","value":"hrefs"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"href"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<MentionNamesQuery, MentionNamesQueryVariables>;
export const ActivityFeedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ActivityFeed"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ActivityFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"activity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ActivityEntryFields"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ActivityEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ActivityEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"changeSummary"}},{"kind":"Field","name":{"kind":"Name","value":"automationId"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<ActivityFeedQuery, ActivityFeedQueryVariables>;
export const CreateAutomationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateAutomation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateAutomationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createAutomation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"automation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AutomationFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Automation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"ownerActive"}},{"kind":"Field","name":{"kind":"Name","value":"schedule"}}]}}]} as unknown as DocumentNode<CreateAutomationMutation, CreateAutomationMutationVariables>;
export const UpdateAutomationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateAutomation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateAutomationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateAutomation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"automation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AutomationFields"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"script"}},{"kind":"Field","name":{"kind":"Name","value":"triggerEvents"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"nextRunAt"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Automation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"ownerActive"}},{"kind":"Field","name":{"kind":"Name","value":"schedule"}}]}}]} as unknown as DocumentNode<UpdateAutomationMutation, UpdateAutomationMutationVariables>;
export const DryRunAutomationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DryRunAutomation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DryRunAutomationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dryRunAutomation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"permission"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"tag"}},{"kind":"Field","name":{"kind":"Name","value":"write"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"applied"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"logs"}},{"kind":"Field","name":{"kind":"Name","value":"logsTruncated"}},{"kind":"Field","name":{"kind":"Name","value":"limitHit"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"reads"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"memoryPeak"}}]}}]}}]} as unknown as DocumentNode<DryRunAutomationMutation, DryRunAutomationMutationVariables>;
export const MyAutomationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyAutomations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"automations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AutomationFields"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"triggerEvents"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"nextRunAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastRunAt"}},{"kind":"Field","name":{"kind":"Name","value":"script"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastRun"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AutomationRunFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Automation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"ownerActive"}},{"kind":"Field","name":{"kind":"Name","value":"schedule"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationRunFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRun"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}}]} as unknown as DocumentNode<MyAutomationsQuery, MyAutomationsQueryVariables>;
export const EnableAutomationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"EnableAutomation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"enableAutomation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"automation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AutomationFields"}},{"kind":"Field","name":{"kind":"Name","value":"nextRunAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Automation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"ownerActive"}},{"kind":"Field","name":{"kind":"Name","value":"schedule"}}]}}]} as unknown as DocumentNode<EnableAutomationMutation, EnableAutomationMutationVariables>;
export const DisableAutomationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DisableAutomation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disableAutomation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"automation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AutomationFields"}},{"kind":"Field","name":{"kind":"Name","value":"nextRunAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Automation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"ownerActive"}},{"kind":"Field","name":{"kind":"Name","value":"schedule"}}]}}]} as unknown as DocumentNode<DisableAutomationMutation, DisableAutomationMutationVariables>;
export const DeleteAutomationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteAutomation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteAutomation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DeleteAutomationMutation, DeleteAutomationMutationVariables>;
export const AutomationRunsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AutomationRuns"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"automation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AutomationFields"}},{"kind":"Field","name":{"kind":"Name","value":"runs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AutomationRunFields"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"scheduledFor"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"memoryPeak"}},{"kind":"Field","name":{"kind":"Name","value":"limitHit"}},{"kind":"Field","name":{"kind":"Name","value":"reads"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"logs"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"proposals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"permission"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"tag"}},{"kind":"Field","name":{"kind":"Name","value":"write"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"applied"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Automation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"ownerActive"}},{"kind":"Field","name":{"kind":"Name","value":"schedule"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationRunFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRun"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}}]} as unknown as DocumentNode<AutomationRunsQuery, AutomationRunsQueryVariables>;
export const SaveDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateDocumentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<SaveDocumentMutation, SaveDocumentMutationVariables>;
export const CurrentDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CurrentDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<CurrentDocumentQuery, CurrentDocumentQueryVariables>;
export const CoeditChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"CoeditChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<CoeditChangedSubscription, CoeditChangedSubscriptionVariables>;
export const CoeditMeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CoeditMe"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<CoeditMeQuery, CoeditMeQueryVariables>;
export const UploadAttachmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UploadAttachment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UploadAttachmentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uploadAttachment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"existing"}},{"kind":"Field","name":{"kind":"Name","value":"attachment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AttachmentFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AttachmentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Attachment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"path"}}]}}]} as unknown as DocumentNode<UploadAttachmentMutation, UploadAttachmentMutationVariables>;
export const FavoritesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Favorites"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"favorites"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"starred"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<FavoritesQuery, FavoritesQueryVariables>;
export const RecentDocumentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RecentDocuments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recentDocuments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<RecentDocumentsQuery, RecentDocumentsQueryVariables>;
export const MoveFavoriteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MoveFavorite"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MoveFavoriteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"moveFavorite"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<MoveFavoriteMutation, MoveFavoriteMutationVariables>;
export const HomeDecisionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HomeDecisions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inboxCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decisions"}}]}},{"kind":"Field","name":{"kind":"Name","value":"inbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"requiresDecision"},"value":{"kind":"BooleanValue","value":true}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"NotificationFields"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mention"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"targetName"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Notification"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"subjectType"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","name":{"kind":"Name","value":"requiresDecision"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"readAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<HomeDecisionsQuery, HomeDecisionsQueryVariables>;
export const HomeDocumentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HomeDocuments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentsByIds"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<HomeDocumentsQuery, HomeDocumentsQueryVariables>;
export const ExportDocumentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExportDocuments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"path"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exportDocuments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}},{"kind":"Argument","name":{"kind":"Name","value":"path"},"value":{"kind":"Variable","name":{"kind":"Name","value":"path"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"export"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExportFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExportFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Export"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]} as unknown as DocumentNode<ExportDocumentsMutation, ExportDocumentsMutationVariables>;
export const ExportStatusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExportStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"export"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExportFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExportFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Export"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]} as unknown as DocumentNode<ExportStatusQuery, ExportStatusQueryVariables>;
export const ImportsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Imports"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"imports"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Import"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"report"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"updated"}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entry"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"droppedKeys"}}]}}]}}]} as unknown as DocumentNode<ImportsQuery, ImportsQueryVariables>;
export const StartImportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartImport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StartImportInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startImport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"import"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Import"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"report"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"updated"}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entry"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"droppedKeys"}}]}}]}}]} as unknown as DocumentNode<StartImportMutation, StartImportMutationVariables>;
export const ImportProgressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ImportProgress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importProgress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Import"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"report"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"updated"}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entry"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"droppedKeys"}}]}}]}}]} as unknown as DocumentNode<ImportProgressSubscription, ImportProgressSubscriptionVariables>;
export const IngestionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Ingestions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ingestions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"IngestionFields"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"IngestionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Ingestion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"originalUrl"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<IngestionsQuery, IngestionsQueryVariables>;
export const IngestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Ingest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"IngestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ingest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ingestion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"IngestionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"IngestionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Ingestion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"originalUrl"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<IngestMutation, IngestMutationVariables>;
export const ReconvertIngestionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReconvertIngestion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reconvertIngestion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ingestion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"IngestionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"IngestionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Ingestion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"originalUrl"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ReconvertIngestionMutation, ReconvertIngestionMutationVariables>;
export const InboxPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InboxPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"InboxFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"NotificationFields"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mention"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"excerpt"}},{"kind":"Field","name":{"kind":"Name","value":"targetName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"watchEvents"}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"3"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Notification"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"subjectType"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","name":{"kind":"Name","value":"requiresDecision"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"readAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<InboxPageQuery, InboxPageQueryVariables>;
export const InboxDocumentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InboxDocuments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentsByIds"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<InboxDocumentsQuery, InboxDocumentsQueryVariables>;
export const InboxBatchPagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InboxBatchPages"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notification"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"NotificationFields"}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Notification"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"subjectType"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","name":{"kind":"Name","value":"requiresDecision"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"readAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<InboxBatchPagesQuery, InboxBatchPagesQueryVariables>;
export const InboxNotificationAddedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"InboxNotificationAdded"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notificationAdded"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"NotificationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Notification"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"subjectType"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","name":{"kind":"Name","value":"requiresDecision"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"readAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}}]}}]} as unknown as DocumentNode<InboxNotificationAddedSubscription, InboxNotificationAddedSubscriptionVariables>;
export const InboxScreenCountsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"InboxScreenCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inboxCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decisions"}},{"kind":"Field","name":{"kind":"Name","value":"unread"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<InboxScreenCountsSubscription, InboxScreenCountsSubscriptionVariables>;
export const InboxMarkReadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InboxMarkRead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MarkNotificationsReadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"markNotificationsRead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"marked"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decisions"}},{"kind":"Field","name":{"kind":"Name","value":"unread"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]}}]} as unknown as DocumentNode<InboxMarkReadMutation, InboxMarkReadMutationVariables>;
export const InboxMarkAllReadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InboxMarkAllRead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"markAllNotificationsRead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"marked"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decisions"}},{"kind":"Field","name":{"kind":"Name","value":"unread"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]}}]} as unknown as DocumentNode<InboxMarkAllReadMutation, InboxMarkAllReadMutationVariables>;
export const InboxAnswerMentionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InboxAnswerMention"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AnswerMentionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"answerMention"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notificationId"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"notified"}}]}}]}}]} as unknown as DocumentNode<InboxAnswerMentionMutation, InboxAnswerMentionMutationVariables>;
export const InboxDismissDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InboxDismiss"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"NotificationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dismissNotification"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"NotificationFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Notification"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"subjectType"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","name":{"kind":"Name","value":"requiresDecision"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"readAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}}]}}]} as unknown as DocumentNode<InboxDismissMutation, InboxDismissMutationVariables>;
export const InboxDecideLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InboxDecideLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DecideLinkInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decideLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"links"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentLinkFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentLinkFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentLink"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"hrefAsWritten"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]} as unknown as DocumentNode<InboxDecideLinkMutation, InboxDecideLinkMutationVariables>;
export const InboxAnswerLinkDecisionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InboxAnswerLinkDecisions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AnswerLinkDecisionsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"answerLinkDecisions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"answered"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"content"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<InboxAnswerLinkDecisionsMutation, InboxAnswerLinkDecisionsMutationVariables>;
export const InboxDecideFileDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InboxDecideFile"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DecideFileReferenceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decideFileReference"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"fileReferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FileReferenceFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FileReferenceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FileReference"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"href"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]} as unknown as DocumentNode<InboxDecideFileMutation, InboxDecideFileMutationVariables>;
export const InboxAcceptSuggestionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InboxAcceptSuggestion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LinkSuggestionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptLinkSuggestion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"suggestion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LinkSuggestionFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LinkSuggestionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LinkSuggestion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<InboxAcceptSuggestionMutation, InboxAcceptSuggestionMutationVariables>;
export const InboxRejectSuggestionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InboxRejectSuggestion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LinkSuggestionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rejectLinkSuggestion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"suggestion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LinkSuggestionFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LinkSuggestionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LinkSuggestion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]} as unknown as DocumentNode<InboxRejectSuggestionMutation, InboxRejectSuggestionMutationVariables>;
export const ManageAgentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManageAgents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"manageAgents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedAgentFields"}},{"kind":"Field","name":{"kind":"Name","value":"responsible"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedUserFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedAgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedAgent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"pausedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]} as unknown as DocumentNode<ManageAgentsQuery, ManageAgentsQueryVariables>;
export const CreateAgentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateAgent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateAgentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createAgent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"agent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedAgentFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedAgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedAgent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"pausedAt"}}]}}]} as unknown as DocumentNode<CreateAgentMutation, CreateAgentMutationVariables>;
export const DeleteAgentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteAgent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AgentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteAgent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"agent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedAgentFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedAgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedAgent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"pausedAt"}}]}}]} as unknown as DocumentNode<DeleteAgentMutation, DeleteAgentMutationVariables>;
export const ResumeManagedAgentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResumeManagedAgent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ResumeAgentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumeAgent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"agent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResponsibleAgentFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResponsibleAgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResponsibleAgent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"pausedAt"}}]}}]} as unknown as DocumentNode<ResumeManagedAgentMutation, ResumeManagedAgentMutationVariables>;
export const IssueAgentTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"IssueAgentToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"IssueAgentTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"issueAgentToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}}]}}]}}]} as unknown as DocumentNode<IssueAgentTokenMutation, IssueAgentTokenMutationVariables>;
export const ManageAuditDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManageAudit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AuditFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"manageAudit"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AuditEntryFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AuditEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AuditEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"via"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}},{"kind":"Field","name":{"kind":"Name","value":"targetUserId"}},{"kind":"Field","name":{"kind":"Name","value":"targetGroupId"}},{"kind":"Field","name":{"kind":"Name","value":"targetDocumentId"}},{"kind":"Field","name":{"kind":"Name","value":"details"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ManageAuditQuery, ManageAuditQueryVariables>;
export const ManagedAutomationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManagedAutomations"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"managedAutomations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AutomationFields"}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastRun"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AutomationRunFields"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Automation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"ownerActive"}},{"kind":"Field","name":{"kind":"Name","value":"schedule"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationRunFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRun"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}}]} as unknown as DocumentNode<ManagedAutomationsQuery, ManagedAutomationsQueryVariables>;
export const ManageDisableAutomationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ManageDisableAutomation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disableAutomation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"automation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AutomationFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AutomationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Automation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"ownerActive"}},{"kind":"Field","name":{"kind":"Name","value":"schedule"}}]}}]} as unknown as DocumentNode<ManageDisableAutomationMutation, ManageDisableAutomationMutationVariables>;
export const ManageParkedEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManageParkedEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"manageParkedEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"consumer"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"subjectType"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"errorClass"}},{"kind":"Field","name":{"kind":"Name","value":"parkedAt"}}]}}]}}]} as unknown as DocumentNode<ManageParkedEventsQuery, ManageParkedEventsQueryVariables>;
export const RetryParkedEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryParkedEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RetryParkedEventInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryParkedEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"parkedEvent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"consumer"}}]}}]}}]}}]} as unknown as DocumentNode<RetryParkedEventMutation, RetryParkedEventMutationVariables>;
export const ManageGroupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManageGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"manageGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedGroupFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedGroup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"everyone"}},{"kind":"Field","name":{"kind":"Name","value":"members"}}]}}]} as unknown as DocumentNode<ManageGroupsQuery, ManageGroupsQueryVariables>;
export const ManageGroupMembersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManageGroupMembers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"manageGroupMembers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"groupId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedUserFields"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]} as unknown as DocumentNode<ManageGroupMembersQuery, ManageGroupMembersQueryVariables>;
export const CreateGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateGroupInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedGroupFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedGroup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"everyone"}},{"kind":"Field","name":{"kind":"Name","value":"members"}}]}}]} as unknown as DocumentNode<CreateGroupMutation, CreateGroupMutationVariables>;
export const DeleteGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GroupInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedGroupFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedGroup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"everyone"}},{"kind":"Field","name":{"kind":"Name","value":"members"}}]}}]} as unknown as DocumentNode<DeleteGroupMutation, DeleteGroupMutationVariables>;
export const AddGroupMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddGroupMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GroupMemberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addGroupMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedGroupFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedGroup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"everyone"}},{"kind":"Field","name":{"kind":"Name","value":"members"}}]}}]} as unknown as DocumentNode<AddGroupMemberMutation, AddGroupMemberMutationVariables>;
export const RemoveGroupMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveGroupMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GroupMemberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeGroupMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedGroupFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedGroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedGroup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"everyone"}},{"kind":"Field","name":{"kind":"Name","value":"members"}}]}}]} as unknown as DocumentNode<RemoveGroupMemberMutation, RemoveGroupMemberMutationVariables>;
export const ManageMeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManageMe"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<ManageMeQuery, ManageMeQueryVariables>;
export const ManagedUsersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManagedUsers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"managedUsers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedUserFields"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]} as unknown as DocumentNode<ManagedUsersQuery, ManagedUsersQueryVariables>;
export const CreatePersonDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreatePerson"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreatePersonInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createPerson"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedUserFields"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]} as unknown as DocumentNode<CreatePersonMutation, CreatePersonMutationVariables>;
export const InvitePersonDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InvitePerson"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"InvitePersonInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invitePerson"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invitationToken"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedUserFields"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]} as unknown as DocumentNode<InvitePersonMutation, InvitePersonMutationVariables>;
export const DeactivatePersonDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeactivatePerson"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetPersonActiveInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deactivatePerson"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedUserFields"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]} as unknown as DocumentNode<DeactivatePersonMutation, DeactivatePersonMutationVariables>;
export const ReactivatePersonDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReactivatePerson"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetPersonActiveInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reactivatePerson"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedUserFields"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]} as unknown as DocumentNode<ReactivatePersonMutation, ReactivatePersonMutationVariables>;
export const ManageDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManageDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"manageDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentMetadataFields"}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedUserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"grants"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"principalType"}},{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"permission"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentMetadataFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentMetadata"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"versions"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"quarantinedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]} as unknown as DocumentNode<ManageDocumentQuery, ManageDocumentQueryVariables>;
export const QuarantineDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"QuarantineDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"QuarantineInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quarantineDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentMetadataFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentMetadataFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentMetadata"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"versions"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"quarantinedAt"}}]}}]} as unknown as DocumentNode<QuarantineDocumentMutation, QuarantineDocumentMutationVariables>;
export const ReleaseDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReleaseDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReleaseInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"releaseDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentMetadataFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"notRestored"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"permission"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentMetadataFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentMetadata"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"versions"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"quarantinedAt"}}]}}]} as unknown as DocumentNode<ReleaseDocumentMutation, ReleaseDocumentMutationVariables>;
export const TakeAwayShareDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TakeAwayShare"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TakeAwayShareInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"takeAwayShare"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentMetadataFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentMetadataFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentMetadata"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"versions"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"quarantinedAt"}}]}}]} as unknown as DocumentNode<TakeAwayShareMutation, TakeAwayShareMutationVariables>;
export const ManageSpaceDefaultsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManageSpaceDefaults"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spaceDefaults"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<ManageSpaceDefaultsQuery, ManageSpaceDefaultsQueryVariables>;
export const SetSpaceDefaultDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetSpaceDefault"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetSpaceDefaultInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setSpaceDefault"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spaceDefault"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"access"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]} as unknown as DocumentNode<SetSpaceDefaultMutation, SetSpaceDefaultMutationVariables>;
export const ManageServiceTokensDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManageServiceTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"manageServiceTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ServiceTokenFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ServiceTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ServiceToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]} as unknown as DocumentNode<ManageServiceTokensQuery, ManageServiceTokensQueryVariables>;
export const CreateServiceTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateServiceToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateServiceTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createServiceToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"serviceToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ServiceTokenFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ServiceTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ServiceToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]} as unknown as DocumentNode<CreateServiceTokenMutation, CreateServiceTokenMutationVariables>;
export const RevokeServiceTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeServiceToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ServiceTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeServiceToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ServiceTokenFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ServiceTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ServiceToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]} as unknown as DocumentNode<RevokeServiceTokenMutation, RevokeServiceTokenMutationVariables>;
export const ManageUsageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManageUsage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"manageUsage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"activity"}},{"kind":"Field","name":{"kind":"Name","value":"tool"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ManagedUserFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ManagedUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ManagedUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]} as unknown as DocumentNode<ManageUsageQuery, ManageUsageQueryVariables>;
export const ManagementWebhooksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManagementWebhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"managementWebhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveDead"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"eventAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<ManagementWebhooksQuery, ManagementWebhooksQueryVariables>;
export const CreateManagementWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateManagementWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateManagementWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createManagementWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveDead"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateManagementWebhookMutation, CreateManagementWebhookMutationVariables>;
export const PauseManagementWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PauseManagementWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pauseManagementWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveDead"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<PauseManagementWebhookMutation, PauseManagementWebhookMutationVariables>;
export const ResumeManagementWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResumeManagementWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumeManagementWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveDead"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ResumeManagementWebhookMutation, ResumeManagementWebhookMutationVariables>;
export const RotateManagementWebhookSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RotateManagementWebhookSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateManagementWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveDead"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RotateManagementWebhookSecretMutation, RotateManagementWebhookSecretMutationVariables>;
export const PingManagementWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PingManagementWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pingManagementWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"eventAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<PingManagementWebhookMutation, PingManagementWebhookMutationVariables>;
export const RedeliverManagementWebhookDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RedeliverManagementWebhookDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverManagementWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"eventAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<RedeliverManagementWebhookDeliveryMutation, RedeliverManagementWebhookDeliveryMutationVariables>;
export const DeleteManagementWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteManagementWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteManagementWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DeleteManagementWebhookMutation, DeleteManagementWebhookMutationVariables>;
export const PageThreadsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PageThreads"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"document"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"threadCount"}},{"kind":"Field","name":{"kind":"Name","value":"openThreadCount"}},{"kind":"Field","name":{"kind":"Name","value":"threads"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ThreadFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CommentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Comment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"threadId"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ThreadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Thread"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"anchorState"}},{"kind":"Field","name":{"kind":"Name","value":"anchor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exact"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"suffix"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resolvedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CommentFields"}}]}}]}}]} as unknown as DocumentNode<PageThreadsQuery, PageThreadsQueryVariables>;
export const CreateThreadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateThread"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateThreadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createThread"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"thread"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ThreadFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CommentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Comment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"threadId"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ThreadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Thread"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"anchorState"}},{"kind":"Field","name":{"kind":"Name","value":"anchor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exact"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"suffix"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resolvedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CommentFields"}}]}}]}}]} as unknown as DocumentNode<CreateThreadMutation, CreateThreadMutationVariables>;
export const ReplyToThreadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReplyToThread"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReplyToThreadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replyToThread"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CommentFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CommentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Comment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"threadId"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}}]} as unknown as DocumentNode<ReplyToThreadMutation, ReplyToThreadMutationVariables>;
export const ResolveThreadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResolveThread"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ThreadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resolveThread"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"thread"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ThreadFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CommentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Comment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"threadId"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ThreadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Thread"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"anchorState"}},{"kind":"Field","name":{"kind":"Name","value":"anchor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exact"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"suffix"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resolvedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CommentFields"}}]}}]}}]} as unknown as DocumentNode<ResolveThreadMutation, ResolveThreadMutationVariables>;
export const ReopenThreadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReopenThread"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ThreadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reopenThread"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"thread"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ThreadFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CommentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Comment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"threadId"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ThreadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Thread"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"anchorState"}},{"kind":"Field","name":{"kind":"Name","value":"anchor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exact"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"suffix"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resolvedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CommentFields"}}]}}]}}]} as unknown as DocumentNode<ReopenThreadMutation, ReopenThreadMutationVariables>;
export const EditCommentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"EditComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EditCommentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"editComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"comment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CommentFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CommentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Comment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"threadId"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}}]} as unknown as DocumentNode<EditCommentMutation, EditCommentMutationVariables>;
export const DeleteCommentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CommentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"thread"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ThreadFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CommentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Comment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"threadId"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ThreadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Thread"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"anchorState"}},{"kind":"Field","name":{"kind":"Name","value":"anchor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exact"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"suffix"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resolvedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CommentFields"}}]}}]}}]} as unknown as DocumentNode<DeleteCommentMutation, DeleteCommentMutationVariables>;
export const ThreadChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ThreadChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"documentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"threadChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"documentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"documentId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ThreadFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CommentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Comment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"threadId"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ThreadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Thread"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"documentId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"anchorState"}},{"kind":"Field","name":{"kind":"Name","value":"anchor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exact"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"suffix"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resolvedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"comments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CommentFields"}}]}}]}}]} as unknown as DocumentNode<ThreadChangedSubscription, ThreadChangedSubscriptionVariables>;
export const PageRevisionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PageRevisions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"revisions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentRevisionFields"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentRevisionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentRevision"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"changeKind"}},{"kind":"Field","name":{"kind":"Name","value":"changeSummary"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<PageRevisionsQuery, PageRevisionsQueryVariables>;
export const PageDiffDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PageDiff"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"diff"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}}]}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<PageDiffQuery, PageDiffQueryVariables>;
export const RestoreRevisionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestoreRevision"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RestoreRevisionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restoreRevision"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<RestoreRevisionMutation, RestoreRevisionMutationVariables>;
export const LinkGraphDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LinkGraph"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rootId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"depth"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"direction"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"LinkDirection"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"linkGraph"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"rootId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rootId"}}},{"kind":"Argument","name":{"kind":"Name","value":"depth"},"value":{"kind":"Variable","name":{"kind":"Name","value":"depth"}}},{"kind":"Argument","name":{"kind":"Name","value":"direction"},"value":{"kind":"Variable","name":{"kind":"Name","value":"direction"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"depth"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"sourceId"}},{"kind":"Field","name":{"kind":"Name","value":"targetId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<LinkGraphQuery, LinkGraphQueryVariables>;
export const CreatePageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreatePage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateDocumentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<CreatePageMutation, CreatePageMutationVariables>;
export const NewPageAudienceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NewPageAudience"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"path"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"newPageAudience"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}},{"kind":"Argument","name":{"kind":"Name","value":"path"},"value":{"kind":"Variable","name":{"kind":"Name","value":"path"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"default"}},{"kind":"Field","name":{"kind":"Name","value":"folders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"permission"}}]}}]}}]}}]} as unknown as DocumentNode<NewPageAudienceQuery, NewPageAudienceQueryVariables>;
export const NewPageTemplatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NewPageTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"content"}}]}},{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<NewPageTemplatesQuery, NewPageTemplatesQueryVariables>;
export const MovePageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MovePage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MoveDocumentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"moveDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<MovePageMutation, MovePageMutationVariables>;
export const UpdatePageMetaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdatePageMeta"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateDocumentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<UpdatePageMetaMutation, UpdatePageMetaMutationVariables>;
export const TrashPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TrashPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteDocumentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<TrashPageMutation, TrashPageMutationVariables>;
export const RestorePageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestorePage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RestoreDocumentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restoreDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<RestorePageMutation, RestorePageMutationVariables>;
export const PageViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PageView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"space"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Space"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"path"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentByAddress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"space"},"value":{"kind":"Variable","name":{"kind":"Name","value":"space"}}},{"kind":"Argument","name":{"kind":"Name","value":"path"},"value":{"kind":"Variable","name":{"kind":"Name","value":"path"}}},{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageViewDocument"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentLinkFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentLink"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"hrefAsWritten"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FileReferenceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FileReference"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"href"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AttachmentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Attachment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"byteSize"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"path"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageViewDocument"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"liveDigest"}},{"kind":"Field","name":{"kind":"Name","value":"myPermission"}},{"kind":"Field","name":{"kind":"Name","value":"starred"}},{"kind":"Field","name":{"kind":"Name","value":"watching"}},{"kind":"Field","name":{"kind":"Name","value":"watcherCount"}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"links"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentLinkFields"}},{"kind":"Field","name":{"kind":"Name","value":"target"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"backlinks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentLinkFields"}},{"kind":"Field","name":{"kind":"Name","value":"source"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"fileReferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FileReferenceFields"}},{"kind":"Field","name":{"kind":"Name","value":"attachment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AttachmentFields"}}]}}]}}]}}]} as unknown as DocumentNode<PageViewQuery, PageViewQueryVariables>;
export const DecideLinkInlineDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DecideLinkInline"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DecideLinkInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decideLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"links"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentLinkFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentLinkFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentLink"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"hrefAsWritten"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]} as unknown as DocumentNode<DecideLinkInlineMutation, DecideLinkInlineMutationVariables>;
export const RelatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Related"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"depth"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"direction"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"LinkDirection"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"related"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"depth"},"value":{"kind":"Variable","name":{"kind":"Name","value":"depth"}}},{"kind":"Argument","name":{"kind":"Name","value":"direction"},"value":{"kind":"Variable","name":{"kind":"Name","value":"direction"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"depth"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"via"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<RelatedQuery, RelatedQueryVariables>;
export const StarDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StarDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"starDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"starred"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<StarDocumentMutation, StarDocumentMutationVariables>;
export const UnstarDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnstarDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unstarDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"starred"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<UnstarDocumentMutation, UnstarDocumentMutationVariables>;
export const RecordViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RecordView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recordView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<RecordViewMutation, RecordViewMutationVariables>;
export const WatchDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WatchDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"watchDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"watch"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WatchFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"watching"}},{"kind":"Field","name":{"kind":"Name","value":"watcherCount"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WatchFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Watch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"source"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<WatchDocumentMutation, WatchDocumentMutationVariables>;
export const UnwatchDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnwatchDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unwatchDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"watching"}},{"kind":"Field","name":{"kind":"Name","value":"watcherCount"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<UnwatchDocumentMutation, UnwatchDocumentMutationVariables>;
export const PageChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"PageChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"since"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"since"},"value":{"kind":"Variable","name":{"kind":"Name","value":"since"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<PageChangedSubscription, PageChangedSubscriptionVariables>;
export const SearchDocumentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SearchDocuments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SearchFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"search"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"title"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"ranges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"snippet"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"ranges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalIsApproximate"}},{"kind":"Field","name":{"kind":"Name","value":"facets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spaces"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tags"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<SearchDocumentsQuery, SearchDocumentsQueryVariables>;
export const MyAgentsCareDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyAgentsCare"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myAgents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResponsibleAgentFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResponsibleAgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResponsibleAgent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"pausedAt"}}]}}]} as unknown as DocumentNode<MyAgentsCareQuery, MyAgentsCareQueryVariables>;
export const AgentCareDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AgentCare"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"agentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"agentTokens"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"agentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"agentId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccessTokenFields"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"agentShareTargets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"agentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"agentId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"recipientName"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccessTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccessToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]} as unknown as DocumentNode<AgentCareQuery, AgentCareQueryVariables>;
export const SetAgentShareTargetsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetAgentShareTargets"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetAgentShareTargetsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setAgentShareTargets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"targets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"recipientName"}}]}}]}}]}}]} as unknown as DocumentNode<SetAgentShareTargetsMutation, SetAgentShareTargetsMutationVariables>;
export const RevokeAgentTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeAgentToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeAgentTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeAgentToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccessTokenFields"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccessTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccessToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]} as unknown as DocumentNode<RevokeAgentTokenMutation, RevokeAgentTokenMutationVariables>;
export const ResumeMyAgentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResumeMyAgent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ResumeAgentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumeAgent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"agent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResponsibleAgentFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResponsibleAgentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResponsibleAgent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"pausedAt"}}]}}]} as unknown as DocumentNode<ResumeMyAgentMutation, ResumeMyAgentMutationVariables>;
export const MailPreferencesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MailPreferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailPreferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decisions"}},{"kind":"Field","name":{"kind":"Name","value":"mentions"}},{"kind":"Field","name":{"kind":"Name","value":"digest"}},{"kind":"Field","name":{"kind":"Name","value":"mailEnabled"}}]}}]}}]} as unknown as DocumentNode<MailPreferencesQuery, MailPreferencesQueryVariables>;
export const UpdateMailPreferencesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateMailPreferences"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMailPreferencesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMailPreferences"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decisions"}},{"kind":"Field","name":{"kind":"Name","value":"mentions"}},{"kind":"Field","name":{"kind":"Name","value":"digest"}},{"kind":"Field","name":{"kind":"Name","value":"mailEnabled"}}]}}]}}]} as unknown as DocumentNode<UpdateMailPreferencesMutation, UpdateMailPreferencesMutationVariables>;
export const ChangePasswordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ChangePassword"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ChangePasswordInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changePassword"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sessionsEnded"}}]}}]}}]} as unknown as DocumentNode<ChangePasswordMutation, ChangePasswordMutationVariables>;
export const SessionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Sessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SessionFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SessionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Session"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"device"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"current"}}]}}]} as unknown as DocumentNode<SessionsQuery, SessionsQueryVariables>;
export const EndSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"EndSession"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EndSessionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<EndSessionMutation, EndSessionMutationVariables>;
export const EndOtherSessionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"EndOtherSessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endOtherSessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sessionsEnded"}}]}}]}}]} as unknown as DocumentNode<EndOtherSessionsMutation, EndOtherSessionsMutationVariables>;
export const AccessTokensDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AccessTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccessTokenFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccessTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccessToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]} as unknown as DocumentNode<AccessTokensQuery, AccessTokensQueryVariables>;
export const CreateAccessTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateAccessToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateAccessTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createAccessToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"accessToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccessTokenFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccessTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccessToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]} as unknown as DocumentNode<CreateAccessTokenMutation, CreateAccessTokenMutationVariables>;
export const RevokeAccessTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeAccessToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeAccessTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeAccessToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccessTokenFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccessTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccessToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]} as unknown as DocumentNode<RevokeAccessTokenMutation, RevokeAccessTokenMutationVariables>;
export const WatchesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Watches"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"watches"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WatchFields"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WatchFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Watch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"source"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<WatchesQuery, WatchesQueryVariables>;
export const UnwatchFromSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnwatchFromSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unwatchDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"watching"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<UnwatchFromSettingsMutation, UnwatchFromSettingsMutationVariables>;
export const WatchFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WatchFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"FolderRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"watchFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"watch"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WatchFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WatchFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Watch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"source"}}]}}]} as unknown as DocumentNode<WatchFolderMutation, WatchFolderMutationVariables>;
export const UnwatchFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnwatchFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"FolderRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unwatchFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"watch"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WatchFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WatchFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Watch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"source"}}]}}]} as unknown as DocumentNode<UnwatchFolderMutation, UnwatchFolderMutationVariables>;
export const MyWebhooksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyWebhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveDead"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"eventAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<MyWebhooksQuery, MyWebhooksQueryVariables>;
export const CreateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveDead"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const PauseWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PauseWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pauseWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveDead"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<PauseWebhookMutation, PauseWebhookMutationVariables>;
export const ResumeWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResumeWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumeWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveDead"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ResumeWebhookMutation, ResumeWebhookMutationVariables>;
export const RotateWebhookSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RotateWebhookSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveDead"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretUntil"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const PingWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PingWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pingWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"eventAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<PingWebhookMutation, PingWebhookMutationVariables>;
export const RedeliverWebhookDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RedeliverWebhookDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"eventAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<RedeliverWebhookDeliveryMutation, RedeliverWebhookDeliveryMutationVariables>;
export const DeleteWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const SharePeopleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SharePeople"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"people"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"8"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PersonFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PersonFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Person"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}}]}}]} as unknown as DocumentNode<SharePeopleQuery, SharePeopleQueryVariables>;
export const ShareGroupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ShareGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"GroupFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GroupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Group"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"everyone"}},{"kind":"Field","name":{"kind":"Name","value":"members"}}]}}]} as unknown as DocumentNode<ShareGroupsQuery, ShareGroupsQueryVariables>;
export const ShareSuggestionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ShareSuggestions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"documentIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"recipients"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"depth"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"shareSuggestions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"documentIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"documentIds"}}},{"kind":"Argument","name":{"kind":"Name","value":"recipients"},"value":{"kind":"Variable","name":{"kind":"Name","value":"recipients"}}},{"kind":"Argument","name":{"kind":"Name","value":"depth"},"value":{"kind":"Variable","name":{"kind":"Name","value":"depth"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"depth"}},{"kind":"Field","name":{"kind":"Name","value":"explanation"}},{"kind":"Field","name":{"kind":"Name","value":"recipients"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<ShareSuggestionsQuery, ShareSuggestionsQueryVariables>;
export const ShareAccessDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ShareAccess"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"access"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"GrantFields"}},{"kind":"Field","name":{"kind":"Name","value":"grantedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GrantFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Grant"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"recipientName"}},{"kind":"Field","name":{"kind":"Name","value":"principalType"}},{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"permission"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<ShareAccessQuery, ShareAccessQueryVariables>;
export const ShareDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Share"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ShareInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"share"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"grants"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<ShareMutation, ShareMutationVariables>;
export const ShareRevokeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ShareRevoke"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeAccessInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeAccess"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"access"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"GrantFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GrantFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Grant"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"recipientName"}},{"kind":"Field","name":{"kind":"Name","value":"principalType"}},{"kind":"Field","name":{"kind":"Name","value":"principalId"}},{"kind":"Field","name":{"kind":"Name","value":"permission"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ShareRevokeMutation, ShareRevokeMutationVariables>;
export const ShareRevokeBatchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ShareRevokeBatch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeBatchInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeBatch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revoked"}}]}}]}}]} as unknown as DocumentNode<ShareRevokeBatchMutation, ShareRevokeBatchMutationVariables>;
export const RecentlySharedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RecentlyShared"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"since"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Time"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recentlyShared"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"since"},"value":{"kind":"Variable","name":{"kind":"Name","value":"since"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"permission"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"recipientName"}},{"kind":"Field","name":{"kind":"Name","value":"grantedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<RecentlySharedQuery, RecentlySharedQueryVariables>;
export const RequestPasswordResetDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RequestPasswordReset"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RequestPasswordResetInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestPasswordReset"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<RequestPasswordResetMutation, RequestPasswordResetMutationVariables>;
export const InvitationPreviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InvitationPreview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invitation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]} as unknown as DocumentNode<InvitationPreviewQuery, InvitationPreviewQueryVariables>;
export const AcceptInvitationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AcceptInvitation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AcceptInvitationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptInvitation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<AcceptInvitationMutation, AcceptInvitationMutationVariables>;
export const ResetPasswordWithTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResetPasswordWithToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ResetPasswordWithTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resetPasswordWithToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<ResetPasswordWithTokenMutation, ResetPasswordWithTokenMutationVariables>;
export const LoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LoginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserFields"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const SignInOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SignInOptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signInOptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"password"}},{"kind":"Field","name":{"kind":"Name","value":"sso"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"startUrl"}}]}}]}}]}}]} as unknown as DocumentNode<SignInOptionsQuery, SignInOptionsQueryVariables>;
export const TagPagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TagPages"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tag"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"tags"},"value":{"kind":"ListValue","values":[{"kind":"Variable","name":{"kind":"Name","value":"tag"}}]}}]}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"EnumValue","value":"UPDATED"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<TagPagesQuery, TagPagesQueryVariables>;
export const TagIndexDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TagIndex"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"prefix"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tags"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"prefix"},"value":{"kind":"Variable","name":{"kind":"Name","value":"prefix"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tag"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]} as unknown as DocumentNode<TagIndexQuery, TagIndexQueryVariables>;
export const TrashDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Trash"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trash"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"purgeAfter"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<TrashQuery, TrashQueryVariables>;
export const TrashRestoreDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TrashRestore"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RestoreDocumentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restoreDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DocumentFields"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"purgeAfter"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DocumentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Document"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"space"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<TrashRestoreMutation, TrashRestoreMutationVariables>;
export const TrashPurgeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TrashPurge"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DocumentRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"purgeDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"documentId"}}]}}]}}]} as unknown as DocumentNode<TrashPurgeMutation, TrashPurgeMutationVariables>;
export const TrashEmptyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TrashEmpty"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emptyTrash"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"purged"}}]}}]}}]} as unknown as DocumentNode<TrashEmptyMutation, TrashEmptyMutationVariables>;