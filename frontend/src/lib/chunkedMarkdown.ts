import { renderMarkdown, type RenderContext } from './markdown'

/**
 * Splits a body into pieces of about `target` bytes, each ending at a
 * blank line between top-level blocks: never inside fenced code, never
 * before an indented line (a list item's continuation or indented code).
 * Link reference definitions (`[name]: url`) are kept in every piece, so a
 * reference link renders wherever its definition is. Joined, the pieces
 * render as the whole body does, except that a loose list cut at a blank
 * line between its items becomes two lists.
 */
export function splitMarkdown(md: string, target = 12_000): string[] {
  if (md.length <= target) return [md]
  const lines = md.split('\n')
  const defs = lines.filter((l) => /^ {0,3}\[[^\]]+\]:\s*\S/.test(l))
  const tail = defs.length > 0 ? '\n\n' + defs.join('\n') + '\n' : ''
  const pieces: string[] = []
  let start = 0
  let size = 0
  let fence = ''
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    size += line.length + 1
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line)
    if (f) {
      const mark = f[1] as string
      if (!fence) fence = mark
      else if (mark[0] === fence[0] && mark.length >= fence.length && line.trim() === mark) fence = ''
      continue
    }
    if (fence || size < target || line.trim() !== '') continue
    const next = lines[i + 1]
    if (next === undefined || next.trim() === '' || /^(\s|[-*+] |\d+[.)] )/.test(next)) continue
    pieces.push(lines.slice(start, i + 1).join('\n') + tail)
    start = i + 1
    size = 0
  }
  if (start < lines.length) pieces.push(lines.slice(start).join('\n') + (pieces.length > 0 ? tail : ''))
  return pieces
}

const lastRender = new WeakMap<HTMLElement, { ctx: RenderContext; post?: (html: string) => string }>()

/** How long one turn of rendering may hold the main thread, in ms. */
const BUDGET = 24

function nextTurn(): Promise<void> {
  const s = (globalThis as unknown as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (s?.yield) return s.yield()
  return new Promise((r) => setTimeout(r, 0))
}

/**
 * Shows a body in `root` piece by piece (splitMarkdown), never holding the
 * main thread much longer than BUDGET ms at a time, so a 1 MB page neither
 * freezes the tab while it opens nor while its preview follows typing
 * (docs/frontend.md, "Big pages"). Each piece is a `.md-piece` element
 * (`content-visibility: auto`: pieces off screen cost no layout or paint).
 * A piece whose text did not change since the last call keeps its element:
 * typing in a 1 MB body renders only the piece typed in. `post` adjusts a
 * piece's HTML after rendering. When the whole body is shown, `root` gets
 * a `codna:rendered` event. Returns a function that stops a render still
 * under way (a newer body replaces it).
 */
export function renderInto(root: HTMLElement, md: string, ctx: RenderContext, post?: (html: string) => string): () => void {
  let stopped = false
  const pieces = splitMarkdown(md)
  // A piece is kept only if it was rendered with the same context (link
  // states, names, file URLs) as this call's.
  const before = lastRender.get(root)
  const reuse = before !== undefined && before.ctx === ctx && before.post === post
  lastRender.set(root, { ctx, post })
  const run = async () => {
    let turn = performance.now()
    for (let i = 0; i < pieces.length; i++) {
      if (stopped) return
      const text = pieces[i] as string
      let el = root.children[i] as (HTMLElement & { mdText?: string }) | undefined
      if (reuse && el && el.mdText === text) continue
      if (performance.now() - turn > BUDGET) {
        await nextTurn()
        if (stopped) return
        turn = performance.now()
        el = root.children[i] as (HTMLElement & { mdText?: string }) | undefined
      }
      const html = post ? post(renderMarkdown(text, ctx)) : renderMarkdown(text, ctx)
      if (!el) {
        el = document.createElement('div')
        el.className = 'md-piece'
        root.appendChild(el)
      }
      el.innerHTML = html
      el.mdText = text
    }
    while (root.children.length > pieces.length) root.lastElementChild?.remove()
    if (!stopped) root.dispatchEvent(new Event('codna:rendered'))
  }
  void run()
  return () => {
    stopped = true
  }
}
