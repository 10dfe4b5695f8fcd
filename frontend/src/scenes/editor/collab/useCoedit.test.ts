import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import * as Y from 'yjs'
import { useCoedit } from './useCoedit'
import * as encoding from 'lib0/encoding'
import { FakeSocket, msg } from './socket.testing'
import { MsgReset } from './protocol'

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

  it('tries again, not the save flow, when a first socket that opened drops before it is admitted', async () => {
    // A socket the server upgraded reached the room: its drop (1006, e.g. a
    // reset whose MsgReset and 4409 were lost with the connection) is not
    // "co-editing unreachable". The retry is reset as the first socket
    // should have been, and the editor joins the room.
    vi.stubGlobal('WebSocket', FakeSocket)
    localStorage.setItem('codna-coedit-generation/p1/d1', '1')
    const { result } = renderHook(() => useCoedit('d1', 'p1', true, false))
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1))
    act(() => socket(0).open())
    act(() => socket(0).drop(1006))
    expect(result.current.co.state).toBe('deciding')
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2), { timeout: 2000 })
    expect(socket(1).url).toContain('generation=1')
    act(() => {
      socket(1).open()
      socket(1).say(msg(MsgReset, (e) => encoding.writeVarUint(e, 2)))
      socket(1).drop(4409)
    })
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(3))
    expect(socket(2).url).toContain('generation=2')
    const server = new Y.Doc()
    server.getText('content').insert(0, 'Replaced through the API.\n')
    act(() => socket(2).join(2, server))
    await vi.waitFor(() => expect(result.current.co.state).toBe('live'))
    expect(result.current.co.provider?.text.toString()).toBe('Replaced through the API.\n')
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
