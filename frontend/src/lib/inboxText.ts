// What a notification says, as plain data the inbox renders: a sentence made
// of text and references to pages (by id, or by the address a payload gives),
// and the few helpers that go with it. Kept free of React to be tested alone.

export type Payload = Record<string, unknown>

export interface NotificationLike {
  type: string
  subjectType: string
  subjectId?: string | null
  payload: Payload
  requiresDecision: boolean
  status: string
  /** Who did it (Notification.actor), when the server can say. */
  actor?: { name: string } | null
  /** How a mention shows to its reader now (Notification.mention): the excerpt only while they can read the page. */
  mention?: { excerpt?: string | null; targetName?: string | null } | null
  /** For watch.updated: the changes by others it stands for (Notification.watchEvents). */
  watchEvents?: number | null
}

/** A piece of a sentence: words, a page by id, or a page by its `space:path/slug` address. */
export type Segment = string | { doc: string; fallback?: string } | { address: string }

export type DecisionKind = 'link' | 'file' | 'suggestion' | 'mention' | 'group' | null

function str(v: unknown): string {
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return ''
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : Number(v) || 0
}

function plural(n: number, one: string, many = one + 's'): string {
  return `${n} ${n === 1 ? one : many}`
}

/** The document ids a payload names, in order, without repeats. */
export function documentIds(p: Payload): string[] {
  const out: string[] = []
  const add = (v: unknown) => {
    const s = str(v)
    if (s && !out.includes(s)) out.push(s)
  }
  add(p.documentId)
  // A batch's pages are read by Notification.documents, not named here: only a lone one.
  if (Array.isArray(p.documents) && batchCount(p) <= 1) p.documents.forEach(add)
  add(p.sourceId)
  add(p.targetId)
  return out
}

/**
 * How many pages a batch notification stands for (a share of 500 pages is one
 * notification): its count, or the pages it lists, whichever is more.
 */
export function batchCount(p: Payload): number {
  return Math.max(num(p.count), Array.isArray(p.documents) ? p.documents.length : 0)
}

/** The URL of a `wiki:engineering/onboarding/laptop-setup` address ('' when it is not one). */
export function addressURL(address: string): string {
  const m = /^([a-z]+):(.+)$/i.exec(address.trim())
  if (!m) return ''
  const segs = (m[2] ?? '').split('/').filter(Boolean)
  if (segs.length === 0) return ''
  return '/' + [(m[1] ?? '').toLowerCase(), ...segs].map(encodeURIComponent).join('/')
}

/** Which inline answer a notification takes, if it still waits for one. */
export function decisionKind(n: NotificationLike): DecisionKind {
  if (!n.requiresDecision || n.status === 'RESOLVED' || n.status === 'DISMISSED' || !n.subjectId) return null
  if (n.subjectType === 'link' && (n.type === 'link.target_moved' || n.type === 'link.target_deleted')) return 'link'
  if (n.subjectType === 'attachment_ref' && (n.type === 'file.target_moved' || n.type === 'file.target_deleted')) return 'file'
  if (n.type === 'link.suggested') return 'suggestion'
  if (n.type === 'mention.unreadable') return 'mention'
  if (n.type === 'mention.group_capped') return 'group'
  return null
}

function docs(p: Payload): Segment[] {
  const ids = documentIds(p)
  const out: Segment[] = []
  ids.forEach((id, i) => {
    if (i > 0) out.push(i === ids.length - 1 ? ' and ' : ', ')
    out.push({ doc: id })
  })
  return out
}

// One page by id, or for a batch its count alone: the row lists the first few
// titles and pages through the rest (Notification.documents).
function one(p: Payload, what: string): Segment[] {
  const n = batchCount(p)
  if (n > 1) return [plural(n, what)]
  const listed = documentIds(p)
  if (listed.length >= 1) return [{ doc: listed[0] as string }]
  return ['a ' + what]
}

function target(p: Payload): Segment {
  // A page trashed by someone else that you could read: the title it had, never where it was.
  if (p.targetUnreadable && str(p.targetTitle)) return `“${str(p.targetTitle)}”`
  if (p.targetUnreadable) return str(p.target) || 'a page you can no longer see'
  const to = str(p.to)
  const id = str(p.targetId)
  if (id) return { doc: id, fallback: to }
  if (to) return { address: to }
  return 'a page'
}

/** What a watched page's event was, as a verb before the page (watch.updated's payload.event). */
const watchVerbs: Record<string, string> = {
  'document.created': 'created',
  'document.updated': 'edited',
  'document.moved': 'moved',
  'document.renamed': 'renamed',
  'document.deleted': 'moved to the trash',
  'document.restored': 'restored',
  'comment.created': 'started a thread on',
  'thread.resolved': 'resolved a thread on',
}

/** The sentence a notification shows. */
export function sentence(n: NotificationLike): Segment[] {
  const p = n.payload
  const perm = str(p.permission).toLowerCase()
  const how = perm ? ` (${perm === 'write' || perm === '2' ? 'can edit' : 'can read'})` : ''
  switch (n.type) {
    case 'access.granted':
      if (batchCount(p) > 1) return [`${n.actor ? `${n.actor.name} shared` : 'Shared'} ${plural(batchCount(p), 'page')} with you${how}.`]
      return [n.actor ? `${n.actor.name} shared with you: ` : 'Shared with you: ', ...one(p, 'page'), how + '.']
    case 'access.revoked':
      return [n.actor ? `${n.actor.name} took away your access to ` : 'Your access was taken away: ', ...one(p, 'page'), '.']
    case 'access.reshared': {
      const to = Array.isArray(p.recipients) ? p.recipients.map(str).filter(Boolean).join(', ') : ''
      return ['Someone else shared your ', ...one(p, 'page'), to ? ` with ${to}` : '', how + '.']
    }
    case 'link.target_moved':
    case 'link.target_deleted': {
      const href = str(p.href)
      const source: Segment = { doc: str(p.sourceId), fallback: str(p.from) }
      const moved = n.type === 'link.target_moved'
      const to = str(p.to)
      return [
        href ? `The link “${href}” in ` : 'A link in ',
        source,
        ' points to ',
        target(p),
        moved ? (to && !p.targetUnreadable ? ', which moved to ' : ', which moved.') : ', which is in the trash.',
        ...(moved && to && !p.targetUnreadable ? [{ address: to } as Segment, '.'] : []),
      ]
    }
    case 'file.target_moved':
    case 'file.target_deleted': {
      const name = str(p.name)
      const moved = n.type === 'file.target_moved'
      return [
        name ? `The file “${name}” used in ` : 'A file used in ',
        { doc: str(p.sourceId), fallback: str(p.from) },
        ' belongs to ',
        target(p),
        moved ? ', which moved.' : ', which is in the trash.',
      ]
    }
    case 'link.suggested': {
      const why = str(p.rationale)
      return [
        'Suggested link from ',
        { doc: str(p.sourceId) },
        ' to ',
        { doc: str(p.targetId) },
        why ? `: ${why}` : '.',
      ]
    }
    case 'automation.failed':
      return [
        `Automation “${str(p.automationName) || 'unnamed'}” ${p.disabled ? 'was disabled' : 'failed'}`,
        str(p.reason) || str(p.error) ? `: ${str(p.reason) || str(p.error)}` : '.',
      ]
    case 'automation.message':
      return [`${str(p.automationName) || 'An automation'} says: ${str(p.message)}`]
    case 'ingestion.ready':
      return [`Your file “${str(p.filename)}” is ready as `, ...(p.documentId ? [{ doc: str(p.documentId) } as Segment] : ['a page']), '.']
    case 'ingestion.failed':
      return [`Your file “${str(p.filename)}” could not be converted`, str(p.error) ? `: ${str(p.error)}` : '.']
    case 'import.done':
      return [
        `Import into ${str(p.space).toLowerCase()}/${str(p.path)} done: ${num(p.created)} created, ${num(p.updated)} updated, ${num(p.unchanged)} unchanged, ${num(p.skipped)} skipped.`,
      ]
    case 'import.failed':
      return [`Import into ${str(p.space).toLowerCase()}/${str(p.path)} failed`, str(p.reason) ? `: ${str(p.reason)}` : '.']
    case 'export.ready':
      return [`Your export of ${plural(num(p.pages), 'page')} is ready.`]
    case 'group.added':
      return [`You were added to the group ${str(p.groupName) || str(p.groupSlug)}.`]
    case 'group.removed':
      return [`You were taken out of the group ${str(p.groupName) || str(p.groupSlug)}${p.groupDeleted ? ' (it was deleted)' : ''}.`]
    case 'agent.responsible_added':
      return [`You now answer for the agent ${str(p.agentName) || str(p.agentSlug)}.`]
    case 'agent.responsible_removed':
      return [`You no longer answer for the agent ${str(p.agentName) || str(p.agentSlug)}.`]
    case 'account.password_reset':
      return ['Your password was reset by management; your sessions were ended.']
    case 'account.sso_linked':
      return [`Your account now signs in with ${str(p.provider) || 'your identity provider'}. If this was not you, tell management at once.`]
    case 'documents.transferred':
      return [`${plural(num(p.count), 'page')} and ${plural(num(p.automations), 'automation')} of ${str(p.fromName) || 'someone'} are now yours.`]
    case 'document.quarantined':
      return ['Management quarantined ', ...one(p, 'page'), str(p.reason) ? `: ${str(p.reason)}` : '.']
    case 'document.released':
      return ['Management released ', ...one(p, 'page'), ' from quarantine.']
    case 'document.access_revoked':
      return ['Management took a share of ', ...one(p, 'page'), ' away.']
    case 'comment.created': {
      const who = n.actor ? n.actor.name : 'Someone'
      const page: Segment = p.documentId ? { doc: str(p.documentId) } : 'a page'
      return n.subjectType === 'thread' ? [`${who} replied in a thread you are in on `, page, '.'] : [`${who} commented on `, page, '.']
    }
    case 'mention': {
      const where = str(p.source) === 'comment' ? ' in a comment on ' : ' on '
      const who = n.actor ? `${n.actor.name} mentioned ${p.groupId ? 'your group' : 'you'}` : `You were mentioned`
      return [who + where, { doc: str(p.documentId) }, '.']
    }
    case 'mention.unreadable': {
      const who = str(n.mention?.targetName) || (p.agent ? 'The agent you mentioned' : 'The person you mentioned')
      if (p.askOwner) return [`${who} cannot read `, { doc: str(p.documentId) }, ' and was not told; ask its owner to share it.']
      return [`${who} cannot read `, { doc: str(p.documentId) }, ' and was not told: share it with them (read), or leave it.']
    }
    case 'mention.group_capped': {
      const who = str(n.mention?.targetName) || 'The group you mentioned'
      return [`${who} has more than ${num(p.max) || 200} readers of `, { doc: str(p.documentId) }, ': nobody was told. Notify them all, or leave it.']
    }
    case 'watch.updated': {
      const verb = watchVerbs[str(p.event)] ?? 'changed'
      const by = p.automationId ? ' (by an automation)' : ''
      const more = (n.watchEvents ?? 0) > 1 ? ` (${n.watchEvents} changes in 10 minutes)` : ''
      return [`${n.actor ? n.actor.name : 'Someone'} ${verb} `, ...one(p, 'page'), `${by}${more}, a page you watch.`]
    }
  }
  const ids = documentIds(p)
  return [n.type.replace(/[._]/g, ' ').replace(/^./, (c) => c.toUpperCase()), ...(ids.length ? [': ', ...docs(p), '.'] : ['.'])]
}

/** The distinct ids among ids, sorted, at most 100 (documentsByIds' bound). */
export function distinctIds(ids: string[]): string[] {
  return [...new Set(ids.filter(Boolean))].sort().slice(0, 100)
}

/** The inbox's three views as `inbox` filters. */
export type InboxView = 'all' | 'decisions' | 'unread'
export function inboxFilter(v: InboxView): { requiresDecision?: boolean; status?: 'UNREAD' } | null {
  if (v === 'decisions') return { requiresDecision: true }
  if (v === 'unread') return { status: 'UNREAD' }
  return null
}

/** A rename's decisions: the open link decisions of a moved page, answered together. */
export interface DecisionGroup<N> {
  targetId: string
  members: N[]
}

/**
 * The open "link target moved" decisions among ns that share their cause —
 * the same page moved or renamed (the payload's targetId, present only for
 * targets the reader can read) — two or more to a group, in list order. The
 * inbox shows each group as one item answered with "Update all" or "Keep all".
 */
export function renameGroups<N extends NotificationLike>(ns: N[]): Map<string, DecisionGroup<N>> {
  const all = new Map<string, DecisionGroup<N>>()
  for (const n of ns) {
    const target = n.payload.targetId
    if (decisionKind(n) !== 'link' || n.type !== 'link.target_moved' || typeof target !== 'string' || !target) continue
    const g = all.get(target) ?? { targetId: target, members: [] }
    g.members.push(n)
    all.set(target, g)
  }
  for (const [k, g] of all) if (g.members.length < 2) all.delete(k)
  return all
}
