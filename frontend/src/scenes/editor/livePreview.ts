import type { EditorState, Extension, Range } from '@codemirror/state'
import { Decoration, EditorView, ViewPlugin, WidgetType, type DecorationSet, type ViewUpdate } from '@codemirror/view'
import { syntaxTree } from '@codemirror/language'
import type { SyntaxNode } from '@lezer/common'

// The editor's live preview mode (docs/frontend.md, "The editor"): the
// markdown stays the text being edited, decorations render it in place.
// Headings are larger, emphasis and link markup is hidden except on the
// lines the selection touches, links show their text, and images show
// below their line. Only the visible ranges are decorated, from the
// markdown syntax tree, so a 1 MB page costs what one screen costs.

/** What live preview does to one range of the text. */
export type PreviewPiece =
  | { kind: 'hide'; from: number; to: number }
  | { kind: 'heading'; from: number; level: number }
  | { kind: 'link'; from: number; to: number; url: string }
  | { kind: 'image'; at: number; url: string; alt: string }

/** The line numbers the selection touches: their markup stays visible. */
function activeLines(state: EditorState): Set<number> {
  const lines = new Set<number>()
  for (const r of state.selection.ranges) {
    const a = state.doc.lineAt(r.from).number
    const b = state.doc.lineAt(r.to).number
    for (let n = a; n <= b; n++) lines.add(n)
  }
  return lines
}

/** The destination of a link or image node (`<…>` unwrapped), or ''. */
function urlOf(state: EditorState, node: SyntaxNode): string {
  const u = node.getChild('URL')
  if (!u) return ''
  const s = state.sliceDoc(u.from, u.to)
  return s.startsWith('<') && s.endsWith('>') ? s.slice(1, -1) : s
}

/**
 * The live preview's pieces for from..to of state's text (a visible range),
 * in document order: markup to hide (never across a line break), heading
 * lines and their level, link texts with their target, images after their
 * line. Markup on a line the selection touches is not hidden.
 */
export function previewPieces(state: EditorState, from: number, to: number): PreviewPiece[] {
  const out: PreviewPiece[] = []
  const active = activeLines(state)
  const doc = state.doc
  const onActive = (pos: number) => active.has(doc.lineAt(pos).number)
  const hide = (a: number, b: number) => {
    if (b > a && !onActive(a) && !state.sliceDoc(a, b).includes('\n')) out.push({ kind: 'hide', from: a, to: b })
  }
  syntaxTree(state).iterate({
    from,
    to,
    enter: (ref) => {
      const name = ref.name
      const h = /^(?:ATXHeading|SetextHeading)([1-6])$/.exec(name)
      if (h) {
        out.push({ kind: 'heading', from: doc.lineAt(ref.from).from, level: Number(h[1]) })
        return
      }
      if (name === 'HeaderMark') {
        const line = doc.lineAt(ref.from)
        // ATX marks only: a setext underline is a line of its own.
        if (ref.node.parent?.name.startsWith('ATXHeading')) {
          const opening = state.sliceDoc(line.from, ref.from).trim() === ''
          if (opening) {
            let end = ref.to
            while (end < line.to && state.sliceDoc(end, end + 1) === ' ') end++
            hide(ref.from, end)
          } else hide(trimBack(state, ref.from, line.from), ref.to)
        }
        return
      }
      if (name === 'EmphasisMark' || name === 'StrikethroughMark') {
        hide(ref.from, ref.to)
        return
      }
      if (name === 'Link') {
        const node = ref.node
        const url = urlOf(state, node)
        const marks = node.getChildren('LinkMark')
        if (!url || marks.length < 2) return
        const open = marks[0]!
        const close = marks[1]!
        out.push({ kind: 'link', from: open.to, to: close.from, url })
        hide(open.from, open.to)
        hide(close.from, node.to)
        return false
      }
      if (name === 'Image') {
        const node = ref.node
        const url = urlOf(state, node)
        const marks = node.getChildren('LinkMark')
        const alt = marks.length >= 2 ? state.sliceDoc(marks[0]!.to, marks[1]!.from) : ''
        if (url) out.push({ kind: 'image', at: doc.lineAt(node.to).to, url, alt })
        return false
      }
      return undefined
    },
  })
  return out
}

/** Where the spaces before a closing `#` run start (so `Title ##` hides ` ##`). */
function trimBack(state: EditorState, pos: number, lineFrom: number): number {
  let p = pos
  while (p > lineFrom && state.sliceDoc(p - 1, p) === ' ') p--
  return p
}

/** How live preview reaches the app: the URL an image can load from (null: not shown), and following a link. */
export interface PreviewHost {
  imageURL: (src: string) => string | null
  follow: (href: string) => void
}

class ImageWidget extends WidgetType {
  constructor(
    readonly src: string,
    readonly alt: string,
  ) {
    super()
  }
  eq(other: ImageWidget) {
    return other.src === this.src && other.alt === this.alt
  }
  toDOM() {
    const wrap = document.createElement('span')
    wrap.className = 'cm-md-image'
    const img = document.createElement('img')
    img.src = this.src
    img.alt = this.alt
    img.loading = 'lazy'
    wrap.appendChild(img)
    return wrap
  }
  ignoreEvent() {
    return false
  }
}

const headingLines = [1, 2, 3, 4, 5, 6].map((n) => Decoration.line({ class: `cm-md-h cm-md-h${n}` }))
const hidden = Decoration.replace({})

function decorations(view: EditorView, host: PreviewHost): DecorationSet {
  const ranges: Range<Decoration>[] = []
  for (const { from, to } of view.visibleRanges) {
    for (const p of previewPieces(view.state, from, to)) {
      if (p.kind === 'heading') ranges.push(headingLines[p.level - 1]!.range(p.from))
      else if (p.kind === 'hide') ranges.push(hidden.range(p.from, p.to))
      else if (p.kind === 'link') {
        if (p.to > p.from) ranges.push(Decoration.mark({ class: 'cm-md-link', attributes: { title: `${p.url} (Ctrl-click to follow)` } }).range(p.from, p.to))
      } else {
        const src = host.imageURL(p.url)
        if (src) ranges.push(Decoration.widget({ widget: new ImageWidget(src, p.alt), side: 1 }).range(p.at))
      }
    }
  }
  return Decoration.set(ranges, true)
}

/** The link target at pos in state (a Link or Image node holding it), or null. */
export function linkAt(state: EditorState, pos: number): string | null {
  for (let n: SyntaxNode | null = syntaxTree(state).resolveInner(pos, 1); n; n = n.parent) {
    if (n.name === 'Link' || n.name === 'Image') return urlOf(state, n) || null
    if (n.name === 'URL' || n.name === 'Autolink') {
      const s = state.sliceDoc(n.from, n.to)
      if (n.parent?.name === 'Link' || n.parent?.name === 'Image') continue
      return s.replace(/^<|>$/g, '')
    }
  }
  return null
}

const theme = EditorView.theme({
  '.cm-md-h1': { fontSize: '1.6em', fontWeight: '700' },
  '.cm-md-h2': { fontSize: '1.35em', fontWeight: '700' },
  '.cm-md-h3': { fontSize: '1.15em', fontWeight: '700' },
  '.cm-md-h4, .cm-md-h5, .cm-md-h6': { fontWeight: '700' },
  '.cm-md-link': { color: 'var(--md-link, #1a56b8)', textDecoration: 'underline', cursor: 'pointer' },
  '.cm-md-image': { display: 'block', padding: '0.25rem 0' },
  '.cm-md-image img': { maxWidth: '100%', maxHeight: '20rem' },
})

/** The live preview extension; host resolves images and follows links (Ctrl/Cmd-click). */
export function livePreview(host: PreviewHost): Extension {
  const plugin = ViewPlugin.fromClass(
    class {
      decorations: DecorationSet
      constructor(view: EditorView) {
        this.decorations = decorations(view, host)
      }
      update(u: ViewUpdate) {
        if (u.docChanged || u.viewportChanged || u.selectionSet || syntaxTree(u.startState) !== syntaxTree(u.state)) this.decorations = decorations(u.view, host)
      }
    },
    {
      decorations: (v) => v.decorations,
      eventHandlers: {
        mousedown: (e, view) => {
          if (!(e.ctrlKey || e.metaKey) || e.button !== 0) return false
          const pos = view.posAtCoords({ x: e.clientX, y: e.clientY })
          const href = pos === null ? null : linkAt(view.state, pos)
          if (!href) return false
          e.preventDefault()
          host.follow(href)
          return true
        },
      },
    },
  )
  return [plugin, theme, EditorView.editorAttributes.of({ class: 'cm-live-preview' })]
}
