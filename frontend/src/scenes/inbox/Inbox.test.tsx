import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import Inbox from './Inbox'

type Op = { kind: string; query: { definitions: { name?: { value: string } }[] }; variables: unknown }
const opName = (op: Op) => op.query.definitions[0]?.name?.value ?? ''

const node = (over: Record<string, unknown>) => ({
  __typename: 'Notification',
  subjectId: null,
  requiresDecision: false,
  status: 'UNREAD',
  batchId: null,
  createdAt: '2026-12-01T10:00:00Z',
  readAt: null,
  resolvedAt: null,
  ...over,
})

const inbox = {
  inbox: {
    __typename: 'NotificationConnection',
    edges: [
      {
        __typename: 'NotificationEdge',
        cursor: 'c1',
        node: node({
          id: 'n1',
          type: 'link.target_moved',
          subjectType: 'link',
          subjectId: 'l1',
          requiresDecision: true,
          payload: { sourceId: 's1', targetId: 't1', to: 'wiki:ops/handbook', href: 'manual' },
        }),
      },
      {
        __typename: 'NotificationEdge',
        cursor: 'c2',
        node: node({ id: 'n2', type: 'access.granted', subjectType: 'access', subjectId: 'b1', payload: { documentId: 's1', permission: 'read' } }),
      },
    ],
    pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'c2' },
  },
}

const docs = {
  documentsByIds: [
    { __typename: 'Document', id: 's1', title: 'Index', space: 'WIKI', path: 'ops', slug: 'index' },
    { __typename: 'Document', id: 't1', title: 'Manual', space: 'WIKI', path: 'ops', slug: 'handbook' },
  ],
}

function client(mutations: { name: string; variables: unknown }[], page: unknown = inbox): Client {
  return {
    executeQuery: vi.fn((op: Op) => {
      const name = opName(op)
      const data = name === 'InboxPage' ? page : name === 'InboxDocuments' ? docs : null
      return data ? fromValue({ operation: op, data, stale: false, hasNext: false }) : never
    }),
    executeMutation: vi.fn((op: Op) => {
      mutations.push({ name: opName(op), variables: op.variables })
      return fromValue({ operation: op, data: { decideLink: { __typename: 'DecideLinkPayload', document: null } }, stale: false, hasNext: false })
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('Inbox', () => {
  it('says what happened with page titles and answers a link decision inline', async () => {
    const sent: { name: string; variables: unknown }[] = []
    render(
      <Provider value={client(sent)}>
        <Inbox />
      </Provider>,
    )
    const items = screen.getAllByRole('listitem')
    expect(items[0]?.textContent).toContain('The link “manual” in Index points to Manual, which moved to wiki/ops/handbook.')
    expect(items[1]?.textContent).toContain('Shared with you: Index (can read).')
    expect(screen.getByRole('link', { name: 'Manual' }).getAttribute('href')).toBe('/wiki/ops/handbook')
    // Information is marked read; a waiting decision cannot be dismissed.
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1)
    screen.getByRole('button', { name: 'Mark read' })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Update link' }))
    })
    expect(sent[0]).toEqual({ name: 'InboxDecideLink', variables: { input: { linkId: 'l1', answer: 'UPDATE' } } })
  })

  it("shows a rename's decisions as one item answered at once", async () => {
    const moved = (id: string, link: string, source: string) => ({
      __typename: 'NotificationEdge',
      cursor: id,
      node: node({
        id,
        type: 'link.target_moved',
        subjectType: 'link',
        subjectId: link,
        requiresDecision: true,
        payload: { sourceId: source, targetId: 't1', to: 'wiki:ops/handbook', href: 'manual' },
      }),
    })
    const page = { inbox: { ...inbox.inbox, edges: [moved('n1', 'l1', 's1'), moved('n3', 'l3', 's1')] } }
    const sent: { name: string; variables: unknown }[] = []
    const { container } = render(
      <Provider value={client(sent, page)}>
        <Inbox />
      </Provider>,
    )
    const groups = container.querySelectorAll('.inbox-group')
    expect(groups).toHaveLength(1)
    expect(groups[0]?.querySelector('.inbox-what')?.textContent).toBe('Decision: 2 of your links point to Manual, which moved to wiki/ops/handbook.')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Update all' }))
    })
    expect(sent[0]).toEqual({ name: 'InboxAnswerLinkDecisions', variables: { input: { linkIds: ['l1', 'l3'], answer: 'UPDATE' } } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Keep all' }))
    })
    expect(sent[1]).toEqual({ name: 'InboxAnswerLinkDecisions', variables: { input: { linkIds: ['l1', 'l3'], answer: 'KEEP' } } })
  })

  it('shows a share of many pages as one item with its count, the first titles, and all of them on demand', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `d${i}`)
    const doc = (id: string, title: string) => ({ __typename: 'DocumentEdge', node: { __typename: 'Document', id, title, space: 'WIKI', path: 'big', slug: id } })
    const page = {
      inbox: {
        ...inbox.inbox,
        edges: [
          {
            __typename: 'NotificationEdge',
            cursor: 'c1',
            node: node({
              id: 'n9',
              type: 'access.granted',
              subjectType: 'access',
              subjectId: 'b1',
              batchId: 'b1',
              payload: { count: 502, documents: ids, permission: 'read', sharedBy: 'u1' },
              actor: { __typename: 'User', id: 'u1', name: 'Maya', email: 'maya@example.com', kind: 'PERSON' },
              documents: {
                __typename: 'DocumentConnection',
                edges: [doc('d0', 'Alpha'), doc('d1', 'Beta'), doc('d2', 'Gamma')],
                pageInfo: { __typename: 'PageInfo', hasNextPage: true },
              },
            }),
          },
        ],
      },
    }
    const asked: Op[] = []
    const c = client([], page)
    const base = c.executeQuery
    c.executeQuery = vi.fn((op: Op) => {
      asked.push(op)
      if (opName(op) !== 'InboxBatchPages') return (base as unknown as (o: Op) => unknown)(op)
      const data = {
        notification: {
          __typename: 'Notification',
          id: 'n9',
          documents: {
            __typename: 'DocumentConnection',
            edges: [doc('d0', 'Alpha'), doc('d150', 'Past the cap')],
            pageInfo: { __typename: 'PageInfo', hasNextPage: true, endCursor: 'x' },
          },
        },
      }
      return fromValue({ operation: op, data, stale: false, hasNext: false })
    }) as unknown as Client['executeQuery']
    render(
      <Provider value={c}>
        <Inbox />
      </Provider>,
    )
    const item = screen.getAllByRole('listitem')[0] as HTMLElement
    expect(item.querySelector('.inbox-what')?.textContent).toBe('New: Maya shared 502 pages with you (can read).')
    expect(item.textContent).toContain('Alpha, Beta, Gamma, …')
    expect(item.textContent).not.toContain('cannot see')
    // No page is looked up by the payload's ids: the server pages them with the reader's permission.
    expect(asked.filter((o) => opName(o) === 'InboxDocuments')).toHaveLength(0)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show all 502 pages' }))
    })
    const list = screen.getByRole('list', { name: 'The pages' })
    expect(list.textContent).toContain('Past the cap')
    expect(asked.find((o) => opName(o) === 'InboxBatchPages')?.variables).toEqual({ id: 'n9', first: 50, after: null })
    screen.getByRole('button', { name: 'Show more pages' })
  })

  it('filters by decisions', async () => {
    const c = client([])
    render(
      <Provider value={c}>
        <Inbox />
      </Provider>,
    )
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Decisions/ }))
    })
    const last = (c.executeQuery as ReturnType<typeof vi.fn>).mock.calls.map((a) => a[0] as Op).filter((o) => opName(o) === 'InboxPage').pop()
    expect(last?.variables).toEqual({ first: 30, after: null, filter: { requiresDecision: true } })
  })

  it('shows a mention with its sentence and answers a mention decision inline', async () => {
    const sent: { name: string; variables: unknown }[] = []
    const page = {
      inbox: {
        __typename: 'NotificationConnection',
        edges: [
          {
            __typename: 'NotificationEdge',
            cursor: 'c1',
            node: node({
              id: 'n1',
              type: 'mention.unreadable',
              subjectType: 'mention',
              subjectId: 'm1',
              requiresDecision: true,
              payload: { documentId: 's1', userId: 'u2' },
              actor: null,
              mention: { __typename: 'MentionView', excerpt: 'Ask @Cy Young <b>now</b>.', targetName: 'Cy Young' },
            }),
          },
          {
            __typename: 'NotificationEdge',
            cursor: 'c2',
            node: node({
              id: 'n2',
              type: 'mention',
              subjectType: 'document',
              subjectId: 's1',
              payload: { documentId: 's1', source: 'revision' },
              actor: { __typename: 'User', id: 'u1', name: 'Ada', email: 'ada@example.com', kind: 'PERSON' },
              mention: { __typename: 'MentionView', excerpt: null, targetName: null },
            }),
          },
        ],
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'c2' },
      },
    }
    render(
      <Provider value={client(sent, page)}>
        <Inbox />
      </Provider>,
    )
    const items = screen.getAllByRole('listitem')
    expect(items[0]?.textContent).toContain('Cy Young cannot read Index and was not told')
    expect(items[0]?.querySelector('blockquote')?.textContent).toBe('Ask @Cy Young <b>now</b>.')
    expect(items[0]?.querySelector('b')).toBeNull()
    expect(items[1]?.textContent).toContain('mentioned you on Index.')
    expect(items[1]?.querySelector('blockquote')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share it with them (read)' }))
    })
    expect(sent[0]).toEqual({ name: 'InboxAnswerMention', variables: { input: { notificationId: 'n1', accept: true } } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Leave it' }))
    })
    expect(sent[1]).toEqual({ name: 'InboxAnswerMention', variables: { input: { notificationId: 'n1', accept: false } } })
  })
})
