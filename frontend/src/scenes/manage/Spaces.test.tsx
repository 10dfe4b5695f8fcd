import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue } from 'wonka'
import Spaces from './Spaces'

afterEach(cleanup)

function client(sent: unknown[]): Client {
  let wiki = 'PRIVATE'
  const defaults = () => [
    { __typename: 'SpaceDefault', space: 'WIKI', access: wiki, updatedAt: wiki === 'PRIVATE' ? null : '2026-12-06T02:00:00Z' },
    { __typename: 'SpaceDefault', space: 'RAW', access: 'PRIVATE', updatedAt: null },
    { __typename: 'SpaceDefault', space: 'OUTPUT', access: 'PRIVATE', updatedAt: null },
  ]
  return {
    executeQuery: vi.fn((op) => fromValue({ operation: op, data: { spaceDefaults: defaults() }, stale: false, hasNext: false })),
    executeMutation: vi.fn((op: { variables: { input: { access: string } } }) => {
      sent.push(op.variables)
      wiki = op.variables.input.access
      return fromValue({
        operation: op,
        data: { setSpaceDefault: { __typename: 'SetSpaceDefaultPayload', spaceDefault: defaults()[0] } },
        stale: false,
        hasNext: false,
      })
    }),
    executeSubscription: vi.fn(),
  } as unknown as Client
}

describe('Spaces', () => {
  it('lists each space’s default and sets one', async () => {
    const sent: unknown[] = []
    render(
      <Provider value={client(sent)}>
        <Spaces />
      </Provider>,
    )
    const wiki = screen.getByLabelText('Default for wiki') as HTMLSelectElement
    expect(wiki.value).toBe('PRIVATE')
    expect((screen.getByLabelText('Default for output') as HTMLSelectElement).value).toBe('PRIVATE')
    expect(screen.getAllByText('never (private)')).toHaveLength(3)
    await act(async () => {
      fireEvent.change(wiki, { target: { value: 'EVERYONE_READ' } })
    })
    expect(sent).toEqual([{ input: { space: 'WIKI', access: 'EVERYONE_READ' } }])
    expect((screen.getByLabelText('Default for wiki') as HTMLSelectElement).value).toBe('EVERYONE_READ')
    expect(screen.getAllByText('never (private)')).toHaveLength(2)
  })
})
