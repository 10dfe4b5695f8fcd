import { EditorState, Prec, type Extension } from '@codemirror/state'
import { EditorView, keymap } from '@codemirror/view'
import * as Y from 'yjs'
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next'
import type { CollabProvider } from './provider'
import { remoteCursors } from './cursors'

/**
 * The editor bound to the room's `Y.Text` (y-codemirror.next), undo of
 * one's own changes only (Ctrl Z / Ctrl Shift Z), and the others' carets
 * and selections with names (cursors.ts: drawn without inline styles).
 */
export function collabExtension(p: CollabProvider): Extension {
  return [yCollab(p.text, null, { undoManager: new Y.UndoManager(p.text) }), keymap.of(yUndoManagerKeymap), remoteCursors(p.text, p.awareness)]
}

/** Stops editing (the room closed for this person): read-only from now on. */
export const locked: Extension = Prec.highest([EditorView.editable.of(false), EditorState.readOnly.of(true), EditorView.contentAttributes.of({ 'aria-readonly': 'true' })])
