import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react'

// A small history-API router: the URL is the state (a page is
// /<space>/<path>/<slug>), links navigate without reloading.

const listeners = new Set<() => void>()

// Guards ask before an in-app navigation leaves a screen holding unsaved
// work (the editor); a guard returning false keeps the person where they are.
const guards = new Set<() => boolean>()

/** Registers a guard consulted before every in-app navigation; returns its removal. */
export function addLeaveGuard(g: () => boolean): () => void {
  guards.add(g)
  return () => {
    guards.delete(g)
  }
}

/** Whether every guard lets the person leave the screen (each may ask them). */
export function mayLeave(): boolean {
  for (const g of guards) if (!g()) return false
  return true
}

/**
 * Goes to `to` in the app. Guards are asked first unless force is set (a
 * move of the page being edited, whose editor keeps its draft).
 */
export function navigate(to: string, replace = false, force = false): void {
  if (!force && !mayLeave()) return
  if (replace) history.replaceState(null, '', to)
  else history.pushState(null, '', to)
  listeners.forEach((l) => l())
  window.scrollTo(0, 0)
}

// The URL the app shows, to go back to when a guard refuses Back or Forward.
let shown = location.pathname + location.search + location.hash
listeners.add(() => {
  shown = location.pathname + location.search + location.hash
})

window.addEventListener('popstate', () => {
  if (!mayLeave()) {
    // The browser has already moved: put the URL back, keep the screen.
    history.pushState(null, '', shown)
    return
  }
  listeners.forEach((l) => l())
})

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
