import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import { HomeLists, moveTarget } from './Lists'

const doc = (id: string, title: string, slug: string) => ({ __typename: 'Document', id, space: 'WIKI', path: 'ops', slug, title, starred: true })

function client(favorites = [doc('a', 'Deploy runbook', 'deploy')], sent: unknown[] = []): Client {
  return {
    executeQuery: vi.fn((op: { query: { definitions: { name?: { value: string } }[] } }) => {
      const name = op.query.definitions.find((d) => d.name)?.name?.value
      const data = name === 'Favorites' ? { favorites } : { recentDocuments: [doc('b', 'On call', 'on-call'), doc('a', 'Deploy runbook', 'deploy')] }
      return fromValue({ operation: op, data, stale: false, hasNext: false })
    }),
    executeMutation: vi.fn((op: { variables: unknown }) => {
      sent.push(op.variables)
      return fromValue({ operation: op, data: { moveFavorite: favorites }, stale: false, hasNext: false })
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('HomeLists', () => {
  it('shows recently viewed pages, most recent first, and favourites, each a link to its page', () => {
    render(
      <Provider value={client()}>
        <HomeLists />
      </Provider>,
    )
    const recent = screen.getByRole('list', { name: 'Recently viewed' })
    expect(within(recent).getAllByRole('link').map((a) => a.textContent)).toEqual(['On call', 'Deploy runbook'])
    const favs = screen.getByRole('list', { name: 'Favourites' })
    const link = within(favs).getByRole('link', { name: 'Deploy runbook' })
    expect(link.getAttribute('href')).toBe('/wiki/ops/deploy')
  })

  it('moves a favourite up or down: before its upper neighbour, or after its lower one', async () => {
    const sent: unknown[] = []
    render(
      <Provider value={client([doc('a', 'A', 'a'), doc('b', 'B', 'b'), doc('c', 'C', 'c')], sent)}>
        <HomeLists />
      </Provider>,
    )
    expect((screen.getByRole('button', { name: 'Move A up' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Move C down' }) as HTMLButtonElement).disabled).toBe(true)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Move B up' })))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Move B down' })))
    expect(sent).toEqual([{ input: { documentId: 'b', before: 'a' } }, { input: { documentId: 'b', before: null } }])
  })

  it('works out where a move puts a row', () => {
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }]
    expect(moveTarget(rows, 0, -1)).toBeUndefined()
    expect(moveTarget(rows, 0, 1)).toBe('c')
    expect(moveTarget(rows, 1, 1)).toBeNull()
    expect(moveTarget(rows, 2, -1)).toBe('b')
    expect(moveTarget(rows, 2, 1)).toBeUndefined()
  })
})
