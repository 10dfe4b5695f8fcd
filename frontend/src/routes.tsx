import { lazy, Suspense } from 'react'
import { Link } from './router'
import { parsePageURL } from './lib/address'
import { Loading } from './components/Status'
import { PageView } from './scenes/page/PageView'
import { HomeLists } from './scenes/home/Lists'

// Where each URL goes: a scene of src/scenes. The page view is part of the
// first route's chunk (a page is what the app most often opens on); every
// other scene loads when first opened. A new screen is a scene of its own
// (src/scenes/<area>/) and a case here.

// Home's activity loads after the lists it stands below: the first route's code stays small.
const ActivityFeed = lazy(() => import('./scenes/activity/ActivityFeed').then((m) => ({ default: m.ActivityFeed })))
const Inbox = lazy(() => import('./scenes/inbox/Inbox'))
// So do its decisions and drafts (IndexedDB): loaded on their own, after the first screen.
const HomeWork = lazy(() => import('./scenes/home/Work'))
const Shared = lazy(() => import('./scenes/share/Shared'))
const Trash = lazy(() => import('./scenes/trash/Trash'))
const SearchScreen = lazy(() => import('./scenes/search/Search'))
const Imports = lazy(() => import('./scenes/imports/Imports'))
const Automations = lazy(() => import('./scenes/automations/Automations'))
const Tokens = lazy(() => import('./scenes/settings/Tokens'))
const Password = lazy(() => import('./scenes/settings/Password'))
const Mail = lazy(() => import('./scenes/settings/Mail'))
const Webhooks = lazy(() => import('./scenes/settings/Webhooks'))
const MyAgents = lazy(() => import('./scenes/settings/Agents'))
const MyWatches = lazy(() => import('./scenes/settings/Watches'))
const NewPage = lazy(() => import('./scenes/page/NewPage'))
const Tags = lazy(() => import('./scenes/tags/Tags'))
const TagPages = lazy(() => import('./scenes/tags/TagPages'))

/** The scene at a path (the shell around it is App's). */
export function Route({ path }: { path: string }) {
  switch (path) {
    case '/':
      return <Home />
    case '/inbox':
      return <Inbox />
    case '/shared':
      return <Shared />
    case '/trash':
      return <Trash />
    case '/search':
      return <SearchScreen />
    case '/imports':
      return <Imports />
    case '/automations':
      return <Automations />
    case '/settings/tokens':
      return <Tokens />
    case '/settings/password':
      return <Password />
    case '/settings/mail':
      return <Mail />
    case '/settings/webhooks':
      return <Webhooks />
    case '/settings/agents':
      return <MyAgents />
    case '/settings/watches':
      return <MyWatches />
    case '/new':
      return <NewPage />
    case '/tags':
      return <Tags />
  }
  if (path.startsWith('/tags/')) return <TagPages key={path} tag={decodeURIComponent(path.slice('/tags/'.length))} />
  const address = parsePageURL(path)
  if (address) return <PageView key={path} address={address} />
  return <p className="status empty">There is nothing at {path}.</p>
}

function Home() {
  return (
    <section>
      <h1>Welcome</h1>
      <p>Open a page from the folders, search with Ctrl K, or write a new page.</p>
      <p>
        <Link to="/new">New page</Link>
      </p>
      <HomeLists />
      <Suspense fallback={<Loading what="Loading your work in progress" />}>
        <HomeWork />
      </Suspense>
      <h2>Team activity</h2>
      <Suspense fallback={<Loading what="Loading the team's activity" />}>
        <ActivityFeed label="Team activity" />
      </Suspense>
    </section>
  )
}
