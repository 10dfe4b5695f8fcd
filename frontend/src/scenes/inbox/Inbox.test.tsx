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

  it('answers every link to one renamed page at once when asked', async () => {
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
    render(
      <Provider value={client(sent, page)}>
        <Inbox />
      </Provider>,
    )
    const together = screen.getAllByLabelText(/The same for every link of mine to this page \(2 here\)/)
    expect(together).toHaveLength(2)
    fireEvent.click(together[0] as HTMLElement)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Update the links' }))
    })
    expect(sent[0]).toEqual({ name: 'InboxDecideLinks', variables: { input: { targetId: 't1', answer: 'UPDATE' } } })
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
