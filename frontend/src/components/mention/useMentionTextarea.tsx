import { useId, useRef, type ChangeEvent, type KeyboardEvent, type SyntheticEvent } from 'react'
import { MentionList, useMentionPicker, type MentionOption } from './MentionSuggest'

/**
 * The `@` autocomplete for a plain textarea (the comment box): spread
 * textareaProps on it and render list just below it. Choosing inserts
 * `[@Name](mention:user/<id>)` (or group/agent) where the `@query` was.
 */
export function useMentionTextarea(value: string, onChange: (v: string) => void) {
  const listId = useId()
  const ref = useRef<HTMLTextAreaElement>(null)
  const picker = useMentionPicker(listId)
  const choose = (o: MentionOption) => {
    const r = picker.pick(value, o)
    if (!r) return
    onChange(r.text)
    requestAnimationFrame(() => {
      ref.current?.focus()
      ref.current?.setSelectionRange(r.caret, r.caret)
    })
  }
  const textareaProps = {
    ref,
    value,
    role: 'combobox' as const,
    'aria-autocomplete': 'list' as const,
    'aria-expanded': picker.open,
    'aria-controls': picker.open ? listId : undefined,
    'aria-activedescendant': picker.activeId,
    onChange: (e: ChangeEvent<HTMLTextAreaElement>) => {
      onChange(e.target.value)
      picker.update(e.target.value, e.target.selectionStart ?? e.target.value.length)
    },
    onSelect: (e: SyntheticEvent<HTMLTextAreaElement>) => {
      const t = e.currentTarget
      picker.update(t.value, t.selectionStart ?? t.value.length)
    },
    onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => {
      const r = picker.key(e.key)
      if (!r.handled) return
      e.preventDefault()
      if (r.chosen) choose(r.chosen)
    },
    onBlur: () => picker.close(),
  }
  const list = <MentionList id={listId} options={picker.options} active={picker.active} onPick={choose} />
  return { textareaProps, list }
}
