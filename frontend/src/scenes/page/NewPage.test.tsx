import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { CombinedError, Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import NewPage from './NewPage'

function client(sent: unknown[]): Client {
  return {
    executeQuery: vi.fn(() => never),
    executeMutation: vi.fn((op: { variables: unknown }) => {
      sent.push(op.variables)
      return fromValue({ operation: op, error: new CombinedError({ graphQLErrors: [{ message: 'That address is taken.', extensions: { code: 'CONFLICT', field: 'slug' } }] }), stale: false, hasNext: false })
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('NewPage', () => {
  it('suggests the slug from the title, sends the page and shows the field the server refused', async () => {
    history.replaceState(null, '', '/new?space=output&path=eng')
    const sent: unknown[] = []
    render(
      <Provider value={client(sent)}>
        <NewPage />
      </Provider>,
    )
    expect((screen.getByLabelText('Space') as HTMLSelectElement).value).toBe('OUTPUT')
    expect((screen.getByLabelText('Folder') as HTMLInputElement).value).toBe('eng')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Deploy Guide' } })
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('deploy-guide')
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: 'Hi.\n' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create page' }))
    })
    expect(sent).toEqual([{ input: { space: 'OUTPUT', path: 'eng', slug: 'deploy-guide', title: 'Deploy Guide', content: 'Hi.\n' } }])
    expect(screen.getByText('That address is taken.')).toBeTruthy()
    expect(screen.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true')
  })
})
