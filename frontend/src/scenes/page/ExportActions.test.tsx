import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import ExportActions from './ExportActions'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('ExportActions', () => {
  it('links the markdown download and prints with the browser', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    render(<ExportActions id="0193a7b0-0c1d-7e2f-8a9b-0c1d2e3f4a5b" />)
    const link = screen.getByRole('link', { name: 'Download (.md)' })
    expect(link.getAttribute('href')).toBe('/documents/0193a7b0-0c1d-7e2f-8a9b-0c1d2e3f4a5b.md')
    expect(link.hasAttribute('download')).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledTimes(1)
  })
})
