import * as Y from 'yjs'
import { RangeSetBuilder, type Extension } from '@codemirror/state'
import { Decoration, EditorView, ViewPlugin, WidgetType, type DecorationSet, type ViewUpdate } from '@codemirror/view'
import type { Awareness } from 'y-protocols/awareness'

// Remote carets and selections, with names, drawn with classes only.
// y-codemirror.next draws its own with inline style attributes, which the
// app's CSP (style-src 'self') refuses (a violation per cursor), so the
// binding is used without them and this plugin publishes this browser's
// selection and draws the others'. The colours are the server's
// (internal/collab's presence): each maps to a class.

/** The server's cursor colours, in its order. */
export const cursorColours = ['#b4236a', '#1f6feb', '#137333', '#a15c00', '#7c3aed', '#0e7490', '#b91c1c', '#4d7c0f']

/** The class of a colour: cm-coedit-<index>, or cm-coedit-x for one the app does not know. */
export function colourClass(colour: unknown): string {
  const i = typeof colour === 'string' ? cursorColours.indexOf(colour.toLowerCase()) : -1
  return i < 0 ? 'cm-coedit-x' : `cm-coedit-${i}`
}

class Caret extends WidgetType {
  constructor(
    readonly name: string,
    readonly cls: string,
  ) {
    super()
  }
  eq(o: Caret) {
    return o.name === this.name && o.cls === this.cls
  }
  toDOM() {
    const caret = document.createElement('span')
    caret.className = `cm-coedit-caret ${this.cls}`
    caret.setAttribute('aria-hidden', 'true')
    const label = document.createElement('span')
    label.className = 'cm-coedit-name'
    label.textContent = this.name
    caret.appendChild(label)
    return caret
  }
  ignoreEvent() {
    return true
  }
}

interface Cursor {
  anchor: unknown
  head: unknown
}

function position(doc: Y.Doc, text: Y.Text, rel: unknown): number | null {
  if (rel == null) return null
  const abs = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(rel), doc)
  return abs && abs.type === text ? abs.index : null
}

/** Publishes this editor's selection in awareness and draws everyone else's. */
export function remoteCursors(text: Y.Text, awareness: Awareness): Extension {
  const doc = text.doc as Y.Doc
  const plugin = ViewPlugin.fromClass(
    class {
      decorations: DecorationSet = Decoration.none
      private gone = false
      private listener = ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }) => {
        if ([...added, ...updated, ...removed].some((c) => c !== doc.clientID)) setTimeout(() => !this.gone && this.view.dispatch({}), 0)
      }
      constructor(readonly view: EditorView) {
        awareness.on('change', this.listener)
        this.decorations = this.draw(view)
      }
      destroy() {
        this.gone = true
        awareness.off('change', this.listener)
      }
      update(u: ViewUpdate) {
        this.publish(u)
        this.decorations = this.draw(u.view)
      }
      private publish(u: ViewUpdate) {
        const mine = awareness.getLocalState() as { cursor?: Cursor | null } | null
        if (mine === null) return
        const focused = u.view.hasFocus
        if (!focused) return
        const sel = u.state.selection.main
        const anchor = Y.createRelativePositionFromTypeIndex(text, sel.anchor)
        const head = Y.createRelativePositionFromTypeIndex(text, sel.head)
        const was = mine.cursor
        const same =
          was != null &&
          Y.compareRelativePositions(Y.createRelativePositionFromJSON(was.anchor), anchor) &&
          Y.compareRelativePositions(Y.createRelativePositionFromJSON(was.head), head)
        if (!same) awareness.setLocalStateField('cursor', { anchor: Y.relativePositionToJSON(anchor), head: Y.relativePositionToJSON(head) })
      }
      private draw(view: EditorView): DecorationSet {
        const len = view.state.doc.length
        const ranges: { from: number; to: number; deco: Decoration }[] = []
        awareness.getStates().forEach((state, client) => {
          if (client === doc.clientID) return
          const s = state as { cursor?: Cursor | null; user?: { name?: unknown; color?: unknown } }
          if (!s.cursor) return
          const a = position(doc, text, s.cursor.anchor)
          const h = position(doc, text, s.cursor.head)
          if (a === null || h === null || a > len || h > len) return
          const cls = colourClass(s.user?.color)
          const name = typeof s.user?.name === 'string' ? s.user.name : 'Someone'
          const from = Math.min(a, h)
          const to = Math.max(a, h)
          if (from < to) ranges.push({ from, to, deco: Decoration.mark({ class: `cm-coedit-sel ${cls}` }) })
          ranges.push({ from: h, to: h, deco: Decoration.widget({ widget: new Caret(name, cls), side: h > a ? -1 : 1 }) })
        })
        ranges.sort((x, y) => x.from - y.from || (x.from === x.to ? -1 : 0) - (y.from === y.to ? -1 : 0))
        const b = new RangeSetBuilder<Decoration>()
        for (const r of ranges) b.add(r.from, r.to, r.deco)
        return b.finish()
      }
    },
    { decorations: (p) => p.decorations },
  )
  const theme = EditorView.theme({
    '.cm-coedit-caret': { position: 'relative', borderLeft: '2px solid', marginLeft: '-1px', marginRight: '-1px', boxSizing: 'border-box' },
    '.cm-coedit-name': {
      position: 'absolute',
      top: '-1.2em',
      left: '-2px',
      fontSize: '0.7em',
      lineHeight: '1.2',
      padding: '0 3px',
      color: '#fff',
      whiteSpace: 'nowrap',
      pointerEvents: 'none',
      borderRadius: '3px 3px 3px 0',
      fontFamily: 'system-ui, sans-serif',
    },
    ...Object.fromEntries(
      [...cursorColours, '#5b6678'].flatMap((c, i) => {
        const cls = i < cursorColours.length ? `cm-coedit-${i}` : 'cm-coedit-x'
        return [
          [`.cm-coedit-caret.${cls}`, { borderLeftColor: c }],
          [`.cm-coedit-caret.${cls} .cm-coedit-name`, { backgroundColor: c }],
          [`.cm-coedit-sel.${cls}`, { backgroundColor: `${c}33` }],
        ]
      }),
    ),
  })
  return [plugin, theme]
}
