import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import Share from './Share'
import type { PageDoc } from '../page/pageDocument'

const doc = {
  id: 'd1',
  space: 'WIKI',
  path: 'ops',
  slug: 'plan',
  title: 'Plan',
  myPermission: 'OWNER',
  owner: { id: 'u1', name: 'Ada' },
} as unknown as PageDoc

function client(mutate: (vars: unknown) => void): Client {
  return {
    executeQuery: vi.fn(() => never),
    executeMutation: vi.fn((op: { variables: unknown }) => {
      mutate(op.variables)
      return fromValue({
        operation: op,
        data: {
          share: {
            __typename: 'SharePayload',
            batchId: 'b1',
            grants: [{ __typename: 'ShareGrantResult', recipient: 'bob@example.com', outcome: 'CREATED', document: { __typename: 'Document', id: 'd1', title: 'Plan' } }],
          },
        },
        stale: false,
        hasNext: false,
      })
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('Share', () => {
  it('is a named dialog with focus in the recipient field, closed by Escape', () => {
    const onClose = vi.fn()
    render(
      <Provider value={client(() => {})}>
        <Share doc={doc} onClose={onClose} />
      </Provider>,
    )
    screen.getByRole('dialog', { name: 'Share Plan' })
    const who = screen.getByRole('combobox', { name: /share with/i })
    expect(document.activeElement).toBe(who)
    fireEvent.keyDown(who, { key: 'Escape' })
    expect(onClose).toHaveBeenCalled()
  })

  it('shares with a typed email and says so', async () => {
    const sent: unknown[] = []
    render(
      <Provider value={client((v) => sent.push(v))}>
        <Share doc={doc} onClose={() => {}} />
      </Provider>,
    )
    fireEvent.change(screen.getByRole('combobox', { name: /share with/i }), { target: { value: 'Bob@example.com' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }))
    })
    expect(sent[0]).toEqual({ input: { documentIds: ['d1'], recipients: ['bob@example.com'], permission: 'READ' } })
    screen.getByText('Plan: shared with bob@example.com')
  })

  it('refuses a name that is not a recipient', async () => {
    const sent: unknown[] = []
    render(
      <Provider value={client((v) => sent.push(v))}>
        <Share doc={doc} onClose={() => {}} />
      </Provider>,
    )
    fireEvent.change(screen.getByRole('combobox', { name: /share with/i }), { target: { value: 'bob' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }))
    })
    expect(sent).toHaveLength(0)
    expect(screen.getByRole('alert').textContent).toContain('Not an email')
  })
})
