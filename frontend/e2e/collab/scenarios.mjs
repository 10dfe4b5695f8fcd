// Server tests of co-editing with a real Yjs client against real `codna
// serve` processes (docs/api.md "Co-editing"). Driven by
// internal/server/collab_node_test.go, which builds the binary, makes the
// database, the people and the page, and passes them in CODNA_COLLAB_TEST
// (JSON: { bin, env, doc, hello, writer, writer2, reader, writerName,
// writer2Name }); node runs one scenario:
//
//   node --experimental-websocket e2e/collab/scenarios.mjs kill9|replicas|hostile
//
// It exits 0 when the scenario holds, 1 saying why otherwise.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as Y from 'yjs'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as encoding from 'lib0/encoding'
import { connect, until, closedWith, sleep, MsgSync, MsgAwareness } from './yclient.mjs'

const cfg = JSON.parse(process.env.CODNA_COLLAB_TEST || '{}')
const log = (...a) => console.log(`[${new Date().toISOString().slice(11, 23)}]`, ...a)
const servers = []

function freePort() {
  return new Promise((resolve) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)) })
  })
}

/** Starts `codna serve` on the test's database; resolves with { base, proc, kill9 } once /readyz answers. */
async function serve(name) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env = { ...process.env, ...cfg.env, CODNA_LISTEN: `127.0.0.1:${port}`, CODNA_DATA_DIR: mkdtempSync(join(tmpdir(), 'codna-collab-')) }
  const proc = spawn(cfg.bin, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  const out = []
  proc.stdout.on('data', (d) => out.push(d))
  proc.stderr.on('data', (d) => out.push(d))
  const s = { name, base, proc, exited: false, out }
  proc.on('exit', () => { s.exited = true })
  servers.push(s)
  const t0 = Date.now()
  for (;;) {
    if (s.exited) throw new Error(`${name} exited before it was ready:\n${Buffer.concat(out)}`)
    try { if ((await fetch(base + '/readyz')).status === 200) break } catch {}
    if (Date.now() - t0 > 60000) throw new Error(`${name} not ready in 60 s`)
    await sleep(100)
  }
  log(`${name}: ready on ${base} in ${Date.now() - t0} ms`)
  s.kill9 = async () => { proc.kill('SIGKILL'); await until(() => s.exited, 10000, `${name} to die`) }
  return s
}

const scenarios = {
  // kill -9 of the server while a person types loses nothing the server
  // acknowledged (MsgPersisted): restarted on the same database, a new
  // client reads everything acknowledged.
  async kill9() {
    const a = await serve('replica A')
    const w = connect(a.base, cfg.doc, cfg.writer)
    await w.ready
    if (w.text.toString() !== cfg.hello) throw new Error(`starts from ${JSON.stringify(w.text.toString())}`)
    const alphabet = 'abcdefghijklmnopqrstuvwxyz'
    let typed = ''
    let ackedAtKill = -1
    // One keystroke every 3 ms, appended; kill -9 once 150 are acknowledged.
    for (let i = 0; i < 2000 && ackedAtKill < 0; i++) {
      const ch = alphabet[i % 26]
      w.insert(w.text.length, ch)
      typed += ch
      if (w.acked() >= 150) ackedAtKill = w.acked()
      await sleep(3)
    }
    if (ackedAtKill < 0) throw new Error('nothing acknowledged after 2000 keystrokes')
    await a.kill9()
    log(`killed with ${typed.length} typed, ${ackedAtKill} acknowledged`)
    await w.closed
    const b = await serve('replica A again')
    const r = connect(b.base, cfg.doc, cfg.writer2)
    await r.ready
    const got = r.text.toString()
    const must = cfg.hello + typed.slice(0, ackedAtKill)
    log(`after restart: ${got.length - cfg.hello.length} keystrokes stored`)
    if (!got.startsWith(must)) throw new Error(`lost acknowledged keystrokes: have ${JSON.stringify(got)}, need the prefix ${JSON.stringify(must)}`)
    if (!(cfg.hello + typed).startsWith(got)) throw new Error(`text not typed: ${JSON.stringify(got)}`)
    r.close()
  },

  // Two replicas on one database, an editor on each, typing at once at
  // random places: both end with the same text holding every keystroke;
  // each sees the other's presence under the server's name.
  async replicas() {
    const [a, b] = await Promise.all([serve('replica A'), serve('replica B')])
    const w1 = connect(a.base, cfg.doc, cfg.writer, { presence: { user: { name: 'one' } } })
    const w2 = connect(b.base, cfg.doc, cfg.writer2, { presence: { user: { name: 'two' } } })
    await Promise.all([w1.ready, w2.ready])
    let n = 0
    const type = async (c, tag) => {
      for (let i = 0; i < 60; i++) {
        c.insert(Math.floor(Math.random() * (c.text.length + 1)), tag)
        n++
        await sleep(5 + Math.random() * 10)
      }
    }
    await Promise.all([type(w1, 'x'), type(w2, 'y')])
    await until(() => w1.text.toString() === w2.text.toString() && w1.text.length === cfg.hello.length + 120, 10000, 'the replicas to converge')
      .catch((e) => { throw new Error(`${e.message}: A has ${JSON.stringify(w1.text.toString())} (acked ${w1.acked()}), B has ${JSON.stringify(w2.text.toString())} (acked ${w2.acked()})`) })
    const t = w1.text.toString()
    if ((t.match(/x/g) || []).length !== 60 || (t.match(/y/g) || []).length !== 60) throw new Error(`keystrokes missing: ${t}`)
    const nameOf = (c, id) => c.awareness.getStates().get(id)?.user?.name
    await until(() => nameOf(w1, w2.doc.clientID) === cfg.writer2Name && nameOf(w2, w1.doc.clientID) === cfg.writer1Name, 10000, 'presence across replicas')
    log(`converged on ${t.length} characters; presence crossed`)
    // Both acknowledged everything they typed.
    await until(() => w1.acked() >= 60 && w2.acked() >= 60, 10000, 'acknowledgements')
    w1.close(); w2.close()
  },

  // Hostile frames are refused with their close codes.
  async hostile() {
    const a = await serve('replica A')
    const open = async (token, opts) => { const c = connect(a.base, cfg.doc, token, opts); await c.ready; return c }
    const expect = async (what, c, want) => {
      const code = await closedWith(c)
      if (code !== want) throw new Error(`${what}: closed with ${code}, want ${want}`)
      log(`${what}: ${code}`)
    }
    // Over 1 MiB in one frame.
    let c = await open(cfg.writer)
    const big = new Uint8Array((1 << 20) + 100)
    big[0] = MsgSync; big[1] = 2
    c.sendRaw(big)
    await expect('an oversized frame', c, 4413)
    // A varint that never ends.
    c = await open(cfg.writer)
    c.sendRaw(new Uint8Array([0, 2, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]))
    await expect('a malformed varint', c, 4400)
    // A truncated update (a length past the end).
    c = await open(cfg.writer)
    c.sendRaw(new Uint8Array([0, 2, 50, 1, 2, 3]))
    await expect('a truncated update', c, 4400)
    // A reader's update.
    c = await open(cfg.reader)
    c.insert(0, 'sneaky ')
    await expect("a reader's update", c, 4403)
    // An update writing outside the root text: a map, another text.
    for (const [what, write] of [
      ['a map', (d) => d.getMap('meta').set('x', 1)],
      ['another text', (d) => d.getText('other').insert(0, 'hi')],
      ['an embed in the text', (d) => d.getText('content').insertEmbed(0, { img: 'x' })],
    ]) {
      c = await open(cfg.writer)
      const d = new Y.Doc()
      write(d)
      const enc = encoding.createEncoder()
      encoding.writeVarUint(enc, MsgSync); encoding.writeVarUint(enc, 2); encoding.writeVarUint8Array(enc, Y.encodeStateAsUpdate(d))
      c.sendRaw(encoding.toUint8Array(enc))
      await expect(`an update writing ${what}`, c, 4400)
    }
    // Presence: the name others see is the server's; another client id is refused.
    const spoof = await open(cfg.writer, { presence: { user: { name: 'The Boss', color: '#000' }, cursor: null } })
    const watcher = await open(cfg.reader, { presence: false })
    await until(() => watcher.awareness.getStates().get(spoof.doc.clientID)?.user?.name === cfg.writer1Name, 5000, "the server's name on the spoofer's presence")
    if (watcher.awareness.getStates().get(spoof.doc.clientID).user.color === '#000') throw new Error("the spoofer's colour went through")
    log("a spoofed name: others see the server's")
    const other = new awarenessProtocol.Awareness(new Y.Doc())
    other.setLocalState({ user: { name: 'ghost' } })
    const enc = encoding.createEncoder()
    encoding.writeVarUint(enc, MsgAwareness)
    encoding.writeVarUint8Array(enc, awarenessProtocol.encodeAwarenessUpdate(other, [other.clientID]))
    spoof.sendRaw(encoding.toUint8Array(enc))
    await expect("presence for another client's id", spoof, 4400)
    if (watcher.awareness.getStates().has(other.clientID)) throw new Error('the ghost was relayed')
    // A text frame.
    c = await open(cfg.writer)
    c.ws.send('hello')
    await expect('a text frame', c, 4400)
    watcher.close()
  },
}

const name = process.argv[2]
const run = scenarios[name]
if (!run) { console.error(`scenarios.mjs: unknown scenario ${name}; one of ${Object.keys(scenarios).join(', ')}`); process.exit(2) }
let failed = null
try {
  await run()
  log(`${name}: ok`)
} catch (e) {
  failed = e
}
for (const s of servers) if (!s.exited) s.proc.kill('SIGTERM')
await Promise.all(servers.map((s) => until(() => s.exited, 20000, `${s.name} to stop`).catch(() => s.proc.kill('SIGKILL'))))
if (failed) {
  console.error(`${name}: FAILED: ${failed.stack || failed}`)
  for (const s of servers) console.error(`--- ${s.name} log (tail) ---\n${Buffer.concat(s.out).toString().slice(-4000)}`)
  process.exit(1)
}
process.exit(0)
