import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue } from 'wonka'
import Agents from './Agents'

afterEach(cleanup)

type Op = { variables: Record<string, unknown>; query: { definitions: { name?: { value: string } }[] } }
const ok = (op: Op, data: unknown) => fromValue({ operation: op, data, stale: false, hasNext: false })
const opName = (op: Op) => op.query.definitions[0]?.name?.value

const agent = (id: string, slug: string, pausedAt: string | null) => ({
  __typename: 'ManagedAgent',
  id,
  slug,
  name: slug,
  description: '',
  createdAt: '2026-12-01T09:00:00Z',
  deletedAt: null,
  pausedAt,
  responsible: [],
})

describe('Agents (console)', () => {
  it('shows a paused agent as Paused and resumes it', async () => {
    const sent: [string | undefined, Record<string, unknown>][] = []
    const c = {
      executeQuery: vi.fn((op: Op) =>
        opName(op) === 'ManageAgents'
          ? ok(op, { manageAgents: [agent('a1', 'helper', '2026-12-06T01:00:00Z'), agent('a2', 'writer', null)] })
          : ok(op, { managedUsers: { __typename: 'ManagedUserConnection', edges: [], pageInfo: { hasNextPage: false, endCursor: null } } }),
      ),
      executeMutation: vi.fn((op: Op) => {
        sent.push([opName(op), op.variables])
        return ok(op, {})
      }),
      executeSubscription: vi.fn(),
    } as unknown as Client
    render(
      <Provider value={c}>
        <Agents />
      </Provider>,
    )
    expect(screen.getAllByText('Paused')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Resume agent writer' })).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resume agent helper' })))
    expect(sent).toEqual([['ResumeManagedAgent', { input: { agentId: 'a1' } }]])
  })
})
