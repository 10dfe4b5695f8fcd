import { useState } from 'react'

/** Copies a text to the clipboard and says so. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState<'' | 'copied' | 'failed'>('')
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text)
            setDone('copied')
          } catch {
            setDone('failed')
          }
        }}
      >
        {label}
      </button>
      <span className="status" aria-live="polite">
        {done === 'copied' ? 'Copied.' : done === 'failed' ? 'Select it and copy it.' : ''}
      </span>
    </>
  )
}
