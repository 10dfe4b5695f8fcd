import * as encoding from 'lib0/encoding'
import * as decoding from 'lib0/decoding'

// The co-editing socket's messages (docs/frontend.md, "Co-editing"): the
// y-websocket protocol (sync, awareness, query awareness) plus CoDNA's own
// three, and what each close code means for the editor. Pure: no socket,
// no document, tested alone.

export const MsgSync = 0
export const MsgAwareness = 1
export const MsgQueryAwareness = 3
/** The state vector the server has committed (varUint8Array). */
export const MsgPersisted = 100
/** The room's generation is newer than the local copy: drop it (varuint generation). */
export const MsgReset = 101
/** The first message of every socket: the room's generation (varuint). */
export const MsgRoom = 102

/** A CoDNA message read off the socket; sync and awareness carry the rest of the decoder. */
export type Incoming =
  | { type: 'sync'; decoder: decoding.Decoder }
  | { type: 'awareness'; update: Uint8Array }
  | { type: 'query-awareness' }
  | { type: 'persisted'; vector: Uint8Array }
  | { type: 'reset'; generation: number }
  | { type: 'room'; generation: number }
  | { type: 'unknown'; code: number }

/** Reads one socket message's type and CoDNA payload. */
export function readMessage(data: Uint8Array): Incoming {
  const d = decoding.createDecoder(data)
  const t = decoding.readVarUint(d)
  switch (t) {
    case MsgSync:
      return { type: 'sync', decoder: d }
    case MsgAwareness:
      return { type: 'awareness', update: decoding.readVarUint8Array(d) }
    case MsgQueryAwareness:
      return { type: 'query-awareness' }
    case MsgPersisted:
      return { type: 'persisted', vector: decoding.readVarUint8Array(d) }
    case MsgReset:
      return { type: 'reset', generation: decoding.readVarUint(d) }
    case MsgRoom:
      return { type: 'room', generation: decoding.readVarUint(d) }
    default:
      return { type: 'unknown', code: t }
  }
}

/** An awareness message carrying an encoded awareness update. */
export function awarenessMessage(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder()
  encoding.writeVarUint(e, MsgAwareness)
  encoding.writeVarUint8Array(e, update)
  return encoding.toUint8Array(e)
}

/** What the editor does after the socket closed with a code. */
export type CloseOutcome =
  | { kind: 'reconnect' }
  | { kind: 'reset' }
  | { kind: 'read-only'; message: string }
  | { kind: 'gone'; message: string }
  | { kind: 'signed-out'; message: string }
  | { kind: 'too-large'; message: string }
  | { kind: 'refused'; message: string }

/** The outcome of a close code (the server's codes: docs/api.md, "Co-editing"). */
export function closeOutcome(code: number): CloseOutcome {
  switch (code) {
    case 4409:
      return { kind: 'reset' }
    case 4403:
      return { kind: 'read-only', message: 'You can no longer edit this page: it is read-only for you now. What you typed since the last save was not kept.' }
    case 4404:
      return { kind: 'gone', message: 'This page is no longer yours to read (your access was removed, or it went to the trash). The editor is closed.' }
    case 4401:
      return { kind: 'signed-out', message: 'You were signed out: sign in again to keep editing.' }
    case 4413:
      return { kind: 'too-large', message: 'That change is too large for the page (a page has a size limit): it was not saved. Reload the page to continue.' }
    case 4400:
      return { kind: 'refused', message: 'The server refused a message from this editor. Reload the page to continue.' }
    default:
      // 4503 (the server is going away), 4429 (too slow), 1006 (network): try again.
      return { kind: 'reconnect' }
  }
}

/** How long to wait before the n-th reconnection attempt (n from 1), in ms: doubling from 500 ms up to 10 s, with jitter. */
export function backoff(n: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** Math.max(0, n - 1))
  return Math.round(base * (0.75 + random() * 0.5))
}

/** Whether a state vector covers another: every client's clock in `have` is at least the one in `need`. */
export function covers(have: Map<number, number>, need: Map<number, number>): boolean {
  for (const [client, clock] of need) if ((have.get(client) ?? 0) < clock) return false
  return true
}

/** The websocket address of a page's room for a generation (0: no local copy). */
export function collabURL(loc: { protocol: string; host: string }, page: string, generation: number): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/collab/${encodeURIComponent(page)}?generation=${generation}`
}

/** Where a person's local copy of a page's generation is kept (IndexedDB database name). */
export function localName(person: string, page: string, generation: number): string {
  return `codna-coedit/${person}/${page}/${generation}`
}
