import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react'

/** What can take focus inside a dialog, for the Tab trap. */
const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Where focus goes when a dialog opens: an element, or a selector looked up inside the dialog (default: the first focusable element). */
export type InitialFocus = RefObject<HTMLElement | null> | string

/**
 * The behaviour of a modal dialog on the element in `box`: focus moves in when it opens (to `initialFocus`)
 * and back to what opened it when it closes; Escape closes it wherever focus is, unless something inside
 * handled the key first (preventDefault); Tab and Shift+Tab stay inside. Returns the keydown handler to put on the dialog.
 */
export function useDialog(box: RefObject<HTMLElement | null>, onClose: () => void, initialFocus?: InitialFocus) {
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  const initial = useRef(initialFocus)
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const want = initial.current
    const target = typeof want === 'object' ? want.current : box.current?.querySelector<HTMLElement>(want ?? focusable)
    target?.focus()
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) close.current()
    }
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      if (opener && opener.isConnected) opener.focus()
    }
  }, [box])
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Tab' && box.current) trapTab(e, box.current)
  }
}

/** Keeps Tab and Shift+Tab cycling inside the dialog. */
function trapTab(e: KeyboardEvent<HTMLElement>, root: HTMLElement) {
  const all = [...root.querySelectorAll<HTMLElement>(focusable)].filter((el) => !el.closest('[hidden]'))
  const first = all[0]
  const last = all[all.length - 1]
  if (!first || !last) return
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault()
    last.focus()
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault()
    first.focus()
  }
}

/**
 * A modal dialog box (role="dialog", aria-modal) with the behaviour of useDialog. Named by `label`, or by the
 * element whose id is `labelledBy`. Backdrops and portals are the caller's.
 */
export function Dialog({
  label,
  labelledBy,
  onClose,
  className,
  initialFocus,
  onKeyDown,
  children,
}: {
  label?: string
  labelledBy?: string
  onClose: () => void
  className?: string
  initialFocus?: InitialFocus
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void
  children: ReactNode
}) {
  const box = useRef<HTMLDivElement>(null)
  const trap = useDialog(box, onClose, initialFocus)
  return (
    <div
      className={className}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      aria-labelledby={labelledBy}
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Tab') trap(e)
        else onKeyDown?.(e)
      }}
    >
      {children}
    </div>
  )
}
