import type { CollabProvider } from './provider'
import { cursorColours } from './cursors'

/** A name's initials for its avatar: the first letters of its first two words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  return words
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('')
}

/**
 * The colour the server gives a person (internal/collab's presence: FNV-1a
 * of the id's 16 bytes into the palette), so one's own avatar matches the
 * caret the others see.
 */
export function colourOf(userId: string): string {
  const hex = userId.replace(/-/g, '')
  if (!/^[0-9a-f]{32}$/i.test(hex)) return '#5b6678'
  let h = 2166136261
  for (let i = 0; i < 32; i += 2) {
    h ^= parseInt(hex.slice(i, i + 2), 16)
    h = Math.imul(h, 16777619) >>> 0
  }
  return cursorColours[h % cursorColours.length] ?? '#5b6678'
}

/** Who is here: this person first, then everyone else in the page's room, each an avatar in their colour and a name. */
export function Presence({ provider, me }: { provider: CollabProvider; me: { id: string; name: string } | null }) {
  const people = [...(me ? [{ client: provider.doc.clientID, name: `${me.name} (you)`, color: colourOf(me.id) }] : []), ...provider.others]
  if (people.length === 0) return null
  const label = `coedit-here-${provider.doc.clientID}`
  return (
    <div className="coedit-presence">
      <span id={label} className="coedit-presence-label">
        Here now
      </span>
      <ul aria-labelledby={label}>
        {people.map((p) => (
          <li key={p.client}>
            <span className="coedit-avatar" aria-hidden="true" ref={(el) => el?.style.setProperty('--who', p.color)}>
              {initials(p.name)}
            </span>
            <span className="coedit-name">{p.name}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
