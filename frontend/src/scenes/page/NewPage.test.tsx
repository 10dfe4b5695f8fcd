import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { CombinedError, Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import { EditorView } from '@codemirror/view'
import NewPage from './NewPage'
import { folderShareWords } from './NewPageAudience'

interface Audience {
  default: 'PRIVATE' | 'EVERYONE_READ'
  folders: { path: string; recipient: string; name: string; permission: string }[]
}

function client(sent: unknown[], audience: Audience = { default: 'PRIVATE', folders: [] }, asked: unknown[] = []): Client {
  return {
    executeQuery: vi.fn((op: { variables: { space: string; path: string } }) => {
      asked.push(op.variables)
      return fromValue({
        operation: op,
        data: { newPageAudience: { __typename: 'PageAudience', space: op.variables.space, path: op.variables.path, ...audience, folders: audience.folders.map((f) => ({ __typename: 'FolderAudience', ...f })) } },
        stale: false,
        hasNext: false,
      })
    }),
    executeMutation: vi.fn((op: { variables: unknown }) => {
      sent.push(op.variables)
      return fromValue({ operation: op, error: new CombinedError({ graphQLErrors: [{ message: 'That address is taken.', extensions: { code: 'CONFLICT', field: 'slug' } }] }), stale: false, hasNext: false })
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

afterEach(cleanup)

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement

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
    // The body is the page editor's CodeMirror, in a shadow root.
    const body = document.querySelector('.editor-host')?.shadowRoot?.querySelector('[aria-label="Body"]') as HTMLElement
    expect(body.getAttribute('contenteditable')).toBe('true')
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy()
    const view = EditorView.findFromDOM(body)!
    act(() => view.dispatch({ changes: { from: 0, insert: 'Hi.\n' } }))
    expect(radio('Only you, and whoever you share it with').checked).toBe(true)
    expect(screen.getByText('In the output, new pages are private by default.')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create page' }))
    })
    expect(sent).toEqual([{ input: { space: 'OUTPUT', path: 'eng', slug: 'deploy-guide', title: 'Deploy Guide', content: 'Hi.\n', access: 'DEFAULT' } }])
    expect(screen.getByText('That address is taken.')).toBeTruthy()
    expect(screen.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true')
  })

  it('shows who will see the page, starting from the space default, and sends the author’s choice', async () => {
    history.replaceState(null, '', '/new?space=wiki&path=engineering/onboarding')
    const sent: unknown[] = []
    const asked: unknown[] = []
    const audience: Audience = {
      default: 'EVERYONE_READ',
      folders: [{ path: 'engineering', recipient: 'group:platform', name: 'Platform', permission: 'READ' }],
    }
    render(
      <Provider value={client(sent, audience, asked)}>
        <NewPage />
      </Provider>,
    )
    expect(asked).toContainEqual({ space: 'WIKI', path: 'engineering/onboarding' })
    expect(radio('Everyone can read it').checked).toBe(true)
    expect(screen.getByText(/In the wiki, everyone can read new pages by default/)).toBeTruthy()
    expect(screen.getByText('Shared with Platform through the folder engineering/')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Secret plan' } })
    fireEvent.click(radio('Only you, and whoever you share it with'))
    expect(radio('Only you, and whoever you share it with').checked).toBe(true)
    fireEvent.change(screen.getByLabelText('Also share with'), { target: { value: 'ben@example.com, group:leads' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create page' }))
    })
    expect(sent).toEqual([
      {
        input: {
          space: 'WIKI',
          path: 'engineering/onboarding',
          slug: 'secret-plan',
          title: 'Secret plan',
          content: '',
          access: 'PRIVATE',
          shareWith: ['ben@example.com', 'group:leads'],
        },
      },
    ])
  })

  it('refuses a recipient that is not one before sending', async () => {
    history.replaceState(null, '', '/new')
    const sent: unknown[] = []
    render(
      <Provider value={client(sent)}>
        <NewPage />
      </Provider>,
    )
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Notes' } })
    fireEvent.change(screen.getByLabelText('Also share with'), { target: { value: 'ben' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create page' }))
    })
    expect(sent).toEqual([])
    expect(screen.getByText('Name people by email and groups as group:<slug>, or leave them out.')).toBeTruthy()
    expect(screen.getByText(/Not a recipient: ben\./)).toBeTruthy()
  })
})

describe('NewPage from a template', () => {
  it('offers the readable templates, previews the filled body and sends the template instead of a body', async () => {
    history.replaceState(null, '', '/new?space=wiki&path=meetings')
    const sent: unknown[] = []
    const c = {
      executeQuery: vi.fn((op: { query: { definitions: { name?: { value: string } }[] }; variables: { space?: string; path?: string } }) => {
        const name = op.query.definitions.find((d) => d.name)?.name?.value
        const data =
          name === 'NewPageTemplates'
            ? {
                templates: [{ __typename: 'Document', id: 't1', space: 'WIKI', path: 'templates', slug: 'meeting', title: 'Meeting notes', tags: ['template', 'meeting'], content: '# {{title}}\n\nBy {{author}} on {{date}}\n' }],
                me: { __typename: 'User', name: 'Ana Lima' },
              }
            : { newPageAudience: { __typename: 'PageAudience', space: op.variables.space, path: op.variables.path, default: 'PRIVATE', folders: [] } }
        return fromValue({ operation: op, data, stale: false, hasNext: false })
      }),
      executeMutation: vi.fn((op: { variables: unknown }) => {
        sent.push(op.variables)
        return fromValue({ operation: op, error: new CombinedError({ graphQLErrors: [{ message: 'No.', extensions: { code: 'CONFLICT', field: 'slug' } }] }), stale: false, hasNext: false })
      }),
      executeSubscription: vi.fn(() => never),
    } as unknown as Client
    render(
      <Provider value={c}>
        <NewPage />
      </Provider>,
    )
    const pick = screen.getByLabelText('Start from') as HTMLSelectElement
    expect([...pick.options].map((o) => o.text)).toEqual(['A blank page', 'Template: Meeting notes'])
    fireEvent.change(pick, { target: { value: 't1' } })
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Weekly sync' } })
    const today = new Date().toISOString().slice(0, 10)
    const body = screen.getByLabelText('Body') as HTMLTextAreaElement
    expect(body.readOnly).toBe(true)
    expect(body.value).toBe(`# Weekly sync\n\nBy Ana Lima on ${today}\n`)
    expect(screen.getByText('From the template: #meeting')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create page' }))
    })
    expect(sent).toEqual([{ input: { space: 'WIKI', path: 'meetings', slug: 'weekly-sync', title: 'Weekly sync', templateId: 't1', access: 'DEFAULT' } }])
  })
})

describe('folderShareWords', () => {
  it('names the folder, the whole space, and edit rights', () => {
    expect(folderShareWords({ path: 'engineering', name: 'Platform', recipient: 'group:platform', permission: 'READ' }, 'WIKI')).toBe(
      'Shared with Platform through the folder engineering/',
    )
    expect(folderShareWords({ path: '', name: '', recipient: 'ben@example.com', permission: 'WRITE' }, 'WIKI')).toBe(
      'Shared with ben@example.com through the whole wiki (can edit)',
    )
  })
})
