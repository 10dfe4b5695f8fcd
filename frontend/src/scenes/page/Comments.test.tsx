import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import { Commented } from './Comments'
import type { PageDoc } from './pageDocument'

const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>'

const user = (id: string, name: string) => ({ __typename: 'User', id, name })
const comment = (id: string, body: string, author = user('u2', `Mallory ${hostile}`)) => ({
  __typename: 'Comment', id, threadId: 't', body, deleted: false, createdAt: '2026-12-06T09:00:00Z', editedAt: null, author,
})
const thread = (id: string, over: Record<string, unknown>) => ({
  __typename: 'Thread', id, documentId: 'd1', kind: 'QUESTION', status: 'OPEN', anchorState: 'NONE', anchor: null,
  createdAt: '2026-12-06T09:00:00Z', updatedAt: '2026-12-06T09:00:00Z', resolvedAt: null,
  author: user('u2', 'Mallory'), resolvedBy: null, comments: [], ...over,
})

function client(threads: unknown[]): Client {
  return {
    executeQuery: vi.fn((op) =>
      fromValue({
        operation: op,
        data: { me: user('u1', 'Ada'), document: { __typename: 'Document', id: 'd1', space: 'WIKI', path: 'eng', slug: 'p', title: 'P', threadCount: threads.length, openThreadCount: threads.length, threads } },
        stale: false,
        hasNext: false,
      }),
    ),
    executeMutation: vi.fn(() => never),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('Commented', () => {
  it('shows hostile comment bodies, names and quotes as harmless text', () => {
    const threads = [
      thread('t1', {
        anchorState: 'DETACHED',
        anchor: { __typename: 'TextAnchor', exact: `quoted ${hostile}`, prefix: '', suffix: '', start: 0, end: 5 },
        comments: [comment('c1', `${hostile}\n\n[click](javascript:alert(3)) [up](../ops/deploy.md)`)],
      }),
      thread('t2', { comments: [comment('c2', 'A page-level remark', user('u1', 'Ada'))] }),
    ]
    const doc = { id: 'd1', space: 'WIKI', path: 'eng', content: 'Body text.', version: 1, myPermission: 'READ' } as unknown as PageDoc
    const { container } = render(
      <Provider value={client(threads)}>
        <Commented doc={doc}>
          <div className="body">Body text.</div>
        </Commented>
      </Provider>,
    )
    // Nothing runs: no handler attribute, no script, no javascript: link, no image source.
    expect(container.querySelectorAll('[onerror]')).toHaveLength(0)
    expect(container.querySelectorAll('script')).toHaveLength(0)
    expect(container.querySelectorAll('a[href^="javascript"]')).toHaveLength(0)
    expect(container.querySelectorAll('img[src]')).toHaveLength(0)
    // The names and the quote are shown as text, whatever they hold.
    expect(screen.getAllByText(`Mallory ${hostile}`).length).toBeGreaterThan(0)
    expect(screen.getByText(`quoted ${hostile}`)).toBeTruthy()
    // A comment's relative link resolves from the page's folder.
    expect(container.querySelector('a[href="/wiki/ops/deploy"]')).toBeTruthy()
    // Your own comment offers Edit; another's does not; a reader resolves only their own threads.
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1)
    expect(screen.queryAllByRole('button', { name: 'Resolve' })).toHaveLength(0)
  })
})
