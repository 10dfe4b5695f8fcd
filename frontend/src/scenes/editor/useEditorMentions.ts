import { useCallback, useRef, type RefObject } from 'react'
import type { EditorView } from '@codemirror/view'
import { mentionMarkdown } from '../../lib/mention'
import { useMentionPicker, type MentionOption } from '../../components/mention/MentionSuggest'

/**
 * The `@` menu of a CodeMirror editor: the picker's state is React's, the
 * editor reads it through `pickerRef`, and `insertMention` writes the chosen
 * mention over what was typed since the `@`.
 */
export function useEditorMentions(listId: string, view: RefObject<EditorView | null>) {
  const picker = useMentionPicker(listId)
  const pickerRef = useRef(picker)
  pickerRef.current = picker
  const insertMention = useCallback(
    (o: MentionOption) => {
      const a = pickerRef.current.at
      const v = view.current
      if (!a || !v) return
      const md = mentionMarkdown(o.name, o.href) + ' '
      const to = Math.min(a.caret, v.state.doc.length)
      v.dispatch({ changes: { from: a.from, to, insert: md }, selection: { anchor: a.from + md.length } })
      pickerRef.current.close()
      v.focus()
    },
    [view],
  )
  return { picker, pickerRef, insertMention }
}
