import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import * as Y from 'yjs'
import { useCoedit } from './useCoedit'
import { FakeSocket } from './socket.testing'

afterEach(() => {
  vi.unstubAllGlobals()
  FakeSocket.made = []
  localStorage.clear()
})

const socket = (i: number): FakeSocket => {
  const s = FakeSocket.made[i]
  if (!s) throw new Error(`no socket ${i}`)
  return s
}

describe('useCoedit', () => {
  it('falls back to the save flow at once when the first socket fails before it is admitted', async () => {
    vi.stubGlobal('WebSocket', FakeSocket)
    const { result } = renderHook(() => useCoedit('d1', 'p1', true, false))
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1))
    act(() => socket(0).onclose?.({ code: 1006 }))
    expect(result.current.co.state).toBe('off')
  })

  it('joins again as a follower when the room makes a writer a reader (4403)', async () => {
    vi.stubGlobal('WebSocket', FakeSocket)
    const { result } = renderHook(() => useCoedit('d1', 'p1', true, false))
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1))
    act(() => socket(0).join(1, new Y.Doc()))
    expect(result.current.co.state).toBe('live')
    expect(result.current.demoted).toBe(false)
    act(() => socket(0).onclose?.({ code: 4403 }))
    expect(result.current.demoted).toBe(true)
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2))
    act(() => socket(1).join(1, new Y.Doc()))
    expect(result.current.co.state).toBe('live')
    expect(result.current.co.provider?.phase).toBe('live')
  })
})
