import { useEffect, useState } from 'react'
import { CollabProvider } from './provider'

/** How long the editor waits for the room before editing as before, in ms. */
export const joinWait = 4000

/** Where co-editing stands for the editor: still deciding, live (a provider), or off (the save flow). */
export type Coedit = { state: 'deciding'; provider: null } | { state: 'live'; provider: CollabProvider } | { state: 'off'; provider: null }

/**
 * Joins a page's room (docs/frontend.md, "Co-editing"). It falls back to
 * today's save-with-expectedVersion flow ('off') when the room cannot be
 * reached: /collab answers 404 (co-editing is off), the first socket fails
 * before it ever opened, or nothing synced within joinWait (a socket that
 * opened and dropped before it was admitted is tried again meanwhile). A reset (the
 * page replaced while this browser's copy was away) starts a new provider
 * with the new generation. A writer the room makes a reader (closed with
 * 4403) joins again as a follower: `demoted` says so. `version` counts
 * changes the screen shows (phase, presence, what is committed), at most
 * every 100 ms.
 */
export function useCoedit(page: string, person: string, enabled: boolean, follow: boolean): { co: Coedit; version: number; demoted: boolean } {
  const [co, setCo] = useState<Coedit>(() => (enabled ? { state: 'deciding', provider: null } : { state: 'off', provider: null }))
  const [generation, setGeneration] = useState<number | undefined>(undefined)
  const [version, setVersion] = useState(0)
  // A writer the room made a reader (4403) joins again to follow.
  const [demoted, setDemoted] = useState(false)
  const following = follow || demoted
  useEffect(() => {
    if (!enabled) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let decided = false
    const changed = () => {
      if (timer !== undefined) return
      timer = setTimeout(() => {
        timer = undefined
        setVersion((n) => n + 1)
      }, 100)
    }
    const off = () => {
      if (decided) return
      decided = true
      p.destroy()
      setCo({ state: 'off', provider: null })
    }
    const p: CollabProvider = new CollabProvider({
      person,
      page,
      generation,
      follow: following,
      onChange: () => {
        if (p.phase === 'closed' && p.outcome?.kind === 'read-only' && !following) {
          decided = true
          setDemoted(true)
          return
        }
        if (!decided) {
          if (p.phase === 'live') {
            decided = true
            setCo({ state: 'live', provider: p })
          } else if (p.phase === 'closed' && p.outcome?.kind !== 'reset') {
            // Refused at once (gone, signed out): the screen says why.
            decided = true
            setCo({ state: 'live', provider: p })
          } else if (p.attempts > 0 && !p.joinedOnce && !p.openedOnce) {
            // A first socket that never opened: co-editing is unreachable. One
            // that opened and dropped before it was admitted reached the room
            // (a reset whose MsgReset was lost with the connection, a server
            // stopping): the provider tries again, within joinWait.
            off()
          }
        }
        changed()
      },
      onReset: (g) => {
        decided = true
        setCo({ state: 'deciding', provider: null })
        setGeneration(g)
      },
    })
    setCo({ state: 'deciding', provider: null })
    const wait = setTimeout(() => {
      if (p.phase === 'connecting') off()
    }, joinWait)
    void p.start()
    return () => {
      clearTimeout(wait)
      clearTimeout(timer)
      p.destroy()
    }
  }, [page, person, enabled, generation, following])
  return { co, version, demoted }
}
