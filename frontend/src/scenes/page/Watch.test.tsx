import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import { WatchButton } from './Watch'

function client(sent: { query: string; variables: unknown }[]): Client {
  return {
    executeQuery: vi.fn(() => never),
    executeMutation: vi.fn((op: { query: { loc?: { source: { body: string } } }; variables: unknown }) => {
      const body = op.query.loc?.source.body ?? ''
      sent.push({ query: body.includes('unwatchDocument') ? 'unwatch' : 'watch', variables: op.variables })
      return fromValue({ operation: op, data: {}, stale: false, hasNext: false })
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('WatchButton', () => {
  it('watches a page not watched: a toggle, not pressed, saying how many watch it', () => {
    const sent: { query: string; variables: unknown }[] = []
    render(
      <Provider value={client(sent)}>
        <WatchButton id="d1" watching={false} watchers={3} />
      </Provider>,
    )
    const b = screen.getByRole('button', { name: 'Watch' })
    expect(b.getAttribute('aria-pressed')).toBe('false')
    expect(b.getAttribute('title')).toBe('3 people watch this page')
    fireEvent.click(b)
    expect(sent).toEqual([{ query: 'watch', variables: { input: { documentId: 'd1' } } }])
  })

  it('unwatches a watched page: pressed', () => {
    const sent: { query: string; variables: unknown }[] = []
    render(
      <Provider value={client(sent)}>
        <WatchButton id="d1" watching={true} watchers={1} />
      </Provider>,
    )
    const b = screen.getByRole('button', { name: 'Unwatch' })
    expect(b.getAttribute('aria-pressed')).toBe('true')
    expect(b.getAttribute('title')).toBe('1 person watches this page')
    fireEvent.click(b)
    expect(sent).toEqual([{ query: 'unwatch', variables: { input: { documentId: 'd1' } } }])
  })
})
