import { describe, expect, it } from 'vitest'
import * as encoding from 'lib0/encoding'
import * as decoding from 'lib0/decoding'
import { awarenessMessage, backoff, closeOutcome, collabURL, covers, localName, readMessage, MsgPersisted, MsgReset, MsgRoom } from './protocol'

function msg(type: number, write: (e: encoding.Encoder) => void): Uint8Array {
  const e = encoding.createEncoder()
  encoding.writeVarUint(e, type)
  write(e)
  return encoding.toUint8Array(e)
}

describe('co-editing messages', () => {
  it('reads the room, reset and persisted messages', () => {
    expect(readMessage(msg(MsgRoom, (e) => encoding.writeVarUint(e, 300)))).toEqual({ type: 'room', generation: 300 })
    expect(readMessage(msg(MsgReset, (e) => encoding.writeVarUint(e, 7)))).toEqual({ type: 'reset', generation: 7 })
    const sv = new Uint8Array([1, 5, 9])
    expect(readMessage(msg(MsgPersisted, (e) => encoding.writeVarUint8Array(e, sv)))).toEqual({ type: 'persisted', vector: sv })
    // Bytes as the server writes them: 102, then varuint 300 (0xac 0x02).
    expect(readMessage(new Uint8Array([102, 0xac, 0x02]))).toEqual({ type: 'room', generation: 300 })
  })

  it('hands sync messages on with the rest of their bytes', () => {
    const m = readMessage(new Uint8Array([0, 1, 2, 0, 0]))
    expect(m.type).toBe('sync')
    if (m.type === 'sync') expect(decoding.readVarUint(m.decoder)).toBe(1)
    expect(readMessage(new Uint8Array([3]))).toEqual({ type: 'query-awareness' })
    expect(readMessage(new Uint8Array([77]))).toEqual({ type: 'unknown', code: 77 })
  })

  it('round-trips an awareness message', () => {
    const u = new Uint8Array([1, 2, 3, 4])
    expect(readMessage(awarenessMessage(u))).toEqual({ type: 'awareness', update: u })
  })
})

describe('close codes', () => {
  it('maps each code to what the editor does', () => {
    expect(closeOutcome(4409).kind).toBe('reset')
    expect(closeOutcome(4403).kind).toBe('read-only')
    expect(closeOutcome(4404).kind).toBe('gone')
    expect(closeOutcome(4401).kind).toBe('signed-out')
    expect(closeOutcome(4413).kind).toBe('too-large')
    expect(closeOutcome(4400).kind).toBe('refused')
    for (const c of [4503, 4429, 1006, 1001, 1000]) expect(closeOutcome(c).kind).toBe('reconnect')
  })

  it('backs off doubling up to 10 s', () => {
    const mid = () => 0.5
    expect(backoff(1, mid)).toBe(500)
    expect(backoff(2, mid)).toBe(1000)
    expect(backoff(4, mid)).toBe(4000)
    expect(backoff(20, mid)).toBe(10000)
    expect(backoff(1, () => 0)).toBe(375)
  })
})

describe('helpers', () => {
  it('compares state vectors', () => {
    expect(covers(new Map([[1, 5]]), new Map([[1, 5]]))).toBe(true)
    expect(covers(new Map([[1, 4]]), new Map([[1, 5]]))).toBe(false)
    expect(covers(new Map(), new Map([[2, 1]]))).toBe(false)
    expect(covers(new Map([[1, 1]]), new Map())).toBe(true)
  })

  it('builds the socket address and the local name', () => {
    expect(collabURL({ protocol: 'https:', host: 'kb.example' }, 'abc', 3)).toBe('wss://kb.example/collab/abc?generation=3')
    expect(collabURL({ protocol: 'http:', host: '127.0.0.1:8080' }, 'abc', 0)).toBe('ws://127.0.0.1:8080/collab/abc?generation=0')
    expect(localName('p', 'd', 2)).toBe('codna-coedit/p/d/2')
  })
})

describe('presence', () => {
  it('gives initials and the server’s colour of a person', async () => {
    const { initials, colourOf } = await import('./Presence')
    expect(initials('Ada Lovelace')).toBe('AL')
    expect(initials('  cy ')).toBe('C')
    expect(initials('Émile Zola Jr')).toBe('ÉZ')
    expect(colourOf('not an id')).toBe('#5b6678')
    // FNV-1a of the 16 zero bytes is 0x69691905 (internal/collab hashes the id so).
    expect(colourOf('00000000-0000-0000-0000-000000000000')).toBe(['#b4236a', '#1f6feb', '#137333', '#a15c00', '#7c3aed', '#0e7490', '#b91c1c', '#4d7c0f'][0x69691905 % 8])
  })
})

describe('what an update commits', () => {
  it('is the clock each client reaches in it', async () => {
    const Y = await import('yjs')
    const { reach } = await import('./provider')
    const a = new Y.Doc()
    a.getText('content').insert(0, 'hello')
    const first = Y.encodeStateAsUpdate(a)
    const sv = Y.encodeStateVector(a)
    a.getText('content').insert(5, '!!')
    const second = Y.encodeStateAsUpdate(a, sv)
    expect(reach(first)).toEqual(new Map([[a.clientID, 5]]))
    expect(reach(second)).toEqual(new Map([[a.clientID, 7]]))
    expect(reach(new Uint8Array([9, 9, 9]))).toEqual(new Map())
  })
})
