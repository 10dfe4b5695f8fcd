import { Link } from '../../router'

const tabs = [
  { to: '/settings/tokens', label: 'Sessions and tokens' },
  { to: '/settings/password', label: 'Password' },
  { to: '/settings/mail', label: 'E-mail' },
  { to: '/settings/webhooks', label: 'Webhooks' },
  { to: '/settings/agents', label: 'Agents' },
  { to: '/settings/watches', label: 'Watches' },
]

/** The tabs of the settings screens; the current one is marked. */
export function SettingsNav({ current }: { current: string }) {
  return (
    <nav className="tabs" aria-label="Settings">
      {tabs.map((t) => (
        <Link key={t.to} to={t.to} aria-current={t.to === current ? 'page' : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  )
}
