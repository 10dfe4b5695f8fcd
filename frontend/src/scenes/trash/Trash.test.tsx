import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import Trash from './Trash'

const page = {
  __typename: 'Document',
  id: 'd1',
  space: 'WIKI',
  path: 'ops',
  slug: 'old-plan',
  title: 'Old plan',
  deletedAt: '2026-12-01T10:00:00Z',
  purgeAfter: '2026-12-31T10:00:00Z',
}

function client(calls: { query: string; variables: unknown }[]): Client {
  return {
    executeQuery: vi.fn((op: unknown) =>
      fromValue({
        operation: op,
        data: { trash: { __typename: 'DocumentConnection', edges: [{ __typename: 'DocumentEdge', cursor: 'c1', node: page }], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'c1' } } },
        stale: false,
        hasNext: false,
      }),
    ),
    executeMutation: vi.fn((op: { variables: unknown; query: { definitions: { name?: { value: string } }[] } }) => {
      const name = op.query.definitions[0]?.name?.value ?? ''
      calls.push({ query: name, variables: op.variables })
      const data = name === 'TrashEmpty' ? { emptyTrash: { __typename: 'EmptyTrashPayload', purged: 3 } } : { purgeDocument: { __typename: 'PurgeDocumentPayload', documentId: 'd1' } }
      return fromValue({ operation: op, data, stale: false, hasNext: false })
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('Trash', () => {
  it('deletes a page for good only after the confirmation, and drops it from the list', async () => {
    const calls: { query: string; variables: unknown }[] = []
    render(
      <Provider value={client(calls)}>
        <Trash />
      </Provider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Delete Old plan for good' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “Old plan” for good?' })
    expect(document.activeElement?.textContent).toBe('Cancel')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Delete Old plan for good' }))
    expect(dialog).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }))
    })
    expect(calls).toEqual([{ query: 'TrashPurge', variables: { input: { documentId: 'd1' } } }])
    expect(screen.queryByText('Old plan')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Deleted “Old plan” for good.')
  })

  it('empties the trash after the confirmation and says how many went', async () => {
    const calls: { query: string; variables: unknown }[] = []
    render(
      <Provider value={client(calls)}>
        <Trash />
      </Provider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Empty trash' }))
    expect(screen.getByRole('dialog', { name: 'Empty the trash?' })).toBeTruthy()
    const buttons = screen.getAllByRole('button', { name: 'Empty trash' })
    await act(async () => {
      fireEvent.click(buttons[buttons.length - 1] as HTMLElement)
    })
    expect(calls.map((c) => c.query)).toEqual(['TrashEmpty'])
    expect(screen.getByRole('status').textContent).toBe('Deleted 3 pages for good.')
  })
})
