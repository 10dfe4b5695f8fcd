import { useLayoutEffect, useRef, type MouseEventHandler } from 'react'
import { renderInto } from '../lib/chunkedMarkdown'
import type { RenderContext } from '../lib/markdown'

/**
 * A rendered markdown body, shown piece by piece so that a 1 MB body never
 * holds the main thread for long (lib/chunkedMarkdown). `ctx` and `post`
 * must keep their identity while they mean the same (useMemo,
 * useCallback): a change renders every piece again, while a new `markdown`
 * with the same ones renders only the pieces whose text changed.
 */
export function MarkdownBody({
  markdown,
  ctx,
  post,
  onClick,
}: {
  markdown: string
  ctx: RenderContext
  post?: (html: string) => string
  onClick?: MouseEventHandler<HTMLDivElement>
}) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (!ref.current) return
    return renderInto(ref.current, markdown, ctx, post)
  }, [markdown, ctx, post])
  // The HTML is sanitized by renderMarkdown (DOMPurify): nothing in a body runs.
  return <div ref={ref} className="body" onClick={onClick} />
}
