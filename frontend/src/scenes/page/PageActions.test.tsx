import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import PageActions from './PageActions'
import type { PageDoc } from './pageDocument'

const doc = {
  id: 'd1',
  space: 'WIKI',
  path: 'ops',
  slug: 'plan',
  title: 'Plan',
  tags: ['ops'],
  status: 'ACTIVE',
  version: 2,
  myPermission: 'OWNER',
} as unknown as PageDoc

function client(sent: unknown[]): Client {
  return {
    executeQuery: vi.fn(() => never),
    executeMutation: vi.fn((op: { variables: unknown }) => {
      sent.push(op.variables)
      return fromValue({
        operation: op,
        data: { updateDocument: { __typename: 'UpdateDocumentPayload', changed: true, document: { __typename: 'Document', id: 'd1', title: 'Plan', tags: ['a', 'b'], status: 'DRAFT', version: 3, updatedAt: 'now' } } },
        stale: false,
        hasNext: false,
      })
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

describe('PageActions', () => {
  it('opens the rename dialog with focus inside, closed by Escape', () => {
    render(
      <Provider value={client([])}>
        <PageActions doc={doc} onChanged={() => {}} onTrashed={() => {}} />
      </Provider>,
    )
    const opener = screen.getByRole('button', { name: 'Rename or move' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog', { name: /Rename or move/ })
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('plan')
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('saves tags and status with the version seen', async () => {
    const sent: unknown[] = []
    const onChanged = vi.fn()
    render(
      <Provider value={client(sent)}>
        <PageActions doc={doc} onChanged={onChanged} onTrashed={() => {}} />
      </Provider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Tags and status' }))
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'A, b, a' } })
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'DRAFT' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    })
    expect(sent).toEqual([{ input: { id: 'd1', expectedVersion: 2, tags: ['a', 'b'], status: 'DRAFT' } }])
    expect(onChanged).toHaveBeenCalled()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('offers the trash to the owner only', () => {
    render(
      <Provider value={client([])}>
        <PageActions doc={{ ...doc, myPermission: 'WRITE' } as PageDoc} onChanged={() => {}} onTrashed={() => {}} />
      </Provider>,
    )
    expect(screen.queryByRole('button', { name: 'Move to trash' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Rename or move' })).toBeTruthy()
  })
})
