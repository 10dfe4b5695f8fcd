import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import { ActivityFeed, entryWords } from './ActivityFeed'

const entry = (id: string, action: string, count: number, extra: Record<string, unknown> = {}) => ({
  __typename: 'ActivityEntry',
  id,
  action,
  count,
  at: '2026-12-06T04:00:00Z',
  changeSummary: null,
  automationId: null,
  actor: { __typename: 'User', id: 'u1', name: 'Bob' },
  document: { __typename: 'Document', id: 'd1', space: 'WIKI', path: 'ops', slug: 'deploy', title: 'Deploy runbook' },
  ...extra,
})

function client(vars: unknown[]): Client {
  return {
    executeQuery: vi.fn((op: { variables: unknown }) => {
      vars.push(op.variables)
      return fromValue({
        operation: op,
        data: {
          activity: {
            __typename: 'ActivityConnection',
            edges: [
              { __typename: 'ActivityEdge', cursor: 'c1', node: entry('a1', 'edited', 3, { changeSummary: 'fix the port' }) },
              { __typename: 'ActivityEdge', cursor: 'c2', node: entry('a2', 'created', 1) },
            ],
            pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'c2' },
          },
        },
        stale: false,
        hasNext: false,
      })
    }),
    executeMutation: vi.fn(() => never),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('ActivityFeed', () => {
  it("shows the team's activity, newest first, each naming who, what and the page", () => {
    const vars: unknown[] = []
    render(
      <Provider value={client(vars)}>
        <ActivityFeed label="Team activity" />
      </Provider>,
    )
    const list = screen.getByRole('list', { name: 'Team activity' })
    const items = within(list).getAllByRole('listitem')
    expect(items[0]?.textContent).toContain('Bob edited Deploy runbook 3 times — fix the port')
    expect(items[1]?.textContent).toContain('Bob created Deploy runbook')
    expect(within(list).getAllByRole('link')[0]?.getAttribute('href')).toBe('/wiki/ops/deploy')
    expect(vars[0]).toEqual({ filter: null, first: 20, after: null })
  })

  it("shows one page's activity, filtered by the server", () => {
    const vars: unknown[] = []
    render(
      <Provider value={client(vars)}>
        <ActivityFeed documentId="d1" label="Page activity" />
      </Provider>,
    )
    expect(screen.getByRole('list', { name: 'Page activity' }).textContent).toContain('Bob edited this page 3 times')
    expect(vars[0]).toEqual({ filter: { documentId: 'd1' }, first: 20, after: null })
  })

  it('says when an automation did it', () => {
    expect(entryWords({ action: 'thread_resolved', count: 1, automationId: 'x', actor: null })).toEqual({ who: 'Someone', verb: 'resolved a thread on', tail: ' (by an automation)' })
  })
})
