import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import Tags, { tagURL } from './Tags'
import TagPages from './TagPages'

afterEach(cleanup)

function client(answer: (vars: Record<string, unknown>) => unknown, asked: Record<string, unknown>[] = []): Client {
  return {
    executeQuery: vi.fn((op: { variables: Record<string, unknown> }) => {
      asked.push(op.variables)
      return fromValue({ operation: op, data: answer(op.variables), stale: false, hasNext: false })
    }),
    executeMutation: vi.fn(() => never),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

const all = [
  { __typename: 'TagCount', tag: 'ops', count: 12 },
  { __typename: 'TagCount', tag: 'onboarding', count: 3 },
  { __typename: 'TagCount', tag: 'db/postgres', count: 1 },
]

describe('Tags', () => {
  it('lists each tag with its count, linked to its page, and filters by prefix', async () => {
    const asked: Record<string, unknown>[] = []
    render(
      <Provider value={client((v) => ({ tags: all.filter((t) => t.tag.startsWith(String(v.prefix ?? ''))) }), asked)}>
        <Tags />
      </Provider>,
    )
    const list = screen.getByRole('list', { name: 'Tags' })
    expect(list.textContent).toContain('#ops 12 pages')
    expect(list.textContent).toContain('#db/postgres 1 page')
    expect(screen.getByRole('link', { name: '#db/postgres' }).getAttribute('href')).toBe('/tags/db%2Fpostgres')
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Filter'), { target: { value: '#On' } })
    })
    expect(asked.at(-1)).toEqual({ prefix: 'On', first: 500 })
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'zz' } })
    })
    expect(screen.getByText('No tag starts with “zz” on the pages you can read.')).toBeTruthy()
  })

  it('says so when no readable page has a tag', () => {
    render(
      <Provider value={client(() => ({ tags: [] }))}>
        <Tags />
      </Provider>,
    )
    expect(screen.getByText('None of the pages you can read has a tag yet.')).toBeTruthy()
  })

  it('encodes a tag in its URL', () => {
    expect(tagURL('a/b')).toBe('/tags/a%2Fb')
  })
})

describe('TagPages', () => {
  it('lists the readable pages holding the tag, newest first, through the documents listing', () => {
    const asked: Record<string, unknown>[] = []
    const node = (id: string, title: string, slug: string) => ({
      __typename: 'Document', id, title, space: 'WIKI', path: 'ops', slug, updatedAt: '2026-12-01T10:00:00Z',
    })
    render(
      <Provider
        value={client(
          () => ({
            documents: {
              __typename: 'DocumentConnection',
              edges: [{ __typename: 'DocumentEdge', node: node('1', 'Runbook', 'runbook') }, { __typename: 'DocumentEdge', node: node('2', 'Deploys', 'deploys') }],
              pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
            },
          }),
          asked,
        )}
      >
        <TagPages tag="ops" />
      </Provider>,
    )
    expect(asked[0]).toEqual({ tag: 'ops', first: 50, after: null })
    expect(screen.getByRole('heading', { name: '#ops' })).toBeTruthy()
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/wiki'))
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Runbook', '/wiki/ops/runbook'],
      ['Deploys', '/wiki/ops/deploys'],
    ])
    expect(screen.getByRole('link', { name: 'Tags' }).getAttribute('href')).toBe('/tags')
  })
})
