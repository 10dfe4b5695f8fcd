import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import * as Y from 'yjs'
import * as encoding from 'lib0/encoding'
import * as syncProtocol from 'y-protocols/sync'
import { useCoedit } from './useCoedit'
import { MsgRoom, MsgSync } from './protocol'

// A socket the test plays the server on (the provider's own tests have the same).
class FakeSocket {
  static OPEN = 1
  static made: FakeSocket[] = []
  readyState = 0
  binaryType = ''
  onopen: (() => void) | null = null
  onmessage: ((e: { data: ArrayBuffer }) => void) | null = null
  onclose: ((e: { code: number }) => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.made.push(this)
  }
  send() {}
  close() {
    this.readyState = 3
  }
  say(b: Uint8Array) {
    this.onmessage?.({ data: b.slice().buffer })
  }
  join(server: Y.Doc) {
    this.readyState = 1
    this.onopen?.()
    const msg = (type: number, write: (e: encoding.Encoder) => void) => {
      const e = encoding.createEncoder()
      encoding.writeVarUint(e, type)
      write(e)
      return encoding.toUint8Array(e)
    }
    this.say(msg(MsgRoom, (e) => encoding.writeVarUint(e, 1)))
    this.say(msg(MsgSync, (e) => syncProtocol.writeSyncStep1(e, server)))
    this.say(msg(MsgSync, (e) => syncProtocol.writeSyncStep2(e, server)))
  }
}

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
    act(() => socket(0).join(new Y.Doc()))
    expect(result.current.co.state).toBe('live')
    expect(result.current.demoted).toBe(false)
    act(() => socket(0).onclose?.({ code: 4403 }))
    expect(result.current.demoted).toBe(true)
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2))
    act(() => socket(1).join(new Y.Doc()))
    expect(result.current.co.state).toBe('live')
    expect(result.current.co.provider?.phase).toBe('live')
  })
})
