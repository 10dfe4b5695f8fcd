// Writes fixtures.json: updates, states and awareness written by the real yjs
// 13.6.33 and y-protocols 1.0.7 for internal/crdt's tests. Run it with node
// where those packages resolve (copy it into frontend/ and run it there).
import * as Y from 'yjs'
import * as awarenessProtocol from 'y-protocols/awareness'
import { writeFileSync } from 'node:fs'
const out = {}
const hex = (u) => Buffer.from(u).toString('hex')
// A plain typing session.
const a = new Y.Doc(); a.clientID = 1001
const t = a.getText('content')
const ups = []
a.on('update', (u) => ups.push(hex(u)))
t.insert(0, 'Hello world')
t.insert(5, ', dear')
t.delete(0, 2)
t.insert(t.length, ' 😀 é')
out.typing = { updates: ups, text: t.toString(), length: t.length, state: hex(Y.encodeStateAsUpdate(a)), vector: hex(Y.encodeStateVector(a)) }
// Two clients merged.
const b = new Y.Doc(); b.clientID = 2002
Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
b.getText('content').insert(3, 'XYZ')
out.merged = { state: hex(Y.encodeStateAsUpdate(b)), text: b.getText('content').toString(), diff: hex(Y.encodeStateAsUpdate(b, Y.encodeStateVector(a))) }
// Foreign: a map entry, another root, a nested type, a format.
const f1 = new Y.Doc(); f1.getMap('meta').set('x', 1); out.foreignMap = hex(Y.encodeStateAsUpdate(f1))
const f2 = new Y.Doc(); f2.getText('other').insert(0, 'hi'); out.foreignRoot = hex(Y.encodeStateAsUpdate(f2))
const f3 = new Y.Doc(); f3.getText('content').insert(0, 'bold', { bold: true }); out.format = hex(Y.encodeStateAsUpdate(f3))
const f4 = new Y.Doc(); f4.getText('content').insertEmbed(0, { image: 'x' }); out.embed = hex(Y.encodeStateAsUpdate(f4))
const f5 = new Y.Doc(); const arr = f5.getArray('content'); arr.push([new Y.Map()]); out.nested = hex(Y.encodeStateAsUpdate(f5))
// Awareness
const aw = new awarenessProtocol.Awareness(a)
aw.setLocalState({ user: { name: 'Eve', color: '#f00' }, cursor: { anchor: 1 } })
out.awareness = hex(awarenessProtocol.encodeAwarenessUpdate(aw, [a.clientID]))
// merged updates (with skips)
const c = new Y.Doc(); c.clientID = 3003
const cu = []; c.on('update', (u) => cu.push(u))
c.getText('content').insert(0, 'abc'); c.getText('content').insert(3, 'def'); c.getText('content').insert(6, 'ghi')
out.mergedWithSkip = hex(Y.mergeUpdates([cu[0], cu[2]]))
writeFileSync(new URL('fixtures.json', import.meta.url), JSON.stringify(out, null, 1))
console.log(out.typing.text, out.typing.length)
process.exit(0)
