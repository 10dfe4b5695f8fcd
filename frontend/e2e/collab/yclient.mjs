// A Yjs client of /collab/<document> as the app's provider speaks it
// (docs/api.md "Co-editing"): the npm yjs and y-protocols over Node's
// WebSocket (run node with --experimental-websocket on Node 20), bearer
// token auth. Used by the server tests (scenarios.mjs, driven by
// internal/server/collab_node_test.go) and the bench (bench/collab).
import * as Y from 'yjs'
import * as syncProtocol from 'y-protocols/sync'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as encoding from 'lib0/encoding'
import * as decoding from 'lib0/decoding'

export const MsgSync = 0
export const MsgAwareness = 1
export const MsgQueryAwareness = 3
export const MsgPersisted = 100
export const MsgReset = 101
export const MsgRoom = 102

/**
 * Opens a socket to base/collab/doc as token's holder. Resolves once the
 * room's generation arrived and the initial sync is done (the server's
 * sync step 2 applied). The client:
 *   doc, text (Y.Text 'content'), awareness, generation,
 *   persisted (Map clientID → clock the server committed),
 *   closed (a Promise of { code, reason }), onUpdate(fn(origin)),
 *   insert(pos, s), acked() (clock of this client the server committed),
 *   sendRaw(Uint8Array), close().
 */
export function connect(base, docID, token, opts = {}) {
  const doc = new Y.Doc()
  if (opts.clientID) doc.clientID = opts.clientID
  const text = doc.getText('content')
  const awareness = new awarenessProtocol.Awareness(doc)
  const url = base.replace(/^http/, 'ws') + '/collab/' + docID + (opts.generation ? `?generation=${opts.generation}` : '')
  const ws = new WebSocket(url, { headers: token ? { Authorization: 'Bearer ' + token } : {} })
  ws.binaryType = 'arraybuffer'
  const c = {
    doc, text, awareness, ws, generation: 0, persisted: new Map(), synced: false, listeners: [], resets: 0,
    log: [], // every message type received, in order
  }
  let closeResolve
  c.closed = new Promise((res) => { closeResolve = res })
  const send = (enc) => { if (ws.readyState === 1) ws.send(encoding.toUint8Array(enc)) }
  c.sendRaw = (bytes) => { if (ws.readyState === 1) ws.send(bytes) }
  doc.on('update', (update, origin) => {
    if (origin === c) return
    const enc = encoding.createEncoder()
    encoding.writeVarUint(enc, MsgSync)
    syncProtocol.writeUpdate(enc, update)
    send(enc)
  })
  awareness.on('update', ({ added, updated, removed }, origin) => {
    if (origin === 'remote') return
    const enc = encoding.createEncoder()
    encoding.writeVarUint(enc, MsgAwareness)
    encoding.writeVarUint8Array(enc, awarenessProtocol.encodeAwarenessUpdate(awareness, added.concat(updated, removed)))
    send(enc)
  })
  c.onUpdate = (fn) => c.listeners.push(fn)
  c.insert = (pos, s) => doc.transact(() => text.insert(pos, s))
  c.acked = () => c.persisted.get(doc.clientID) ?? 0
  c.close = () => { try { ws.close(1000) } catch {} }
  const ready = new Promise((resolve, reject) => {
    ws.onopen = () => {
      const enc = encoding.createEncoder()
      encoding.writeVarUint(enc, MsgSync)
      syncProtocol.writeSyncStep1(enc, doc)
      send(enc)
      if (opts.presence !== false) awareness.setLocalState(opts.presence || { cursor: null, user: { name: 'client' } })
    }
    ws.onmessage = (ev) => {
      const data = new Uint8Array(ev.data)
      const dec = decoding.createDecoder(data)
      const type = decoding.readVarUint(dec)
      c.log.push(type)
      switch (type) {
        case MsgRoom:
          c.generation = decoding.readVarUint(dec)
          break
        case MsgReset:
          c.resets++
          c.resetTo = decoding.readVarUint(dec)
          break
        case MsgPersisted: {
          const sv = Y.decodeStateVector(decoding.readVarUint8Array(dec))
          for (const [k, v] of sv) if ((c.persisted.get(k) ?? 0) < v) c.persisted.set(k, v)
          for (const fn of c.listeners) fn('persisted')
          break
        }
        case MsgSync: {
          const enc = encoding.createEncoder()
          encoding.writeVarUint(enc, MsgSync)
          const kind = syncProtocol.readSyncMessage(dec, enc, doc, c)
          if (encoding.length(enc) > 1) send(enc)
          if (kind === syncProtocol.messageYjsSyncStep2 && !c.synced) { c.synced = true; resolve(c) }
          for (const fn of c.listeners) fn('update', data)
          break
        }
        case MsgAwareness:
          awarenessProtocol.applyAwarenessUpdate(awareness, decoding.readVarUint8Array(dec), 'remote')
          for (const fn of c.listeners) fn('awareness')
          break
      }
    }
    ws.onclose = (ev) => {
      closeResolve({ code: ev.code, reason: ev.reason })
      reject(new Error(`closed ${ev.code} ${ev.reason} before the sync`))
    }
    ws.onerror = () => {}
  })
  ready.catch(() => {})
  c.ready = ready
  return c
}

/** Resolves when pred() holds, checked after every message and every 20 ms; rejects after ms. */
export function until(pred, ms = 10000, what = 'condition') {
  return new Promise((resolve, reject) => {
    const t0 = Date.now()
    const tick = () => {
      let v
      try { v = pred() } catch (e) { reject(e); return }
      if (v) { resolve(v); return }
      if (Date.now() - t0 > ms) { reject(new Error(`timed out after ${ms} ms waiting for ${what}`)); return }
      setTimeout(tick, 20)
    }
    tick()
  })
}

/** A closed socket's code, or rejects after ms. */
export async function closedWith(c, ms = 10000) {
  const t = new Promise((_, rej) => setTimeout(() => rej(new Error(`not closed within ${ms} ms`)), ms))
  return (await Promise.race([c.closed, t])).code
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
