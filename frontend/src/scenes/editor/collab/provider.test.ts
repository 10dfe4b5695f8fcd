import { afterEach, describe, expect, it, vi } from 'vitest'
import * as Y from 'yjs'
import * as encoding from 'lib0/encoding'
import * as decoding from 'lib0/decoding'
import * as syncProtocol from 'y-protocols/sync'
import { CollabProvider, storedGeneration } from './provider'
import { MsgReset, MsgSync, MsgPersisted } from './protocol'
import { FakeSocket, msg } from './socket.testing'

function setup(generation?: number) {
  const sockets: FakeSocket[] = []
  const resets: number[] = []
  const changes: { phase: string; attempts: number }[] = []
  vi.stubGlobal('WebSocket', FakeSocket)
  const p = new CollabProvider({
    person: 'p1',
    page: 'd1',
    generation,
    onChange: () => changes.push({ phase: p.phase, attempts: p.attempts }),
    onReset: (g) => resets.push(g),
    url: (g) => `ws://test/collab/d1?generation=${g}`,
    socket: (url) => {
      const s = new FakeSocket(url)
      sockets.push(s)
      return s as unknown as WebSocket
    },
  })
  const s = (i: number): FakeSocket => {
    const x = sockets[i]
    if (!x) throw new Error(`no socket ${i}`)
    return x
  }
  return { p, sockets, resets, s, changes }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  localStorage.clear()
})

describe('CollabProvider', () => {
  it('joins, syncs the room’s text, sends typing as updates and counts what the server committed', async () => {
    const { p, s } = setup(0)
    await p.start()
    const server = new Y.Doc()
    server.getText('content').insert(0, 'Hello')
    s(0).join(4, server)
    expect(p.phase).toBe('live')
    expect(p.generation).toBe(4)
    expect(storedGeneration('p1', 'd1')).toBe(4)
    expect(p.text.toString()).toBe('Hello')
    // The server's state was committed: nothing of ours waits.
    expect(p.saved).toBe(true)
    p.text.insert(5, '!')
    expect(p.saved).toBe(false)
    const d = decoding.createDecoder(s(0).sent[s(0).sent.length - 1] ?? new Uint8Array())
    expect(decoding.readVarUint(d)).toBe(MsgSync)
    expect(decoding.readVarUint(d)).toBe(syncProtocol.messageYjsUpdate)
    s(0).say(msg(MsgPersisted, (e) => encoding.writeVarUint8Array(e, Y.encodeStateVector(p.doc))))
    expect(p.saved).toBe(true)
    p.destroy()
  })

  it('reconnects after 4503 and keeps typing meanwhile', async () => {
    vi.useFakeTimers()
    const { p, sockets, s } = setup(0)
    await p.start()
    s(0).join(1, new Y.Doc())
    s(0).drop(4503)
    expect(p.phase).toBe('offline')
    p.text.insert(0, 'offline words')
    vi.advanceTimersByTime(1000)
    expect(sockets).toHaveLength(2)
    expect(s(1).url).toBe('ws://test/collab/d1?generation=1')
    const server = new Y.Doc()
    s(1).join(1, server)
    // Our sync step 2 (the answer to the server's step 1) carries what was typed offline.
    const answers = s(1).sent.map((b) => decoding.createDecoder(b)).filter((d) => decoding.readVarUint(d) === MsgSync && decoding.readVarUint(d) === syncProtocol.messageYjsSyncStep2)
    expect(answers).toHaveLength(1)
    Y.applyUpdate(server, decoding.readVarUint8Array(answers[0] ?? decoding.createDecoder(new Uint8Array())))
    expect(server.getText('content').toString()).toBe('offline words')
    expect(p.phase).toBe('live')
    p.destroy()
  })

  it('tells at once that a first socket failed before it was admitted, so the editor can fall back', async () => {
    vi.useFakeTimers()
    const { p, s, changes } = setup(0)
    await p.start()
    s(0).drop(1006)
    expect(p.joinedOnce).toBe(false)
    expect(changes.at(-1)).toEqual({ phase: 'connecting', attempts: 1 })
    p.destroy()
  })

  it('becomes read-only on 4403, closes on 4404, and never reconnects then', async () => {
    vi.useFakeTimers()
    for (const [code, kind] of [
      [4403, 'read-only'],
      [4404, 'gone'],
      [4401, 'signed-out'],
      [4413, 'too-large'],
    ] as const) {
      const { p, sockets, s } = setup(0)
      await p.start()
      s(0).join(1, new Y.Doc())
      s(0).drop(code)
      vi.advanceTimersByTime(20_000)
      expect(p.phase).toBe('closed')
      expect(p.outcome?.kind).toBe(kind)
      expect(sockets).toHaveLength(1)
      p.destroy()
    }
  })

  it('on MsgReset and 4409 drops its copy and asks for the new generation, never merging', async () => {
    localStorage.setItem('codna-coedit-generation/p1/d1', '3')
    const { p, resets, s } = setup()
    await p.start()
    expect(p.generation).toBe(3)
    expect(s(0).url).toBe('ws://test/collab/d1?generation=3')
    s(0).open()
    s(0).say(msg(MsgReset, (e) => encoding.writeVarUint(e, 7)))
    s(0).drop(4409)
    expect(resets).toEqual([7])
    expect(storedGeneration('p1', 'd1')).toBe(7)
    expect(p.outcome?.kind).toBe('reset')
    p.destroy()
  })
})
