import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue } from 'wonka'
import Shared from './Shared'

afterEach(cleanup)

type Op = { variables: Record<string, unknown> }
const ok = (op: Op, data: unknown) => fromValue({ operation: op, data, stale: false, hasNext: false })

const user = (id: string, name: string) => ({ __typename: 'User', id, name, email: `${id}@example.com`, kind: 'PERSON' })
const item = (id: string, title: string, recipient: string, recipientName: string) => ({
  __typename: 'SharedWithMe',
  document: { __typename: 'Document', id, space: 'WIKI', path: 'ops', slug: id, title, owner: user('ada', 'Ada') },
  permission: 'READ',
  reason: 'DIRECT',
  batchId: null,
  at: '2026-12-06T09:00:00Z',
  recipient,
  recipientName,
  grantedBy: user('ada', 'Ada'),
})

describe('Shared', () => {
  it('names the group a share reached you through', () => {
    const c = {
      executeQuery: vi.fn((op: Op) =>
        ok(op, {
          recentlyShared: [item('runbook', 'Runbook', 'group:platform', 'Platform'), item('notes', 'Notes', 'dana@example.com', 'Dana')],
        }),
      ),
      executeMutation: vi.fn(),
      executeSubscription: vi.fn(),
    } as unknown as Client
    render(
      <Provider value={c}>
        <Shared />
      </Provider>,
    )
    const rows = screen.getAllByRole('listitem')
    expect(rows[0]?.textContent).toContain('Ada shared it with Platform')
    expect(rows[1]?.textContent).toContain('Ada shared it ·')
    expect(rows[1]?.textContent).not.toContain('with Dana')
  })
})
