import { afterEach, describe, expect, it, vi } from 'vitest'
import { useRef, useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Dialog } from './Dialog'

afterEach(cleanup)

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  const name = useRef<HTMLInputElement>(null)
  const close = () => {
    onClose()
    setOpen(false)
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog label="Example" className="example-dialog" onClose={close} initialFocus={name}>
          <button type="button">First</button>
          <input aria-label="Name" ref={name} />
          <button type="button">Last</button>
          <button type="button" disabled>
            Off
          </button>
          <div hidden>
            <button type="button">Hidden</button>
          </div>
        </Dialog>
      )}
    </>
  )
}

function openIt(onClose?: () => void) {
  render(<Harness onClose={onClose} />)
  const opener = screen.getByRole('button', { name: 'Open' })
  opener.focus()
  fireEvent.click(opener)
  return opener
}

describe('Dialog', () => {
  it('is a named modal dialog with its class, focus moved in', () => {
    openIt()
    const box = screen.getByRole('dialog', { name: 'Example' })
    expect(box.getAttribute('aria-modal')).toBe('true')
    expect(box.className).toBe('example-dialog')
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }))
  })

  it('focuses the first focusable element without initialFocus, or the one a selector names', () => {
    render(
      <Dialog label="Plain" onClose={() => {}}>
        <button type="button">One</button>
        <button type="button">Two</button>
      </Dialog>,
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'One' }))
    cleanup()
    render(
      <Dialog label="Chosen" onClose={() => {}} initialFocus="button.pick">
        <button type="button">One</button>
        <button type="button" className="pick">
          Two
        </button>
      </Dialog>,
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Two' }))
  })

  it('closes on Escape and returns focus to the opener', () => {
    const onClose = vi.fn()
    const opener = openIt(onClose)
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('closes on Escape even when focus has left the dialog, but not when the key was handled inside', () => {
    const onClose = vi.fn()
    render(
      <Dialog label="Example" onClose={onClose}>
        <input
          aria-label="Combo"
          onKeyDown={(e) => {
            if (e.key === 'Escape') e.preventDefault()
          }}
        />
      </Dialog>,
    )
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Combo' }), { key: 'Escape' })
    expect(onClose).not.toHaveBeenCalled()
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('keeps Tab inside: wraps from last to first and back, skipping disabled and hidden controls', () => {
    openIt()
    const first = screen.getByRole('button', { name: 'First' })
    const last = screen.getByRole('button', { name: 'Last' })
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(document.activeElement).toBe(first)
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
  })

  it('leaves Tab alone between the ends, and passes other keys to onKeyDown', () => {
    const onKeyDown = vi.fn()
    render(
      <Dialog label="Example" onClose={() => {}} onKeyDown={onKeyDown}>
        <button type="button">A</button>
        <button type="button">B</button>
        <button type="button">C</button>
      </Dialog>,
    )
    const b = screen.getByRole('button', { name: 'B' })
    b.focus()
    const tab = fireEvent.keyDown(b, { key: 'Tab' })
    expect(tab).toBe(true) // not prevented: the browser moves focus
    expect(onKeyDown).not.toHaveBeenCalled()
    fireEvent.keyDown(b, { key: 'ArrowDown' })
    expect(onKeyDown).toHaveBeenCalledTimes(1)
  })
})
