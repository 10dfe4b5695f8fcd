import type { Client } from 'urql'
import { EditorView } from '@codemirror/view'
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { tags } from '@lezer/highlight'
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete'
import { SearchDocuments } from '../search/SearchDocuments'
import { pageURL } from '../../lib/address'
import { pageLink, wikiQuery, type Edit } from '../../lib/markdownEdit'

// What the editor adds to CodeMirror for writing markdown: highlighting,
// formatting commands and the `[[` page menu (docs/frontend.md, "The editor").

/** Colours for markdown's syntax, from styles.css's variables (light and dark): every pair passes WCAG AA on the editor's background. */
export const markdownHighlighting = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.heading1, fontWeight: '700', fontSize: '1.3em' },
    { tag: tags.heading2, fontWeight: '700', fontSize: '1.15em' },
    { tag: [tags.heading3, tags.heading4, tags.heading5, tags.heading6], fontWeight: '700' },
    { tag: tags.strong, fontWeight: '700' },
    { tag: tags.emphasis, fontStyle: 'italic' },
    { tag: tags.strikethrough, textDecoration: 'line-through' },
    { tag: [tags.link, tags.url], color: 'var(--md-link, #1a56b8)' },
    { tag: tags.monospace, color: 'var(--md-code, #8a2d0b)', fontFamily: 'inherit' },
    { tag: tags.quote, color: 'var(--md-quote, #4a5568)', fontStyle: 'italic' },
    { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator], color: 'var(--muted, #5b6678)' },
    { tag: tags.list, color: 'var(--md-list, #3b4a63)' },
  ]),
)

/** A formatting edit as a CodeMirror command over the main selection. */
export function runEdit(edit: (text: string, from: number, to: number) => Edit): (v: EditorView) => boolean {
  return (v) => {
    if (v.state.readOnly) return false
    const { from, to } = v.state.selection.main
    const e = edit(v.state.doc.toString(), from, to)
    v.dispatch({ changes: { from: e.from, to: e.to, insert: e.insert }, selection: { anchor: e.anchor, head: e.head }, scrollIntoView: true })
    return true
  }
}

/**
 * The `[[` menu: after an unclosed `[[` on the line, the pages the search
 * finds for what follows; picking one replaces `[[…` with a markdown link to
 * the page's address.
 */
export function pageCompletions(client: Client): CompletionSource {
  return async (ctx: CompletionContext): Promise<CompletionResult | null> => {
    const line = ctx.state.doc.lineAt(ctx.pos)
    const q = wikiQuery(line.text.slice(0, ctx.pos - line.from))
    if (!q) return null
    const start = line.from + q.from
    const query = q.query.trim()
    // Nothing to search for yet: the menu opens with the first letter.
    if (query === '') return null
    const r = await client
      .query(SearchDocuments, { query, filter: undefined, first: 8 }, { requestPolicy: 'network-only' })
      .toPromise()
    if (ctx.aborted) return null
    const options: Completion[] = (r.data?.search.edges ?? []).map((e) => {
      const d = e.node.document
      const address = pageURL(d)
      return {
        label: d.title,
        detail: address,
        apply: (v: EditorView, _c: Completion, _from: number, to: number) => {
          const md = pageLink(d.title, address)
          v.dispatch({ changes: { from: start, to, insert: md }, selection: { anchor: start + md.length } })
        },
      }
    })
    return { from: start + 2, options, filter: false }
  }
}
