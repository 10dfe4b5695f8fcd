import type { EditorView } from '@codemirror/view'
import { startCompletion, type Completion, type CompletionContext, type CompletionResult, type CompletionSource } from '@codemirror/autocomplete'
import type { Edit } from '../../lib/markdownEdit'

// The `/` block menu (docs/frontend.md, "The editor"): `/` at the start of
// a line or after a space opens a list of blocks, filtered by what is typed
// after it; choosing one replaces the `/…` with the block's markdown.

/** What choosing a block does besides inserting text: open the file picker, the `[[` menu, or the `@` menu. */
export type BlockAction = 'upload' | 'page' | 'mention'

/** One block of the menu. */
export interface Block {
  id: string
  label: string
  /** Other words it is found by. */
  words: string
  /** The markdown it inserts, `‸` marking where the caret goes (end if none). */
  text: string
  /** Put on a line of its own (a new line when the `/` follows text). */
  ownLine: boolean
  /** Also wants an empty line before it (a rule or table after a paragraph). */
  apart?: boolean
  action?: BlockAction
}

export const blocks: Block[] = [
  { id: 'h1', label: 'Heading 1', words: 'title h1 #', text: '# ', ownLine: true },
  { id: 'h2', label: 'Heading 2', words: 'subtitle h2 ##', text: '## ', ownLine: true },
  { id: 'h3', label: 'Heading 3', words: 'h3 ###', text: '### ', ownLine: true },
  { id: 'ul', label: 'Bulleted list', words: 'bullet unordered ul -', text: '- ', ownLine: true },
  { id: 'ol', label: 'Numbered list', words: 'ordered ol 1.', text: '1. ', ownLine: true },
  { id: 'task', label: 'Task list', words: 'todo checkbox check [ ]', text: '- [ ] ', ownLine: true },
  { id: 'quote', label: 'Quote', words: 'blockquote >', text: '> ', ownLine: true },
  { id: 'code', label: 'Code block', words: 'fence pre ```', text: '```\n‸\n```\n', ownLine: true, apart: true },
  { id: 'table', label: 'Table', words: 'grid columns', text: '| ‸Column | Column |\n| --- | --- |\n|  |  |\n', ownLine: true, apart: true },
  { id: 'hr', label: 'Horizontal rule', words: 'divider separator line ---', text: '---\n', ownLine: true, apart: true },
  { id: 'upload', label: 'Image or file', words: 'upload attach picture photo', text: '', ownLine: false, action: 'upload' },
  { id: 'page', label: 'Link to a page', words: 'wiki [[ internal', text: '[[', ownLine: false, action: 'page' },
  { id: 'mention', label: 'Mention', words: 'person group @ people', text: '@', ownLine: false, action: 'mention' },
]

/**
 * The `/` query before the caret on its line: what follows a `/` at the
 * line's start or after whitespace (letters, digits and inner spaces), and
 * where the `/` is; null when there is none.
 */
export function slashQuery(before: string): { query: string; from: number } | null {
  const m = /(^|\s)\/([A-Za-z0-9][A-Za-z0-9 ]{0,24})?$/.exec(before)
  if (!m) return null
  const query = m[2] ?? ''
  return { query, from: before.length - query.length - 1 }
}

/** The blocks matching query (case-insensitive): label words first, then other words; all for an empty query. */
export function filterBlocks(query: string, list: Block[] = blocks): Block[] {
  const q = query.trim().toLowerCase()
  if (!q) return list
  const starts = list.filter((b) => b.label.toLowerCase().startsWith(q) || b.label.toLowerCase().split(' ').some((w) => w.startsWith(q)))
  const rest = list.filter((b) => !starts.includes(b) && (b.label.toLowerCase().includes(q) || b.words.toLowerCase().split(' ').some((w) => w.startsWith(q))))
  return [...starts, ...rest]
}

/**
 * The edit choosing block makes when `/query` spans from..to of text: the
 * block's markdown in place of it, on a line of its own when it needs one,
 * with the caret where the block's text marks it.
 */
export function insertBlock(text: string, from: number, to: number, block: Block): Edit {
  const lineFrom = text.lastIndexOf('\n', from - 1) + 1
  let lead = ''
  let start = from
  if (block.ownLine) {
    let prevLine: string
    if (text.slice(lineFrom, from).trim() !== '') {
      lead = '\n'
      prevLine = text.slice(lineFrom, from)
    } else {
      start = lineFrom // leading spaces would make a heading code or nest a list
      prevLine = lineFrom === 0 ? '' : text.slice(text.lastIndexOf('\n', lineFrom - 2) + 1, lineFrom - 1)
    }
    if (block.apart && prevLine.trim() !== '') lead += '\n'
  }
  const caret = block.text.indexOf('‸')
  const body = block.text.replace('‸', '')
  const insert = lead + body
  const at = start + lead.length + (caret === -1 ? body.length : caret)
  return { from: start, to, insert, anchor: at, head: at }
}

/** The `/` menu as a CodeMirror completion source; onUpload opens the file picker (no "Image or file" without it). */
export function blockCompletions(onUpload?: () => void): CompletionSource {
  const list = onUpload ? blocks : blocks.filter((b) => b.action !== 'upload')
  return (ctx: CompletionContext): CompletionResult | null => {
    const line = ctx.state.doc.lineAt(ctx.pos)
    const q = slashQuery(line.text.slice(0, ctx.pos - line.from))
    if (!q) return null
    const start = line.from + q.from
    const options: Completion[] = filterBlocks(q.query, list).map((b, i) => ({
      label: b.label,
      detail: b.text ? b.text.replace('‸', '').split('\n')[0]!.trim() : undefined,
      boost: -i,
      apply: (v: EditorView, _c: Completion, _from: number, to: number) => {
        const e = insertBlock(v.state.doc.toString(), start, to, b)
        v.dispatch({ changes: { from: e.from, to: e.to, insert: e.insert }, selection: { anchor: e.anchor, head: e.head }, userEvent: 'input.complete', scrollIntoView: true })
        if (b.action === 'upload') onUpload?.()
        if (b.action === 'page') startCompletion(v)
      },
    }))
    if (options.length === 0) return null
    return { from: start + 1, options, filter: false }
  }
}
