import { lazy, Suspense, useEffect, useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from './gql'
import { Link, mayLeave, navigate, useLocation } from './router'
import { clearAllDrafts, setDraftPerson, sweepDrafts } from './lib/draftStore'
import { parsePageURL, spaces } from './lib/address'
import { SignIn } from './scenes/signin/SignIn'
import { Route } from './routes'
import { FolderTree } from './components/FolderTree'
import { FavoritesList } from './scenes/home/Lists'
import { InboxBadge } from './components/InboxBadge'
import { ErrorNote, Loading } from './components/Status'
import { ErrorBoundary } from './components/ErrorBoundary'
import type { Space } from './gql/graphql'
import { screenTitle, useTitle } from './lib/title'

// Loaded when first opened: the search palette (Ctrl K) and management's console.
const SearchPalette = lazy(() => import('./scenes/search/SearchPalette'))
const Manage = lazy(() => import('./scenes/manage/Manage'))
// The screens that need no sign-in, opened from a mail's link or the sign-in screen.
const Forgot = lazy(() => import('./scenes/signin/Forgot'))
const Reset = lazy(() => import('./scenes/signin/Reset'))
const Invite = lazy(() => import('./scenes/signin/Invite'))

/** The screen at a path that needs no sign-in (`/forgot`, `/reset/<token>`, `/invite/<token>`), or null. */
function publicScreen(path: string, onSignedIn: () => void) {
  if (path === '/forgot') return <Forgot />
  const m = /^\/(invite|reset)\/([^/]+)$/.exec(path)
  if (!m) return null
  const token = decodeURIComponent(m[2] ?? '')
  return m[1] === 'invite' ? <Invite token={token} onDone={onSignedIn} /> : <Reset token={token} onDone={onSignedIn} />
}

const Me = graphql(`
  query Me {
    me {
      ...UserFields
      email
      kind
    }
  }
`)

// The first request when the app opens on a page: who is signed in, the
// sidebar's top folder and favourites and the page, in one query. The shell's, the tree's
// and the page view's own queries then read them from the cache.
const Start = graphql(`
  query Start($space: Space!, $path: String!, $slug: String!, $tree: Space!) {
    me {
      ...UserFields
      email
      kind
    }
    folderTree(space: $tree, path: "") {
      ...FolderTreeFields
    }
    documentByAddress(space: $space, path: $path, slug: $slug) {
      ...PageViewDocument
    }
    favorites {
      ...DocumentFields
      starred
    }
  }
`)

const Logout = graphql(`
  mutation Logout {
    logout
  }
`)

/** Who is signed in decides what shows: sign-in, management's console, or the app. */
export function App() {
  const { path } = useLocation()
  const [opening] = useState(() => parsePageURL(location.pathname))
  const [start] = useQuery({
    query: Start,
    variables: {
      space: (opening?.space.toUpperCase() ?? 'WIKI') as Space, path: opening?.path ?? '', slug: opening?.slug ?? '', tree: 'WIKI',
    },
    pause: opening === null,
  })
  const [me, refetch] = useQuery({ query: Me, pause: opening !== null && !start.data && !start.error })
  // Management signs in with a manage token, not a session: its console
  // asks for one (kept in memory only).
  if (path === '/manage') {
    return (
      <Suspense fallback={<Loading />}>
        <Manage />
      </Suspense>
    )
  }
  const opened = publicScreen(path, () => {
    navigate('/', true)
    refetch({ requestPolicy: 'network-only' })
  })
  if (opened) return <Suspense fallback={<Loading />}>{opened}</Suspense>
  if ((me.fetching || (opening !== null && !start.data && !start.error)) && !me.data) return <Loading what="Starting" />
  if (me.error && !me.data) return <ErrorNote error={me.error} retry={() => refetch({ requestPolicy: 'network-only' })} />
  const user = me.data?.me
  if (!user) return <SignIn onDone={() => refetch({ requestPolicy: 'network-only' })} />
  if (user.kind === 'MANAGEMENT') {
    return (
      <Suspense fallback={<Loading />}>
        <Manage />
      </Suspense>
    )
  }
  return <Shell id={user.id} name={user.name} onSignedOut={() => refetch({ requestPolicy: 'network-only' })} />
}

function Shell({ id, name, onSignedOut }: { id: string; name: string; onSignedOut: () => void }) {
  const { path } = useLocation()
  setDraftPerson(id)
  useEffect(() => void sweepDrafts(), [])
  const [, logout] = useMutation(Logout)
  const [palette, setPalette] = useState(false)
  const [space, setSpace] = useState<Space>('WIKI')
  const [menu, setMenu] = useState(false)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // The editor's Ctrl-K makes a link: it has handled the key already.
      if (e.defaultPrevented) return
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        setPalette(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  useEffect(() => setMenu(false), [path])
  // The sidebar shows the space of the page open (and opens to it).
  const current = parsePageURL(path)
  useEffect(() => {
    if (current) setSpace(current.space.toUpperCase() as Space)
  }, [current?.space]) // eslint-disable-line react-hooks/exhaustive-deps
  // A page titles its tab itself; every other screen by its name.
  useTitle(current ? undefined : (screenTitle(path) ?? null))
  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to the content
      </a>
      <header className="top">
        <button type="button" className="menu-toggle" aria-label="Folders" aria-expanded={menu} onClick={() => setMenu(!menu)}>
          ☰
        </button>
        <Link to="/" className="brand">
          CoDNA
        </Link>
        <button type="button" className="search-open" onClick={() => setPalette(true)} aria-keyshortcuts="Control+K">
          Search <kbd>Ctrl K</kbd>
        </button>
        <nav aria-label="Main">
          <InboxBadge />
          <Link to="/shared">Shared with me</Link>
          <Link to="/new">New page</Link>
          <Link to="/tags">Tags</Link>
          <Link to="/imports">Imports</Link>
          <Link to="/automations">Automations</Link>
          <Link to="/trash">Trash</Link>
          <Link to="/settings/tokens">Settings</Link>
          <button
            type="button"
            onClick={async () => {
              if (!mayLeave()) return
              setDraftPerson('')
              await logout({})
              // The next person at this browser must not find this one's drafts.
              await clearAllDrafts()
              navigate('/', false, true)
              onSignedOut()
            }}
          >
            Sign out {name}
          </button>
        </nav>
      </header>
      <aside className={menu ? 'side open' : 'side'} aria-label="Spaces">
        <div role="tablist" aria-label="Space">
          {spaces.map((s) => {
            const v = s.toUpperCase() as Space
            return (
              <button key={s} type="button" role="tab" aria-selected={space === v} onClick={() => setSpace(v)}>
                {s}
              </button>
            )
          })}
        </div>
        <FolderTree key={space} space={space} />
        <section className="side-favorites" aria-labelledby="side-favorites">
          <h2 id="side-favorites">Favourites</h2>
          <FavoritesList />
        </section>
      </aside>
      <main className="main" id="main" tabIndex={-1}>
        <ErrorBoundary resetKey={path}>
          <Suspense fallback={<Loading />}>
            <Route path={path} />
          </Suspense>
        </ErrorBoundary>
      </main>
      {palette && (
        <Suspense fallback={null}>
          <SearchPalette onClose={() => setPalette(false)} />
        </Suspense>
      )}
    </div>
  )
}
