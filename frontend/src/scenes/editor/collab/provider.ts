import * as Y from 'yjs'
import * as encoding from 'lib0/encoding'
import * as decoding from 'lib0/decoding'
import * as syncProtocol from 'y-protocols/sync'
import * as awarenessProtocol from 'y-protocols/awareness'
import { IndexeddbPersistence } from 'y-indexeddb'
import { awarenessMessage, backoff, closeOutcome, collabURL, covers, localName, readMessage, MsgSync, type CloseOutcome } from './protocol'

// The co-editing client (docs/frontend.md, "Co-editing"): one page's Y.Doc
// synced over /collab/<page> with the y-websocket protocol, kept in
// IndexedDB per person, page and generation so nothing typed is lost on a
// reload before the server committed it, and reset (never merged) when the
// room's generation moved on.

/** Where the provider stands. */
export type Phase =
  /** Not yet synced with the room (first connection). */
  | 'connecting'
  /** Synced: typing reaches the room. */
  | 'live'
  /** Was live; the socket dropped and reconnects (typing stays here meanwhile). */
  | 'offline'
  /** Closed for good: `outcome` says why. */
  | 'closed'

export interface ProviderOptions {
  person: string
  page: string
  /** The generation to open with (0: none known); the stored one when omitted. */
  generation?: number
  /** Called on every change of phase, presence or what is committed. */
  onChange: () => void
  /** The room replaced the page (MsgReset): start a new provider with this generation. */
  onReset: (generation: number) => void
  /** Following only (a reader): nothing is typed here, so no copy is kept in IndexedDB. */
  follow?: boolean
  /** Where sockets go (tests); the page's host by default. */
  url?: (generation: number) => string
  socket?: (url: string) => WebSocket
}

/** The clock each client reaches in an update: what a committed update adds to the committed state vector. */
export function reach(update: Uint8Array): Map<number, number> {
  const out = new Map<number, number>()
  try {
    for (const st of Y.decodeUpdate(update).structs) if (!(st instanceof Y.Skip)) out.set(st.id.client, Math.max(out.get(st.id.client) ?? 0, st.id.clock + st.length))
  } catch {
    // Not an update this version reads: nothing counted.
  }
  return out
}

const generationKey = (person: string, page: string) => `codna-coedit-generation/${person}/${page}`

/** The generation of a person's local copy of a page (0: none). */
export function storedGeneration(person: string, page: string): number {
  try {
    const v = Number(localStorage.getItem(generationKey(person, page)))
    return Number.isSafeInteger(v) && v > 0 ? v : 0
  } catch {
    return 0
  }
}

function storeGeneration(person: string, page: string, g: number) {
  try {
    localStorage.setItem(generationKey(person, page), String(g))
  } catch {
    // Private mode: the copy still lives for this visit.
  }
}

/** One page's co-editing connection. Call start(), then destroy() when the editor closes. */
export class CollabProvider {
  readonly doc = new Y.Doc()
  readonly text = this.doc.getText('content')
  readonly awareness = new awarenessProtocol.Awareness(this.doc)
  phase: Phase = 'connecting'
  outcome: CloseOutcome | null = null
  generation: number
  /** The state vector the server has committed. */
  private persisted = new Map<number, number>()
  private ws: WebSocket | null = null
  /** Failed connections in a row. */
  attempts = 0
  /** Whether a socket of this provider was ever admitted to the room. */
  joinedOnce = false
  /** Whether a socket of this provider ever opened (the server upgraded it: the room is reachable). */
  openedOnce = false
  private timer: ReturnType<typeof setTimeout> | undefined
  private local: IndexeddbPersistence | null = null
  private resetTo = 0
  private destroyed = false
  /** The current socket was admitted (MsgRoom came): updates may go. */
  private joined = false

  constructor(private readonly o: ProviderOptions) {
    this.generation = o.generation ?? storedGeneration(o.person, o.page)
    this.doc.on('update', this.onUpdate)
    this.awareness.on('update', this.onAwareness)
  }

  /** Loads the local copy (if any) and connects. */
  async start(): Promise<void> {
    if (this.generation > 0 && !this.o.follow) await this.keepLocally(this.generation)
    if (!this.destroyed) this.connect()
  }

  /** Whether everything in this copy is committed by the server. */
  get saved(): boolean {
    return covers(this.persisted, Y.decodeStateVector(Y.encodeStateVector(this.doc)))
  }

  /** Everyone else here (their awareness states, with the server's `user` on each), by name. */
  get others(): { client: number; name: string; color: string }[] {
    const out: { client: number; name: string; color: string }[] = []
    this.awareness.getStates().forEach((s, client) => {
      const u = (s as { user?: { name?: unknown; color?: unknown } }).user
      if (client === this.doc.clientID || !u || typeof u.name !== 'string') return
      out.push({ client, name: u.name, color: typeof u.color === 'string' ? u.color : '#5b6678' })
    })
    return out.sort((a, b) => a.name.localeCompare(b.name))
  }

  destroy() {
    if (this.destroyed) return
    this.destroyed = true
    clearTimeout(this.timer)
    // Leaving: the others see this browser go at once.
    awarenessProtocol.removeAwarenessStates(this.awareness, [this.doc.clientID], 'local')
    this.doc.off('update', this.onUpdate)
    this.awareness.off('update', this.onAwareness)
    this.awareness.destroy()
    const ws = this.ws
    this.ws = null
    if (ws) {
      ws.onclose = null
      ws.close()
    }
    void this.local?.destroy()
    this.doc.destroy()
  }

  private async keepLocally(g: number) {
    if (typeof indexedDB === 'undefined') return
    try {
      this.local = new IndexeddbPersistence(localName(this.o.person, this.o.page, g), this.doc)
      // A database that never opens (blocked) does not hold the editor up.
      await Promise.race([this.local.whenSynced, new Promise((r) => setTimeout(r, 2000))])
    } catch {
      // A browser that refuses IndexedDB (private mode, quota) only loses the copy kept across reloads.
      this.local = null
    }
  }

  private connect() {
    const url = this.o.url ? this.o.url(this.generation) : collabURL(location, this.o.page, this.generation)
    const ws = this.o.socket ? this.o.socket(url) : new WebSocket(url)
    ws.binaryType = 'arraybuffer'
    this.ws = ws
    ws.onopen = () => {
      this.openedOnce = true
      const e = encoding.createEncoder()
      encoding.writeVarUint(e, MsgSync)
      syncProtocol.writeSyncStep1(e, this.doc)
      ws.send(encoding.toUint8Array(e))
      // Presence, with a new clock: others ignore a first state at clock 0 (y-protocols' rule), and a reconnection must replace what they had.
      const mine = this.awareness.getLocalState()
      if (mine !== null) this.awareness.setLocalState({ ...mine })
    }
    ws.onmessage = (ev) => {
      if (this.ws !== ws || !(ev.data instanceof ArrayBuffer)) return
      this.receive(ws, new Uint8Array(ev.data))
    }
    ws.onclose = (ev) => {
      if (this.ws !== ws) return
      this.ws = null
      this.joined = false
      this.closed(ev.code)
    }
  }

  private receive(ws: WebSocket, data: Uint8Array) {
    const m = readMessage(data)
    switch (m.type) {
      case 'room':
        this.joined = true
        this.joinedOnce = true
        if (this.generation === 0 && m.generation > 0) {
          this.generation = m.generation
          storeGeneration(this.o.person, this.o.page, m.generation)
          if (!this.o.follow) void this.keepLocally(m.generation)
        }
        return
      case 'sync': {
        // The server's sync step 1 carries its state vector, which is committed.
        const peek = decoding.clone(m.decoder)
        // Its updates (step 2, relayed updates) were committed before they were sent.
        const kindOf = decoding.readVarUint(peek)
        if (kindOf === syncProtocol.messageYjsSyncStep1) this.committed(Y.decodeStateVector(decoding.readVarUint8Array(peek)))
        else this.committed(reach(decoding.readVarUint8Array(peek)))
        const e = encoding.createEncoder()
        encoding.writeVarUint(e, MsgSync)
        const kind = syncProtocol.readSyncMessage(m.decoder, e, this.doc, this)
        if (encoding.length(e) > 1) ws.send(encoding.toUint8Array(e))
        if (kind === syncProtocol.messageYjsSyncStep2) {
          this.attempts = 0
          this.setPhase('live')
        }
        return
      }
      case 'awareness':
        awarenessProtocol.applyAwarenessUpdate(this.awareness, m.update, this)
        this.o.onChange()
        return
      case 'query-awareness':
        ws.send(awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(this.awareness, [this.doc.clientID])))
        return
      case 'persisted':
        this.committed(Y.decodeStateVector(m.vector))
        return
      case 'reset':
        this.resetTo = m.generation
        return
    }
  }

  private closed(code: number) {
    if (this.destroyed) return
    // Others' cursors are stale once the socket is gone.
    const others = [...this.awareness.getStates().keys()].filter((c) => c !== this.doc.clientID)
    awarenessProtocol.removeAwarenessStates(this.awareness, others, this)
    const out = closeOutcome(code)
    if (out.kind === 'reset' || this.resetTo > 0) {
      // The page was replaced while this copy was away: drop it, never merge it.
      const next = this.resetTo
      storeGeneration(this.o.person, this.o.page, next)
      const local = this.local
      this.local = null
      void local?.clearData()
      this.outcome = { kind: 'reset' }
      this.phase = 'closed'
      this.o.onReset(next)
      return
    }
    if (out.kind !== 'reconnect') {
      if (out.kind === 'read-only') {
        // The room will never take what this copy holds beyond the committed state: dropped, so a later visit does not send it.
        const local = this.local
        this.local = null
        void local?.clearData()
      }
      this.outcome = out
      this.setPhase('closed')
      return
    }
    this.attempts++
    // Told at once, also while still connecting: a first socket that fails
    // is what makes the editor fall back to the save flow (useCoedit).
    if (this.phase === 'live') this.setPhase('offline')
    else this.o.onChange()
    this.timer = setTimeout(() => {
      if (!this.destroyed) this.connect()
    }, backoff(this.attempts))
  }

  private committed(v: Map<number, number>) {
    for (const [client, clock] of v) if ((this.persisted.get(client) ?? 0) < clock) this.persisted.set(client, clock)
    this.o.onChange()
  }

  private setPhase(p: Phase) {
    this.phase = p
    this.o.onChange()
  }

  private onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this) return
    const ws = this.ws
    if (ws && ws.readyState === WebSocket.OPEN && this.joined) {
      const e = encoding.createEncoder()
      encoding.writeVarUint(e, MsgSync)
      syncProtocol.writeUpdate(e, update)
      ws.send(encoding.toUint8Array(e))
    }
    // Not sent (offline): the next sync step 1 of the server asks for it.
    this.o.onChange()
  }

  private onAwareness = ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
    if (origin === 'local') {
      // Only this browser's own state: the server binds the socket to it.
      const mine = [...added, ...updated, ...removed].includes(this.doc.clientID)
      const ws = this.ws
      if (mine && ws && ws.readyState === WebSocket.OPEN) ws.send(awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(this.awareness, [this.doc.clientID])))
    }
    // Cursor moves are drawn by the editor's binding; the page shows only who comes and goes.
    if (added.length || removed.length) this.o.onChange()
  }
}
