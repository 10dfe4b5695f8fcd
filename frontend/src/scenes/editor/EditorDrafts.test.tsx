import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { CombinedError, Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import { EditorView } from '@codemirror/view'
import type { PageDoc } from '../page/pageDocument'
import type { Draft } from '../../lib/draft'

// IndexedDB is the browser's (tested in e2e/tests/writing.mjs): here the
// store is replaced, to see when the editor writes, offers and clears drafts.
const store = vi.hoisted(() => ({
  drafts: [] as Draft[],
  putDraft: vi.fn(async () => {}),
  clearDrafts: vi.fn(async () => {}),
}))
vi.mock('../../lib/draftStore', () => ({
  draftPerson: () => 'p1',
  draftsOf: async () => store.drafts,
  putDraft: store.putDraft,
  clearDrafts: store.clearDrafts,
  editorOpen: () => () => {},
  takeResume: () => false,
}))
const { default: Editor } = await import('./Editor')

const doc = { id: 'd1', space: 'WIKI', path: 'ops', slug: 'plan', title: 'Plan', content: 'one\n', version: 3, myPermission: 'OWNER', fileReferences: [], links: [] } as unknown as PageDoc

function client(code: string | null): Client {
  return {
    executeQuery: vi.fn(() => never),
    query: vi.fn(() => ({ toPromise: async () => ({ data: null }) })),
    executeMutation: vi.fn((op: { variables: unknown }) =>
      code
        ? fromValue({ operation: op, error: new CombinedError({ graphQLErrors: [{ message: 'gone', extensions: { code } }] }), stale: false, hasNext: false })
        : fromValue({ operation: op, data: { updateDocument: { __typename: 'UpdateDocumentPayload', changed: true, document: { __typename: 'Document', id: 'd1', title: 'Plan', content: 'x', tags: [], status: 'ACTIVE', version: 4, updatedAt: 'now' } } }, stale: false, hasNext: false }),
    ),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

const view = (container: HTMLElement) => EditorView.findFromDOM((container.querySelector('.editor-host') as HTMLElement).shadowRoot!.querySelector('[aria-label="Body"]') as HTMLElement)!

beforeEach(() => {
  // jsdom has no execCommand, which CodeMirror's focus() calls.
  document.execCommand ??= () => false
  store.drafts = []
  store.putDraft.mockClear()
  store.clearDrafts.mockClear()
})
afterEach(cleanup)

describe('Editor drafts', () => {
  it('writes a draft keyed by person, page and base version shortly after typing, and clears it on a save', async () => {
    const { container } = render(
      <Provider value={client(null)}>
        <Editor coediting={false} doc={doc} onDone={() => {}} />
      </Provider>,
    )
    await act(async () => {}) // the draft lookup
    act(() => view(container).dispatch({ changes: { from: 0, insert: 'zero\n' } }))
    await act(async () => {
      await new Promise((r) => setTimeout(r, 600))
    })
    expect(store.putDraft).toHaveBeenCalledWith({ person: 'p1', page: 'd1', baseVersion: 3, title: 'Plan', content: 'zero\none\n' })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    })
    expect(store.clearDrafts).toHaveBeenCalledWith('p1', 'd1')
  })

  it('clears the draft when the save answers NOT_FOUND', async () => {
    const { container } = render(
      <Provider value={client('NOT_FOUND')}>
        <Editor coediting={false} doc={doc} onDone={() => {}} />
      </Provider>,
    )
    await act(async () => {})
    act(() => view(container).dispatch({ changes: { from: 0, insert: 'zero\n' } }))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    })
    expect(store.clearDrafts).toHaveBeenCalledWith('p1', 'd1')
  })

  it('offers a draft back as a diff; Restore puts it in the editor', async () => {
    store.drafts = [{ key: 'k', person: 'p1', page: 'd1', baseVersion: 2, title: 'Plan', content: 'one\nmine\n', savedAt: Date.now() }]
    const { container } = render(
      <Provider value={client(null)}>
        <Editor coediting={false} doc={doc} onDone={() => {}} />
      </Provider>,
    )
    await act(async () => {})
    expect(screen.getByRole('region', { name: 'You have unsaved changes to this page' }).textContent).toContain('made on version 2 (the page is now version 3)')
    expect(screen.getByLabelText('Your unsaved changes').querySelector('.add')?.textContent).toContain('mine')
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }))
    expect(view(container).state.doc.toString()).toBe('one\nmine\n')
    expect(screen.queryByRole('region', { name: 'You have unsaved changes to this page' })).toBeNull()
  })
})
