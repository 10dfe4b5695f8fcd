import type { Client } from 'urql'
import { Compartment, EditorState, Prec, type Extension } from '@codemirror/state'
import { EditorView, keymap, placeholder } from '@codemirror/view'
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { markdown } from '@codemirror/lang-markdown'
import { autocompletion } from '@codemirror/autocomplete'
import { markdownHighlighting, pageCompletions, runEdit } from './writing'
import { blockCompletions } from './blockMenu'
import { livePreview, type PreviewHost } from './livePreview'
import { pasteLink } from './pasteLink'
import { makeLink, toggleWrap } from '../../lib/markdownEdit'
import type { EditorMode } from '../../lib/editorMode'
import { resolveHref } from '../../lib/address'
import { navigate } from '../../router'

// The CodeMirror set-up every markdown body in the app shares (the page
// editor and the new-page form): highlighting, shortcuts, the `[[`, `/` and
// `@` menus, paste of a URL onto a selection, and the live preview mode.

// CodeMirror writes its styles into a <style> element, which the app's CSP
// (style-src 'self') refuses. Inside a shadow root it uses a constructed
// style sheet instead, which the CSP allows: the editor lives in one.
export const editorTheme = EditorView.theme({
  // The app's colour variables reach into the shadow root (dark mode, styles.css).
  '&': { backgroundColor: 'var(--surface, #fff)', color: 'var(--fg, #1d2430)', border: '1px solid var(--line, #dde1e8)', borderRadius: '6px', fontSize: '15px' },
  '.cm-cursor': { borderLeftColor: 'var(--fg, #1d2430)' },
  '&.cm-focused': { outline: '3px solid #8fb0ff', outlineOffset: '2px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.5', minHeight: '16rem', maxHeight: '70vh' },
  '&.cm-live-preview .cm-scroller': { fontFamily: 'system-ui, -apple-system, "Segoe UI", sans-serif' },
  '.cm-content': { padding: '0.5rem 0' },
  '.cm-line': { padding: '0 0.6rem' },
  '&.cm-readonly': { backgroundColor: 'var(--soft-bg, #f4f5f8)' },
  '.cm-placeholder': { color: 'var(--muted, #5b6678)' },
  // The [[ and / menus.
  '.cm-tooltip.cm-tooltip-autocomplete': { border: '1px solid var(--line, #dde1e8)', borderRadius: '6px', backgroundColor: 'var(--surface, #fff)', color: 'var(--fg, #1d2430)', boxShadow: '0 4px 12px rgba(0, 0, 0, 0.12)' },
  '.cm-tooltip-autocomplete > ul': { fontFamily: 'inherit', maxHeight: '16rem' },
  '.cm-tooltip-autocomplete > ul > li': { padding: '0.25rem 0.6rem' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: '#1f4fbf', color: '#fff' },
  '.cm-completionDetail': { marginLeft: '0.75rem', fontStyle: 'normal', opacity: '0.85' },
})

/** What a markdown body needs from its screen. */
export interface WritingOptions {
  client: Client
  /** The mention picker's key handling (true: the picker used the key); chosen inserts a mention. */
  mentionKey: (key: string) => boolean
  /** Files dropped or pasted (at a position, or the caret); none: files are not taken. */
  onFiles?: (files: File[], at?: number) => void
  /** Opens the file picker (the `/` menu's "Image or file"). */
  onUpload?: () => void
  preview: PreviewHost
  /** Where the live preview is switched on and off. */
  mode: Compartment
  initialMode: EditorMode
  readOnly?: boolean
  /** Co-editing's binding (collab/binding.ts): it brings its own undo, so CodeMirror's history is left out. */
  collab?: Extension
  ariaLabel?: string
  placeholderText?: string
}

/** The live preview extension for a mode (empty in source mode). */
export function modeExtension(mode: EditorMode, host: PreviewHost): Extension {
  return mode === 'live' ? livePreview(host) : []
}

/** The extensions of a markdown body (add an update listener of your own). */
export function writingExtensions(o: WritingOptions): Extension[] {
  const raw = !!o.readOnly
  const filesOf = (dt: DataTransfer | null): File[] => (dt ? [...dt.files] : [])
  // Set during a paste event (CodeMirror's own paste runs after this file's handler).
  let pasting = false
  return [
    o.collab ?? history(),
    Prec.highest(keymap.of(['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].map((key) => ({ key, run: () => o.mentionKey(key) })))),
    keymap.of([
      { key: 'Mod-b', run: runEdit((t, f, to) => toggleWrap(t, f, to, '**')) },
      { key: 'Mod-i', run: runEdit((t, f, to) => toggleWrap(t, f, to, '*')) },
      { key: 'Mod-k', run: runEdit(makeLink) },
      ...defaultKeymap,
      ...(o.collab ? [] : historyKeymap),
    ]),
    markdown(),
    markdownHighlighting,
    autocompletion({ override: [pageCompletions(o.client), blockCompletions(o.onUpload)], icons: false }),
    o.mode.of(modeExtension(o.initialMode, o.preview)),
    EditorView.lineWrapping,
    editorTheme,
    placeholder(o.placeholderText ?? 'Write in markdown… (type / for blocks)'),
    EditorView.contentAttributes.of({ 'aria-label': o.ariaLabel ?? 'Body', ...(raw ? { 'aria-readonly': 'true' } : {}) }),
    EditorState.readOnly.of(raw),
    EditorView.editable.of(!raw),
    EditorView.editorAttributes.of({ class: raw ? 'cm-readonly' : '' }),
    // A URL pasted onto a selection links it: the filter gives the text
    // that replaces the selection, and CodeMirror's own paste does the rest.
    // Only for a paste: the filter also sees text dropped, which goes where
    // it is dropped, not over the selection.
    EditorView.clipboardInputFilter.of((text, state) => {
      const { from, to } = state.selection.main
      if (!pasting || state.selection.ranges.length !== 1 || from === to || to - from > 2000) return text
      return pasteLink(state.sliceDoc(from, to), 0, to - from, text)?.insert ?? text
    }),
    // A paste that keeps the replaced text inside what it inserts (a
    // selection made a link) is applied as the smallest change, which
    // leaves the selection on the old text: the next keystroke would
    // overwrite it. The caret goes after what was pasted, as after any paste.
    EditorView.updateListener.of((u) => {
      if (!u.docChanged || !u.transactions.some((tr) => tr.isUserEvent('input.paste'))) return
      let end = -1
      u.changes.iterChangedRanges((_fa, _ta, _fb, tb) => (end = Math.max(end, tb)))
      const sel = u.state.selection
      if (end < 0 || sel.ranges.length !== 1 || (sel.main.empty && sel.main.head === end)) return
      const doc = u.state.doc
      setTimeout(() => {
        if (u.view.state.doc === doc) u.view.dispatch({ selection: { anchor: end } })
      }, 0)
    }),
    EditorView.domEventHandlers({
      dragover: (e) => {
        if (raw || !o.onFiles || !e.dataTransfer?.types.includes('Files')) return false
        e.preventDefault()
        return true
      },
      drop: (e, ed) => {
        const files = filesOf(e.dataTransfer)
        if (raw || !o.onFiles || files.length === 0) return false
        e.preventDefault()
        o.onFiles(files, ed.posAtCoords({ x: e.clientX, y: e.clientY }) ?? ed.state.selection.main.head)
        return true
      },
      paste: (e) => {
        if (raw) return false
        pasting = true
        setTimeout(() => (pasting = false), 0)
        const files = filesOf(e.clipboardData)
        if (files.length > 0) {
          if (!o.onFiles) return false
          e.preventDefault()
          o.onFiles(files)
          return true
        }
        return false
      },
    }),
  ]
}

/**
 * How live preview reaches a page: images load from the page's files
 * (fileURLs, by their reference in the body) or the app's own /files/ and
 * data: URLs; others are not shown, as the app's CSP (img-src 'self' data:
 * blob:) refuses them. A link followed is a page of the app or a new tab.
 */
export function previewHost(page: { space: string; path: string }, fileURLs: () => Map<string, string>): PreviewHost {
  return {
    imageURL: (src) => {
      const files = fileURLs()
      const file = files.get(src) ?? files.get(encodeURI(src))
      if (file) return file
      if (/^\/files\//.test(src) || /^data:image\//i.test(src)) return src
      return null
    },
    follow: (href) => {
      const files = fileURLs()
      const file = files.get(href) ?? files.get(encodeURI(href))
      if (/^https?:/i.test(href) || file) {
        window.open(file ?? href, '_blank', 'noopener,noreferrer')
        return
      }
      const app = resolveHref(page.space, page.path, href)
      if (app) navigate(app)
    },
  }
}
