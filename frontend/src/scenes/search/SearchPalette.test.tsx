import { describe, expect, it, vi, afterEach } from 'vitest'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import SearchPalette from './SearchPalette'

const result = (id: string, title: string, snippet: string) => ({
  __typename: 'SearchEdge',
  cursor: id,
  node: {
    __typename: 'SearchResult',
    score: 1,
    document: { __typename: 'Document', id, space: 'WIKI', path: 'ops', slug: id, title },
    title: { __typename: 'Highlight', text: title, ranges: [{ __typename: 'HighlightRange', start: 0, end: 3 }] },
    snippet: { __typename: 'Highlight', text: snippet, ranges: [] },
  },
})

function client(): Client {
  const data = {
    search: {
      __typename: 'SearchConnection',
      edges: [result('deploy', 'Deploy', '<img src=x onerror="alert(1)">'), result('rollback', 'Roll back', 'b')],
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      totalCount: 2,
      totalIsApproximate: false,
      facets: { __typename: 'SearchFacets', spaces: [], tags: [{ __typename: 'FacetCount', value: 'ops', count: 2 }] },
    },
  }
  return {
    executeQuery: vi.fn((op: { kind: string }) => fromValue({ operation: op, data, stale: false, hasNext: false })),
    executeMutation: vi.fn(() => never),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('SearchPalette', () => {
  it('focuses the search box, shows results safely, moves with arrows and opens with Enter', async () => {
    vi.useFakeTimers()
    const onClose = vi.fn()
    render(
      <Provider value={client()}>
        <SearchPalette onClose={onClose} />
      </Provider>,
    )
    const box = screen.getByRole('combobox', { name: 'Search' })
    expect(document.activeElement).toBe(box)
    fireEvent.change(box, { target: { value: 'dep' } })
    await act(async () => {
      vi.advanceTimersByTime(200)
    })
    vi.useRealTimers()
    const list = screen.getByRole('listbox', { name: 'Results' })
    const options = within(list).getAllByRole('option')
    expect(options).toHaveLength(2)
    expect(document.querySelector('.result img')).toBeNull()
    expect(options[0]?.textContent).toContain('<img src=x')
    expect(options[0]?.querySelector('mark')?.textContent).toBe('Dep')
    expect(options[0]?.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(within(list).getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(location.pathname).toBe('/wiki/ops/rollback')
    expect(onClose).toHaveBeenCalledTimes(1)
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(2)
  })
})
