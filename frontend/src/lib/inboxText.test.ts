import { describe, expect, it } from 'vitest'
import { addressURL, batchCount, decisionKind, documentIds, distinctIds, inboxFilter, renameGroups, sentence, type NotificationLike } from './inboxText'

const note = (over: Partial<NotificationLike>): NotificationLike => ({
  type: 'access.granted',
  subjectType: 'access',
  subjectId: 's1',
  payload: {},
  requiresDecision: false,
  status: 'UNREAD',
  ...over,
})

const text = (segs: ReturnType<typeof sentence>) =>
  segs.map((s) => (typeof s === 'string' ? s : 'doc' in s ? `[${s.doc}]` : `<${s.address}>`)).join('')

describe('documentIds', () => {
  it('collects the ids a payload names, once each', () => {
    expect(documentIds({ documentId: 'a', documents: ['a'], sourceId: 'c', targetId: 'b' })).toEqual(['a', 'c', 'b'])
    // A batch's pages are paged by the server, never listed from the payload.
    expect(documentIds({ count: 2, documents: ['a', 'b'], sourceId: 'c' })).toEqual(['c'])
    expect(documentIds({})).toEqual([])
  })
})

describe('addressURL', () => {
  it('turns an address into a page URL', () => {
    expect(addressURL('wiki:engineering/onboarding/laptop-setup')).toBe('/wiki/engineering/onboarding/laptop-setup')
    expect(addressURL('WIKI:home')).toBe('/wiki/home')
    expect(addressURL('nonsense')).toBe('')
  })
})

describe('decisionKind', () => {
  it('answers open link, file and suggestion decisions only', () => {
    expect(decisionKind(note({ type: 'link.target_moved', subjectType: 'link', requiresDecision: true }))).toBe('link')
    expect(decisionKind(note({ type: 'file.target_deleted', subjectType: 'attachment_ref', requiresDecision: true, status: 'READ' }))).toBe('file')
    expect(decisionKind(note({ type: 'link.suggested', subjectType: 'link_suggestion', requiresDecision: true }))).toBe('suggestion')
    expect(decisionKind(note({ type: 'link.target_moved', subjectType: 'link', requiresDecision: true, status: 'RESOLVED' }))).toBeNull()
    expect(decisionKind(note({}))).toBeNull()
  })
})

describe('sentence', () => {
  it('tells of a new thread and of a reply, naming the page by id', () => {
    const thread = note({ type: 'comment.created', subjectType: 'document', payload: { documentId: 'd1', threadId: 't1' }, actor: { name: 'Bob' } })
    expect(text(sentence(thread))).toBe('Bob commented on [d1].')
    const reply = note({ type: 'comment.created', subjectType: 'thread', payload: { documentId: 'd1', threadId: 't1' } })
    expect(text(sentence(reply))).toBe('Someone replied in a thread you are in on [d1].')
  })
  it('says what was shared, one page or a batch', () => {
    expect(text(sentence(note({ payload: { documentId: 'd1', permission: 'read' } })))).toBe('Shared with you: [d1] (can read).')
    expect(text(sentence(note({ payload: { count: 2, documents: ['d1', 'd2'], permission: 'write' } })))).toBe('Shared 2 pages with you (can edit).')
    // Past the payload's cap of 100 ids the count goes on: one item with its count, no page named.
    const ids = Array.from({ length: 100 }, (_, i) => `d${i}`)
    const big = note({ payload: { count: 502, documents: ids, permission: 'read' }, actor: { name: 'Maya' } })
    expect(batchCount(big.payload)).toBe(502)
    expect(text(sentence(big))).toBe('Maya shared 502 pages with you (can read).')
    expect(text(sentence(note({ type: 'access.revoked', payload: { count: 3, documents: ['a', 'b', 'c'] } })))).toBe('Your access was taken away: 3 pages.')
  })
  it('names a moved link and where its target went', () => {
    const n = note({
      type: 'link.target_moved',
      subjectType: 'link',
      requiresDecision: true,
      payload: { sourceId: 's', targetId: 't', to: 'wiki:a/b', href: 'b.md' },
    })
    expect(text(sentence(n))).toBe('The link “b.md” in [s] points to [t], which moved to <wiki:a/b>.')
  })
  it('never names a target its reader cannot see', () => {
    const n = note({
      type: 'link.target_deleted',
      subjectType: 'link',
      requiresDecision: true,
      payload: { sourceId: 's', targetUnreadable: true, target: 'a page you can no longer see' },
    })
    expect(text(sentence(n))).toBe('A link in [s] points to a page you can no longer see, which is in the trash.')
  })
  it('names a page trashed by someone else by the title it had when you could read it', () => {
    const n = note({
      type: 'link.target_deleted',
      subjectType: 'link',
      requiresDecision: true,
      payload: { sourceId: 's', targetUnreadable: true, target: 'a page you can no longer see', targetTitle: 'Deploy guide' },
    })
    expect(text(sentence(n))).toBe('A link in [s] points to “Deploy guide”, which is in the trash.')
  })
  it('falls back to the type in words', () => {
    expect(text(sentence(note({ type: 'something.new_here', payload: {} })))).toBe('Something new here.')
  })
})

describe('distinctIds', () => {
  it('asks for each document once', () => {
    expect(distinctIds(['b', 'a', 'b', ''])).toEqual(['a', 'b'])
    expect(distinctIds([])).toEqual([])
  })
})

describe('inboxFilter', () => {
  it('maps views to filters', () => {
    expect(inboxFilter('all')).toBeNull()
    expect(inboxFilter('decisions')).toEqual({ requiresDecision: true })
    expect(inboxFilter('unread')).toEqual({ status: 'UNREAD' })
  })
})

describe('who did it', () => {
  it('names the person who shared or took away access, when the server says', () => {
    expect(text(sentence(note({ payload: { documentId: 'd1' }, actor: { name: 'Tornike' } })))).toBe('Tornike shared with you: [d1].')
    expect(text(sentence(note({ type: 'access.revoked', payload: { documentId: 'd1' }, actor: { name: 'Tornike' } })))).toBe(
      'Tornike took away your access to [d1].',
    )
    expect(text(sentence(note({ payload: { documentId: 'd1' } })))).toBe('Shared with you: [d1].')
  })
})

describe('mention notifications', () => {
  const base = { subjectType: 'mention', subjectId: 'm1', status: 'UNREAD' }
  it('names the person by their current name and offers the answer only when a decision', () => {
    const d = { ...base, type: 'mention.unreadable', requiresDecision: true, payload: { documentId: 'd1', userId: 'u1' }, mention: { targetName: 'Bob' } }
    expect(sentence(d)).toEqual(['Bob cannot read ', { doc: 'd1' }, ' and was not told: share it with them (read), or leave it.'])
    expect(decisionKind(d)).toBe('mention')
    const info = { ...d, requiresDecision: false, payload: { documentId: 'd1', askOwner: true } }
    expect(sentence(info)[2]).toContain('ask its owner')
    expect(decisionKind(info)).toBeNull()
    expect(decisionKind({ ...d, status: 'RESOLVED' })).toBeNull()
  })
  it('tells who mentioned you where', () => {
    const n = { ...base, subjectType: 'document', type: 'mention', requiresDecision: false, payload: { documentId: 'd1', source: 'comment' }, actor: { name: 'Ann' } }
    expect(sentence(n)).toEqual(['Ann mentioned you in a comment on ', { doc: 'd1' }, '.'])
  })
  it('offers notify or leave for a group over the cap', () => {
    const n = { ...base, type: 'mention.group_capped', requiresDecision: true, payload: { documentId: 'd1', max: 200 }, mention: { targetName: 'Everyone' } }
    expect(decisionKind(n)).toBe('group')
    expect(sentence(n)[0]).toBe('Everyone has more than 200 readers of ')
  })
})

describe('watch.updated', () => {
  it('says who did what to a watched page, and when an automation did it', () => {
    const n = note({ type: 'watch.updated', subjectType: 'document', subjectId: 'd1', actor: { name: 'Bob' }, payload: { documentId: 'd1', event: 'document.updated', actorId: 'u1' } })
    expect(text(sentence(n))).toBe('Bob edited [d1], a page you watch.')
    const auto = note({ type: 'watch.updated', subjectType: 'document', payload: { documentId: 'd1', event: 'comment.created', automationId: 'a1' } })
    expect(text(sentence(auto))).toBe('Someone started a thread on [d1] (by an automation), a page you watch.')
    expect(text(sentence({ ...n, watchEvents: 3 }))).toBe('Bob edited [d1] (3 changes in 10 minutes), a page you watch.')
  })
})

describe('renameGroups', () => {
  const moved = (id: string, target: string, over: Partial<NotificationLike> = {}) =>
    ({ ...note({ type: 'link.target_moved', subjectType: 'link', subjectId: id, requiresDecision: true, payload: { targetId: target } }), ...over })
  it('groups the open moved-link decisions of one page, two or more', () => {
    const ns = [moved('l1', 't1'), moved('l2', 't2'), moved('l3', 't1'), moved('l4', 't1', { status: 'RESOLVED' }), moved('l5', 't2', { type: 'link.target_deleted' })]
    const g = renameGroups(ns)
    expect([...g.keys()]).toEqual(['t1'])
    expect(g.get('t1')?.members.map((n) => n.subjectId)).toEqual(['l1', 'l3'])
  })
  it('never groups a target the reader cannot read (no targetId)', () => {
    expect(renameGroups([moved('l1', ''), moved('l2', '')]).size).toBe(0)
  })
})
