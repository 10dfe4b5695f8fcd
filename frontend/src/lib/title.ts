import { useEffect } from 'react'

/** The tab's title for a screen: "<what> · CoDNA", or "CoDNA" alone. */
export function tabTitle(what?: string | null): string {
  const w = what?.trim()
  return w ? `${w} · CoDNA` : 'CoDNA'
}

/** Titles the tab after what the screen shows while it is shown (docs/frontend.md, "Way-finding"). */
export function useTitle(what?: string | null) {
  useEffect(() => {
    if (what === undefined) return
    document.title = tabTitle(what)
  }, [what])
}

/** The titles of the screens that are not pages, by path. */
export function screenTitle(path: string): string | undefined {
  if (path.startsWith('/tags/')) return `#${decodeURIComponent(path.slice('/tags/'.length))}`
  if (path.startsWith('/settings/')) return 'Settings'
  return (
    {
      '/': 'Home',
      '/inbox': 'Inbox',
      '/shared': 'Shared with me',
      '/trash': 'Trash',
      '/search': 'Search',
      '/imports': 'Imports',
      '/automations': 'Automations',
      '/new': 'New page',
      '/tags': 'Tags',
      '/manage': 'Management',
      '/forgot': 'Forgotten password',
    } as Record<string, string>
  )[path]
}
