import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react'

// A small history-API router: the URL is the state (a page is
// /<space>/<path>/<slug>), links navigate without reloading.

const listeners = new Set<() => void>()

export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to)
  else history.pushState(null, '', to)
  listeners.forEach((l) => l())
  window.scrollTo(0, 0)
}

window.addEventListener('popstate', () => listeners.forEach((l) => l()))

/** The current location (pathname and search), re-rendering on navigation. */
export function useLocation(): { path: string; search: URLSearchParams } {
  const [loc, setLoc] = useState(() => ({ path: location.pathname, search: location.search }))
  useEffect(() => {
    const l = () => setLoc({ path: location.pathname, search: location.search })
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  }, [])
  return { path: decodeURI(loc.path), search: new URLSearchParams(loc.search) }
}

/** An in-app link: a plain <a> the router handles (modified clicks open tabs as usual). */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const { to, onClick, ...rest } = props
  return (
    <a
      {...rest}
      href={to}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e)
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
        e.preventDefault()
        navigate(to)
      }}
    />
  )
}

/** Intercepts clicks on same-origin links inside rendered markdown. */
export function followInAppLinks(e: MouseEvent<HTMLElement>): void {
  const a = (e.target as HTMLElement).closest('a')
  if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
  const href = a.getAttribute('href')
  if (!href || a.target === '_blank') return
  const url = new URL(a.href, location.href)
  if (url.origin !== location.origin || url.pathname.startsWith('/files/')) return
  e.preventDefault()
  navigate(url.pathname + url.search + url.hash)
}
