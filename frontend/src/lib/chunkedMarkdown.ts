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
export function splitMarkdown(md: string, target = 6_000): string[] {
  if (md.length <= target) return [md]
  // Native regular expressions and indexOf, not a loop over lines: this
  // runs on every pause in typing in the preview.
  const defs = md.match(/^ {0,3}\[[^\]\n]+\]:[ \t]*\S.*$/gm)
  const tail = defs ? '\n\n' + defs.join('\n') + '\n' : ''
  // Where fenced code starts and ends (an unclosed fence runs to the end).
  const fences: [number, number][] = []
  const fence = /^ {0,3}(`{3,}|~{3,})/gm
  for (let m = fence.exec(md); m; m = fence.exec(md)) {
    const mark = m[1] as string
    const close = new RegExp('^ {0,3}' + (mark[0] === '`' ? '`' : '~') + '{' + mark.length + ',}[ \t]*$', 'gm')
    close.lastIndex = m.index + m[0].length
    const c = close.exec(md)
    const end = c ? c.index + c[0].length : md.length
    fences.push([m.index, end])
    fence.lastIndex = end
  }
  const inFence = (at: number) => fences.some(([a, b]) => at > a && at < b)
  const pieces: string[] = []
  let start = 0
  let from = target
  while (from < md.length) {
    const gap = md.indexOf('\n\n', from)
    if (gap < 0) break
    let next = gap + 2
    while (md[next] === '\n') next++
    from = next
    if (next >= md.length || inFence(gap) || /^(\s|[-*+] |\d+[.)] )/.test(md.slice(next, next + 12))) continue
    pieces.push(md.slice(start, next) + tail)
    start = next
    from = next + target
  }
  pieces.push(md.slice(start) + (pieces.length > 0 ? tail : ''))
  return pieces
}

const lastRender = new WeakMap<HTMLElement, { ctx: RenderContext; post?: (html: string) => string }>()

/** How long one turn of rendering may hold the main thread, in ms. */
const BUDGET = 24
/** The first turn shares its task with React's commit of the whole view: it does less. */
const FIRST_BUDGET = 8

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
    let budget = FIRST_BUDGET
    for (let i = 0; i < pieces.length; i++) {
      if (stopped) return
      const text = pieces[i] as string
      let el = root.children[i] as (HTMLElement & { mdText?: string }) | undefined
      if (reuse && el && el.mdText === text) continue
      if (performance.now() - turn > budget) {
        await nextTurn()
        if (stopped) return
        turn = performance.now()
        budget = BUDGET
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
