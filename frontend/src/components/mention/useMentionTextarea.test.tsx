import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Provider, type Client } from 'urql'
import { fromValue, never } from 'wonka'
import { useMentionTextarea } from './useMentionTextarea'

const id = '0190a000-0000-7000-8000-000000000001'

function client(): Client {
  return {
    executeQuery: vi.fn((op: { variables: { query: string } }) =>
      fromValue({
        operation: op,
        data: {
          mentionables: [
            { __typename: 'Mentionable', kind: 'USER', id, name: 'Ann Lee', slug: null, href: `mention:user/${id}` },
            { __typename: 'Mentionable', kind: 'GROUP', id: 'g1', name: 'Annex', slug: 'annex', href: 'mention:group/annex' },
          ],
        },
        stale: false,
        hasNext: false,
      }),
    ),
    executeMutation: vi.fn(() => never),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client
}

function Box() {
  const [v, setV] = useState('')
  const { textareaProps, list } = useMentionTextarea(v, setV)
  return (
    <>
      <textarea aria-label="Comment" {...textareaProps} />
      {list}
    </>
  )
}

afterEach(cleanup)

describe('useMentionTextarea', () => {
  it('offers people and groups after @ and two characters, and inserts the chosen one as a mention link', () => {
    render(
      <Provider value={client()}>
        <Box />
      </Provider>,
    )
    const box = screen.getByRole('combobox', { name: 'Comment' }) as HTMLTextAreaElement
    fireEvent.change(box, { target: { value: 'Ask @a', selectionStart: 6 } })
    expect(screen.queryByRole('listbox')).toBeNull()
    fireEvent.change(box, { target: { value: 'Ask @an', selectionStart: 7 } })
    const options = screen.getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['@Ann Lee person', '@Annex group'])
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(screen.getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(box.value).toBe(`Ask [@Ann Lee](mention:user/${id}) `)
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
