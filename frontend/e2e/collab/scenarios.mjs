// Server tests of co-editing with a real Yjs client against real `codna
// serve` processes (docs/api.md "Co-editing"). Driven by
// internal/server/collab_node_test.go, which builds the binary, makes the
// database, the people and the page, and passes them in CODNA_COLLAB_TEST
// (JSON: { bin, env, doc, hello, writer, writer2, reader, writerName,
// writer2Name }); node runs one scenario:
//
//   node [--experimental-websocket on Node 20] e2e/collab/scenarios.mjs kill9|replicas|hostile
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
import * as decoding from 'lib0/decoding'
import { readFileSync } from 'node:fs'
import { connect, until, closedWith, sleep, MsgSync, MsgAwareness } from './yclient.mjs'

const cfg = JSON.parse(process.env.CODNA_COLLAB_TEST || '{}')
const log = (...a) => console.log(`[${new Date().toISOString().slice(11, 23)}]`, ...a)
const servers = []

/** The resident memory of a process, in KiB (Linux). */
function rssKiB(pid) {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? +m[1] : 0
}

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
    // A burst in flight as the server dies: some of it may be stored,
    // none of it was acknowledged.
    for (let i = 0; i < 50; i++) {
      const ch = alphabet[(typed.length) % 26]
      w.insert(w.text.length, ch)
      typed += ch
    }
    ackedAtKill = w.acked()
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
    // Presence over 4 KiB.
    c = await open(cfg.writer, { presence: false })
    c.awareness.setLocalState({ user: { name: 'x' }, note: 'y'.repeat(5000) })
    await expect('presence over 4 KiB', c, 4413)
    // A text frame.
    c = await open(cfg.writer)
    c.ws.send('hello')
    await expect('a text frame', c, 4400)
    watcher.close()
  },
  // The bench (bench/RESULTS.md "Issue 37: co-editing"): cfg.typists
  // tokens type into cfg.doc at cfg.rate keystrokes a second each for
  // cfg.seconds, on cfg.replicas replicas (typists split between them);
  // every keystroke's arrival at every other typist is timed. Prints one
  // JSON line "RESULT {...}".
  async 'bench-typists'() {
    const reps = []
    for (let i = 0; i < (cfg.replicas || 1); i++) reps.push(await serve(`replica ${i}`))
    const sent = new Map() // "client:clock" → performance.now() when typed
    const lat = []
    const clients = cfg.typists.map((tok, i) => connect(reps[i % reps.length].base, cfg.doc, tok))
    await Promise.all(clients.map((c) => c.ready))
    for (const c of clients) {
      c.onUpdate((kind, data) => {
        if (kind !== 'update' || !measuring) return
        const now = performance.now()
        // data: [MsgSync, kind, varUint8Array update]
        const dec = decoding.createDecoder(data)
        decoding.readVarUint(dec); decoding.readVarUint(dec)
        for (const st of Y.decodeUpdate(decoding.readVarUint8Array(dec)).structs) {
          const t0 = sent.get(st.id.client + ':' + st.id.clock)
          if (t0 !== undefined) lat.push(now - t0)
        }
      })
    }
    let measuring = true
    let updateBytes = 0
    for (const c of clients) c.doc.on('update', (u, origin) => { if (origin !== c && measuring) updateBytes += u.length })
    const rss0 = reps.map((r) => rssKiB(r.proc.pid))
    const t0 = Date.now()
    const until_ = t0 + cfg.seconds * 1000
    let keys = 0
    await Promise.all(clients.map(async (c, i) => {
      await sleep(Math.random() * 1000 / cfg.rate)
      while (Date.now() < until_) {
        const pos = Math.floor(Math.random() * (c.text.length + 1))
        const clock = Y.getState(c.doc.store, c.doc.clientID)
        sent.set(c.doc.clientID + ':' + clock, performance.now())
        c.insert(pos, String.fromCharCode(97 + (keys++ % 26)))
        await sleep(1000 / cfg.rate)
      }
    }))
    await sleep(2000)
    measuring = false
    lat.sort((a, b) => a - b)
    const q = (p) => lat.length ? +lat[Math.min(lat.length - 1, Math.floor(p * lat.length))].toFixed(1) : null
    const texts = new Set(clients.map((c) => c.text.toString()))
    const out = {
      replicas: reps.length, typists: clients.length, rate: cfg.rate, seconds: cfg.seconds, keystrokes: keys,
      deliveries: lat.length, expected: keys * (clients.length - 1),
      p50_ms: q(0.5), p90_ms: q(0.9), p99_ms: q(0.99), max_ms: q(1), converged: texts.size === 1,
      acked: clients.every((c) => c.acked() >= Y.getState(c.doc.store, c.doc.clientID)),
      rss_kib: reps.map((r) => rssKiB(r.proc.pid)), rss0_kib: rss0,
      update_bytes: updateBytes, update_bytes_per_hour: Math.round(updateBytes * 3600 / cfg.seconds),
    }
    console.log('RESULT ' + JSON.stringify(out))
    for (const c of clients) c.close()
    await sleep(cfg.linger ?? 1500) // the last one out writes the revision
  },

  // 500 rooms × 2 editors on 20 KB pages plus ten 1 MB pages (cfg.docs,
  // cfg.editors: two tokens): every socket joins and syncs, everyone
  // types a little, then all sit idle; the server's RSS before, after
  // joining, and idle.
  async 'bench-rooms'() {
    const a = await serve('replica A')
    await sleep(3000)
    const rss0 = rssKiB(a.proc.pid)
    const t0 = Date.now()
    const clients = []
    // Join in waves of 50 rooms, as people arrive.
    for (let i = 0; i < cfg.docs.length; i += 50) {
      const wave = []
      for (const d of cfg.docs.slice(i, i + 50)) for (const tok of cfg.editors) wave.push(connect(a.base, d, tok))
      await Promise.all(wave.map((c) => c.ready))
      clients.push(...wave)
    }
    const joinMs = Date.now() - t0
    const rssJoined = rssKiB(a.proc.pid)
    for (let i = 0; i < clients.length; i += 2) clients[i].insert(0, 'hi ')
    await until(() => clients.every((c, i) => i % 2 === 1 || c.acked() > 0), 60000, 'every room to store its typing')
    await sleep(15000) // idle: revisions written after the quiet time, compaction
    const rssIdle = rssKiB(a.proc.pid)
    const out = {
      rooms: cfg.docs.length, sockets: clients.length, join_ms: joinMs,
      rss0_kib: rss0, rss_joined_kib: rssJoined, rss_idle_kib: rssIdle,
      per_room_kib: Math.round((rssIdle - rss0) / cfg.docs.length),
    }
    console.log('RESULT ' + JSON.stringify(out))
    for (const c of clients) c.close()
    await sleep(3000)
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
for (const s of servers) {
  const bad = Buffer.concat(s.out).toString().split('\n').filter((l) => /level=(ERROR|WARN)/.test(l))
  if (bad.length) console.log(`--- ${s.name}: ${bad.length} warnings and errors, the first ---\n${bad.slice(0, 10).join('\n')}`)
}
if (failed) {
  console.error(`${name}: FAILED: ${failed.stack || failed}`)
  for (const s of servers) console.error(`--- ${s.name} log (tail) ---\n${Buffer.concat(s.out).toString().slice(-4000)}`)
  process.exit(1)
}
process.exit(0)
