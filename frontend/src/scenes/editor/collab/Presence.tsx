import type { CollabProvider } from './provider'

/** A name's initials for its avatar: the first letters of its first two words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  return words
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('')
}

/** Who is here: everyone in the page's room, each with an avatar in their cursor's colour and their name. */
export function Presence({ provider }: { provider: CollabProvider }) {
  const people = provider.present
  if (people.length === 0) return null
  return (
    <div className="coedit-presence">
      <span id={`coedit-here-${provider.doc.clientID}`} className="coedit-presence-label">
        Here now
      </span>
      <ul aria-labelledby={`coedit-here-${provider.doc.clientID}`}>
        {people.map((p) => (
          <li key={p.client} title={p.me ? `${p.name} (you)` : p.name}>
            <span className="coedit-avatar" data-color={p.color} aria-hidden="true" ref={(el) => el?.style.setProperty('--who', p.color)}>
              {initials(p.name)}
            </span>
            <span className="coedit-name">{p.me ? `${p.name} (you)` : p.name}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
