import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import { StarButton } from './Star'

function client(sent: { query: string; variables: unknown }[]): Client {
  return {
    executeQuery: vi.fn(() => never),
    executeMutation: vi.fn((op: { query: { loc?: { source: { body: string } } }; variables: unknown }) => {
      const body = op.query.loc?.source.body ?? ''
      sent.push({ query: body.includes('unstarDocument') ? 'unstar' : 'star', variables: op.variables })
      return fromValue({ operation: op, data: {}, stale: false, hasNext: false })
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('StarButton', () => {
  it('stars a page not starred: a toggle, not pressed', () => {
    const sent: { query: string; variables: unknown }[] = []
    render(
      <Provider value={client(sent)}>
        <StarButton id="d1" starred={false} />
      </Provider>,
    )
    const b = screen.getByRole('button', { name: 'Star' })
    expect(b.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(b)
    expect(sent).toEqual([{ query: 'star', variables: { input: { documentId: 'd1' } } }])
  })

  it('unstars a starred page: pressed', () => {
    const sent: { query: string; variables: unknown }[] = []
    render(
      <Provider value={client(sent)}>
        <StarButton id="d1" starred={true} />
      </Provider>,
    )
    const b = screen.getByRole('button', { name: 'Unstar' })
    expect(b.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(b)
    expect(sent).toEqual([{ query: 'unstar', variables: { input: { documentId: 'd1' } } }])
  })
})
