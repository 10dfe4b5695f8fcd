// The co-editing engine: the real yjs run inside QuickJS by internal/crdt
// (docs/design.md "Co-editing"). Every function takes and returns
// ArrayBuffers and strings; a list of updates comes packed as lib0 writes
// it (a count, then each update with its length). Nothing here keeps state
// between calls: each call builds its document from what it is given.
import './shim.js'
import * as Y from 'yjs'
import * as decoding from 'lib0/decoding'
import diff from 'fast-diff'

const ROOT = 'content'

const unpack = (packed) => {
  const d = decoding.createDecoder(new Uint8Array(packed))
  const n = decoding.readVarUint(d)
  const out = []
  for (let i = 0; i < n; i++) out.push(decoding.readVarUint8Array(d))
  return out
}

// load applies the updates one after another in one transaction: in
// QuickJS, Y.mergeUpdates of a busy room's log (a thousand one-keystroke
// updates) took over the 2 s wall limit, so its log could never be
// compacted nor its revision written.
const load = (packed) => {
  const doc = new Y.Doc()
  const updates = unpack(packed)
  doc.transact(() => {
    for (const u of updates) Y.applyUpdate(doc, u)
  })
  return doc
}

const buf = (u8) => u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength)

// compact: the document of a state and its log as one state, with its state
// vector, a snapshot (what a revision written from it records) and its text.
globalThis.crdtCompact = (packed) => {
  const doc = load(packed)
  return {
    state: buf(Y.encodeStateAsUpdate(doc)),
    vector: buf(Y.encodeStateVector(doc)),
    snapshot: buf(Y.encodeSnapshot(Y.snapshot(doc))),
    text: doc.getText(ROOT).toString(),
  }
}

// diff: what a client whose state vector is sv lacks (sync step 2).
globalThis.crdtDiff = (packed, sv) => buf(Y.encodeStateAsUpdate(load(packed), new Uint8Array(sv)))

// text: the page's text.
globalThis.crdtText = (packed) => load(packed).getText(ROOT).toString()

// fromText: a new document holding text, written by client.
globalThis.crdtFromText = (text, client) => {
  const doc = new Y.Doc()
  doc.clientID = client
  doc.getText(ROOT).insert(0, text)
  return buf(Y.encodeStateAsUpdate(doc))
}

// visibleAt lists, in document order, the runs of the text's items as a
// snapshot saw them: [item, first clock offset, length].
const visibleAt = (ytext, snap) => {
  const runs = []
  for (let item = ytext._start; item !== null; item = item.right) {
    // Text deleted since the snapshot has lost its characters (garbage
    // collected) but kept its length and identity.
    const known = item.content instanceof Y.ContentString
    if (!known && !(item.content instanceof Y.ContentDeleted)) continue
    const client = item.id.client
    const end = Math.min(item.length, (snap.sv.get(client) || 0) - item.id.clock)
    let off = 0
    while (off < end) {
      // the part of [off, end) not deleted in the snapshot
      const deleted = (snap.ds.clients.get(client) || []).find((r) => r.clock <= item.id.clock + off && item.id.clock + off < r.clock + r.len)
      if (deleted) { off = deleted.clock + deleted.len - item.id.clock; continue }
      const next = (snap.ds.clients.get(client) || []).filter((r) => r.clock > item.id.clock + off).reduce((m, r) => Math.min(m, r.clock - item.id.clock), end)
      runs.push([item, off, Math.min(next, end) - off, known ? item.content.str : null])
      off = Math.min(next, end)
    }
  }
  return runs
}

// relAt is a relative position for index i of the text as the runs show it.
const relAt = (ytext, runs, i) => {
  let at = 0
  for (const [item, off, len] of runs) {
    if (i < at + len) return Y.createRelativePositionFromJSON({ type: null, tname: ROOT, item: { client: item.id.client, clock: item.id.clock + off + (i - at) }, assoc: 0 })
    at += len
  }
  return Y.createRelativePositionFromTypeIndex(ytext, ytext.length) // the end
}

// edit: the update that turns base into next in the live document, where
// base is the text as the snapshot saw it (the revision an API write was
// based on). The change's positions are taken in the snapshot and carried
// to today's text through relative positions, so what people typed since
// stays where they typed it. Without a snapshot whose text is base,
// positions are carried through a text diff of base and today.
globalThis.crdtEdit = (packed, snapshot, base, next, client) => {
  const doc = load(packed)
  doc.clientID = client
  const ytext = doc.getText(ROOT)
  let runs = null
  if (snapshot && snapshot.byteLength) {
    const snap = Y.decodeSnapshot(new Uint8Array(snapshot))
    const r = visibleAt(ytext, snap)
    let at = 0
    let same = true
    for (const [, off, len, str] of r) {
      if (str !== null && str.slice(off, off + len) !== base.slice(at, at + len)) same = false
      at += len
    }
    if (same && at === base.length) runs = r
  }
  // Without a snapshot that saw base, positions in base are carried to
  // today's text through a diff of the two (as a three-way merge does).
  let toToday = (i) => i
  if (runs === null) {
    const today = ytext.toString()
    runs = visibleAt(ytext, Y.snapshot(doc))
    const parts = diff(base, today)
    toToday = (i) => {
      let b = 0
      let t = 0
      for (const [kind, s] of parts) {
        if (kind === diff.INSERT) { t += s.length; continue }
        if (i < b + s.length) return kind === diff.EQUAL ? t + (i - b) : t
        b += s.length
        if (kind === diff.EQUAL) t += s.length
      }
      return t
    }
  }
  // Every position is taken before anything changes, as a relative
  // position; each is resolved when its change is made, in order.
  const ops = []
  let i = 0
  for (const [kind, s] of diff(base, next)) {
    if (kind === diff.EQUAL) { i += s.length; continue }
    if (kind === diff.INSERT) ops.push({ s, at: relAt(ytext, runs, toToday(i)) })
    else {
      ops.push({ at: relAt(ytext, runs, toToday(i)), to: relAt(ytext, runs, toToday(i + s.length)) })
      i += s.length
    }
  }
  const sv = Y.encodeStateVector(doc)
  const abs = (rel) => Y.createAbsolutePositionFromRelativePosition(rel, doc).index
  doc.transact(() => {
    for (const op of ops) {
      const at = abs(op.at)
      if (op.s !== undefined) ytext.insert(at, op.s)
      else if (abs(op.to) > at) ytext.delete(at, abs(op.to) - at)
    }
  })
  return buf(Y.encodeStateAsUpdate(doc, sv))
}
