import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import { HomeLists } from './Lists'

const doc = (id: string, title: string, slug: string) => ({ __typename: 'Document', id, space: 'WIKI', path: 'ops', slug, title, starred: true })

function client(): Client {
  return {
    executeQuery: vi.fn((op: { query: { definitions: { name?: { value: string } }[] } }) => {
      const name = op.query.definitions.find((d) => d.name)?.name?.value
      const data = name === 'Favorites' ? { favorites: [doc('a', 'Deploy runbook', 'deploy')] } : { recentDocuments: [doc('b', 'On call', 'on-call'), doc('a', 'Deploy runbook', 'deploy')] }
      return fromValue({ operation: op, data, stale: false, hasNext: false })
    }),
    executeMutation: vi.fn(() => never),
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
})
