import { EditorState, Prec, type Extension } from '@codemirror/state'
import { EditorView, keymap } from '@codemirror/view'
import * as Y from 'yjs'
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next'
import type { CollabProvider } from './provider'

// The cursor colours the server gives (internal/collab's presence). The
// binding draws remote carets and selections with inline style attributes,
// which the app's CSP (style-src 'self') does not apply; the attribute is
// still there, so this theme colours them by matching it.
const colours = ['#b4236a', '#1f6feb', '#137333', '#a15c00', '#7c3aed', '#0e7490', '#b91c1c', '#4d7c0f']

const cursorTheme = EditorView.theme(
  Object.fromEntries(
    colours.flatMap((c) => [
      [`.cm-ySelectionCaret[style*="${c};"]`, { backgroundColor: c, borderColor: c }],
      [`.cm-ySelection[style*="${c}33"], .cm-yLineSelection[style*="${c}33"]`, { backgroundColor: `${c}33` }],
    ]),
  ),
)

/**
 * The editor bound to the room's `Y.Text`: remote carets and selections
 * with names, undo of one's own changes only (Ctrl Z / Ctrl Shift Z).
 */
export function collabExtension(p: CollabProvider): Extension {
  return [yCollab(p.text, p.awareness, { undoManager: new Y.UndoManager(p.text) }), keymap.of(yUndoManagerKeymap), cursorTheme]
}

/** Stops editing (the room closed for this person): read-only from now on. */
export const locked: Extension = Prec.highest([EditorView.editable.of(false), EditorState.readOnly.of(true), EditorView.contentAttributes.of({ 'aria-readonly': 'true' })])
