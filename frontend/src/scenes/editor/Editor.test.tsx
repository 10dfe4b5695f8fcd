import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { CombinedError, Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import { EditorView } from '@codemirror/view'
import Editor from './Editor'
import type { PageDoc } from '../page/pageDocument'

const doc = {
  id: 'd1',
  space: 'WIKI',
  path: 'ops',
  slug: 'plan',
  title: 'Plan',
  content: 'one\ntwo\n',
  version: 3,
  myPermission: 'OWNER',
  fileReferences: [],
  links: [],
} as unknown as PageDoc

function client(saves: unknown[], conflictOnce: boolean): Client {
  let conflicted = false
  const current = { document: { __typename: 'Document', id: 'd1', title: 'Plan', content: 'one\nTWO\n', version: 4, updatedAt: 'now', updatedBy: { __typename: 'User', id: 'u2', name: 'Bob' } } }
  return {
    executeQuery: vi.fn(() => never),
    query: vi.fn(() => ({ toPromise: async () => ({ data: current }) })),
    executeMutation: vi.fn((op: { variables: unknown }) => {
      saves.push(op.variables)
      if (conflictOnce && !conflicted) {
        conflicted = true
        return fromValue({ operation: op, error: new CombinedError({ graphQLErrors: [{ message: 'stale', extensions: { code: 'CONFLICT', field: 'expectedVersion' } }] }), stale: false, hasNext: false })
      }
      return fromValue({ operation: op, data: { updateDocument: { __typename: 'UpdateDocumentPayload', changed: true, document: { __typename: 'Document', id: 'd1', title: 'New', content: 'one\ntwo\n', tags: [], status: 'ACTIVE', version: 5, updatedAt: 'now' } } }, stale: false, hasNext: false })
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

function body(container: HTMLElement): HTMLElement {
  const host = container.querySelector('.editor-host') as HTMLElement
  return host.shadowRoot?.querySelector('[aria-label="Body"]') as HTMLElement
}

describe('Editor', () => {
  it('shows the title, a labelled body editor, and saves the changed title with the version edited', async () => {
    const saves: unknown[] = []
    const onDone = vi.fn()
    const { container } = render(
      <Provider value={client(saves, false)}>
        <Editor coediting={false} doc={doc} onDone={onDone} />
      </Provider>,
    )
    expect(body(container).textContent).toContain('one')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'New' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    })
    expect(saves).toEqual([{ input: { id: 'd1', expectedVersion: 3, title: 'New' } }])
    expect(onDone).toHaveBeenCalled()
  })

  it('on a conflict shows their change and saves mine again on their version', async () => {
    const saves: unknown[] = []
    const onDone = vi.fn()
    render(
      <Provider value={client(saves, true)}>
        <Editor coediting={false} doc={doc} onDone={onDone} />
      </Provider>,
    )
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'New' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    })
    expect(screen.getByText(/Bob saved this page/)).toBeTruthy()
    const diff = screen.getByLabelText('Their change')
    expect(diff.querySelector('.del')?.textContent).toContain('two')
    expect(diff.querySelector('.add')?.textContent).toContain('TWO')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }))
    })
    expect(saves[1]).toEqual({ input: { id: 'd1', expectedVersion: 4, title: 'New', content: 'one\ntwo\n' } })
    expect(onDone).toHaveBeenCalled()
  })

  it('sends what changed, trimmed, with the save', async () => {
    const saves: unknown[] = []
    render(
      <Provider value={client(saves, false)}>
        <Editor coediting={false} doc={doc} onDone={() => {}} />
      </Provider>,
    )
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'New' } })
    const field = screen.getByLabelText('What changed? (optional)') as HTMLInputElement
    expect(field.maxLength).toBe(300)
    fireEvent.change(field, { target: { value: '  Renamed the plan  ' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    })
    expect(saves).toEqual([{ input: { id: 'd1', expectedVersion: 3, title: 'New', changeSummary: 'Renamed the plan' } }])
  })

  it('keeps the body of a raw page read-only', () => {
    const { container } = render(
      <Provider value={client([], false)}>
        <Editor coediting={false} doc={{ ...doc, space: 'RAW' } as PageDoc} onDone={() => {}} />
      </Provider>,
    )
    expect(body(container).getAttribute('contenteditable')).toBe('false')
    expect(screen.queryByLabelText('Attach files')).toBeNull()
  })

  it('bolds the selection from the toolbar', () => {
    const { container } = render(
      <Provider value={client([], false)}>
        <Editor coediting={false} doc={doc} onDone={() => {}} />
      </Provider>,
    )
    const view = EditorView.findFromDOM(body(container))!
    act(() => view.dispatch({ selection: { anchor: 0, head: 3 } }))
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }))
    expect(view.state.doc.toString()).toBe('**one**\ntwo\n')
    expect(view.state.sliceDoc(view.state.selection.main.from, view.state.selection.main.to)).toBe('one')
  })

  it('saves with Ctrl-S from outside the body', async () => {
    const saves: unknown[] = []
    render(
      <Provider value={client(saves, false)}>
        <Editor coediting={false} doc={doc} onDone={() => {}} />
      </Provider>,
    )
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'New' } })
    await act(async () => {
      fireEvent.keyDown(screen.getByLabelText('What changed? (optional)'), { key: 's', ctrlKey: true })
    })
    expect(saves).toEqual([{ input: { id: 'd1', expectedVersion: 3, title: 'New' } }])
  })

  it('after a rename made while editing, saves the body on the renamed version without a conflict', async () => {
    const saves: unknown[] = []
    const { container, rerender } = render(
      <Provider value={client(saves, false)}>
        <Editor coediting={false} doc={doc} onDone={() => {}} />
      </Provider>,
    )
    const view = EditorView.findFromDOM(body(container))!
    act(() => view.dispatch({ changes: { from: 0, insert: 'zero\n' } }))
    rerender(
      <Provider value={client(saves, false)}>
        <Editor coediting={false} doc={{ ...doc, title: 'Plan B', slug: 'plan-b', version: 4 } as PageDoc} onDone={() => {}} />
      </Provider>,
    )
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Plan B')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    })
    expect(saves).toEqual([{ input: { id: 'd1', expectedVersion: 4, content: 'zero\none\ntwo\n' } }])
  })
})

describe('Editor modes', () => {
  it('switches to live preview, remembers it for the person, and starts in it next time', () => {
    localStorage.clear()
    const first = render(
      <Provider value={client([], false)}>
        <Editor coediting={false} doc={doc} onDone={() => {}} />
      </Provider>,
    )
    const live = () => screen.getByRole('button', { name: 'Live' })
    const cm = (c: HTMLElement) => (c.querySelector('.editor-host') as HTMLElement).shadowRoot!.querySelector('.cm-editor') as HTMLElement
    expect(live().getAttribute('aria-pressed')).toBe('false')
    expect(cm(first.container).classList.contains('cm-live-preview')).toBe(false)
    fireEvent.click(live())
    expect(live().getAttribute('aria-pressed')).toBe('true')
    expect(cm(first.container).classList.contains('cm-live-preview')).toBe(true)
    first.unmount()
    const again = render(
      <Provider value={client([], false)}>
        <Editor coediting={false} doc={doc} onDone={() => {}} />
      </Provider>,
    )
    expect(live().getAttribute('aria-pressed')).toBe('true')
    expect(cm(again.container).classList.contains('cm-live-preview')).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Source' }))
    expect(cm(again.container).classList.contains('cm-live-preview')).toBe(false)
    localStorage.clear()
  })
})
