import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import Watches, { folderName } from './Watches'

const watches = [
  { __typename: 'Watch', id: 'w1', space: null, path: null, source: 'AUTHOR', document: { __typename: 'Document', id: 'd1', space: 'WIKI', path: 'ops', slug: 'deploy', title: 'Deploy runbook' } },
  { __typename: 'Watch', id: 'w2', space: 'WIKI', path: 'ops', source: 'MANUAL', document: null },
]

function client(sent: { name: string; variables: unknown }[]): Client {
  return {
    executeQuery: vi.fn((op: unknown) => fromValue({ operation: op, data: { watches }, stale: false, hasNext: false })),
    executeMutation: vi.fn((op: { query: { definitions: { name?: { value: string } }[] }; variables: unknown }) => {
      sent.push({ name: op.query.definitions.find((d) => d.name)?.name?.value ?? '', variables: op.variables })
      return fromValue({ operation: op, data: {}, stale: false, hasNext: false })
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('Watches', () => {
  it('lists your watched pages and folders, each with Unwatch', async () => {
    const sent: { name: string; variables: unknown }[] = []
    render(
      <Provider value={client(sent)}>
        <Watches />
      </Provider>,
    )
    const list = screen.getByRole('list', { name: 'Watches' })
    const link = within(list).getByRole('link', { name: 'Deploy runbook' })
    expect(link.getAttribute('href')).toBe('/wiki/ops/deploy')
    expect(list.textContent).toContain('you created it')
    expect(list.textContent).toContain('Folder wiki/ops')
    fireEvent.click(screen.getByRole('button', { name: 'Unwatch Deploy runbook' }))
    fireEvent.click(screen.getByRole('button', { name: 'Unwatch wiki/ops' }))
    await Promise.resolve()
    expect(sent).toEqual([
      { name: 'UnwatchFromSettings', variables: { input: { documentId: 'd1' } } },
      { name: 'UnwatchFolder', variables: { input: { space: 'WIKI', path: 'ops' } } },
    ])
  })

  it('watches a folder by its space and path', async () => {
    const sent: { name: string; variables: unknown }[] = []
    render(
      <Provider value={client(sent)}>
        <Watches />
      </Provider>,
    )
    fireEvent.change(screen.getByLabelText('Space'), { target: { value: 'OUTPUT' } })
    fireEvent.change(screen.getByLabelText('Folder (empty: the whole space)'), { target: { value: 'reports' } })
    fireEvent.click(screen.getByRole('button', { name: 'Watch folder' }))
    await Promise.resolve()
    expect(sent).toEqual([{ name: 'WatchFolder', variables: { input: { space: 'OUTPUT', path: 'reports' } } }])
  })

  it('names a folder watch by its space and path', () => {
    expect(folderName({ space: 'WIKI', path: '' })).toBe('wiki (the whole space)')
    expect(folderName({ space: 'OUTPUT', path: 'reports/q1' })).toBe('output/reports/q1')
  })
})
