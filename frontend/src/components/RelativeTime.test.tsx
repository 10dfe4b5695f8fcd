import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from '@testing-library/react'
import { RelativeTime } from './RelativeTime'

afterEach(cleanup)

describe('RelativeTime', () => {
  it('is a <time> with the machine date and the full date on hover', () => {
    const at = new Date(Date.now() - 3 * 3600 * 1000 - 60_000).toISOString()
    const { container } = render(<RelativeTime at={at} />)
    const t = container.querySelector('time')
    expect(t).not.toBeNull()
    expect(t?.getAttribute('dateTime')).toBe(at)
    expect(t?.getAttribute('title')).toMatch(/\d{4}/)
    expect(t?.textContent).toMatch(/3/)
  })
  it('renders nothing for no date', () => {
    const { container } = render(<RelativeTime at={null} />)
    expect(container.innerHTML).toBe('')
  })
})
