import * as Y from 'yjs'
import * as encoding from 'lib0/encoding'
import * as syncProtocol from 'y-protocols/sync'
import { MsgRoom, MsgSync } from './protocol'

// Shared by the co-editing tests: a socket the test plays the server on.
// What the provider sends is kept; what the server says is handed to the
// provider's handlers. Every socket made is listed in FakeSocket.made.

/** One message of the protocol: its type, then what write puts. */
export function msg(type: number, write: (e: encoding.Encoder) => void): Uint8Array {
  const e = encoding.createEncoder()
  encoding.writeVarUint(e, type)
  write(e)
  return encoding.toUint8Array(e)
}

export class FakeSocket {
  static OPEN = 1
  static made: FakeSocket[] = []
  readyState = 0
  binaryType = ''
  sent: Uint8Array[] = []
  onopen: (() => void) | null = null
  onmessage: ((e: { data: ArrayBuffer }) => void) | null = null
  onclose: ((e: { code: number }) => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.made.push(this)
  }
  send(b: Uint8Array) {
    this.sent.push(b)
  }
  close() {
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.()
  }
  say(b: Uint8Array) {
    this.onmessage?.({ data: b.slice().buffer })
  }
  drop(code: number) {
    this.readyState = 3
    this.onclose?.({ code })
  }
  /** The server's side of a join: MsgRoom, its sync step 1 (of server) and step 2. */
  join(generation: number, server: Y.Doc) {
    this.open()
    this.say(msg(MsgRoom, (e) => encoding.writeVarUint(e, generation)))
    this.say(msg(MsgSync, (e) => syncProtocol.writeSyncStep1(e, server)))
    this.say(msg(MsgSync, (e) => syncProtocol.writeSyncStep2(e, server)))
  }
}
