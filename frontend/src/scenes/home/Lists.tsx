import { useQuery } from 'urql'
import { graphql } from '../../gql'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { ErrorNote, Loading } from '../../components/Status'

// The caller's favourites (the sidebar and the home screen) and recently
// viewed pages (the home screen). Both come from the server filtered by
// what the caller can read now.

export const FavoritesQuery = graphql(`
  query Favorites {
    favorites {
      ...DocumentFields
      starred
    }
  }
`)

export const RecentQuery = graphql(`
  query RecentDocuments($first: Int) {
    recentDocuments(first: $first) {
      ...DocumentFields
    }
  }
`)

type Row = { id: string; space: string; path: string; slug: string; title: string }

function PageLinks({ label, rows, empty }: { label: string; rows: Row[]; empty: string }) {
  if (rows.length === 0) return <p className="status empty">{empty}</p>
  return (
    <ul aria-label={label} className="page-list">
      {rows.map((d) => (
        <li key={d.id}>
          <Link to={pageURL(d)}>{d.title}</Link>
        </li>
      ))}
    </ul>
  )
}

/** Your starred pages, in your order. */
export function FavoritesList() {
  const [{ data, fetching, error }] = useQuery({ query: FavoritesQuery })
  if (error) return <ErrorNote error={error} />
  if (fetching && !data) return <Loading what="Loading your favourites" />
  return <PageLinks label="Favourites" rows={data?.favorites ?? []} empty="Star a page to keep it here." />
}

/** The pages you opened lately, most recent first. */
export function RecentList() {
  const [{ data, fetching, error }] = useQuery({ query: RecentQuery, variables: { first: 10 }, requestPolicy: 'cache-and-network' })
  if (error) return <ErrorNote error={error} />
  if (fetching && !data) return <Loading what="Loading recently viewed pages" />
  return <PageLinks label="Recently viewed" rows={data?.recentDocuments ?? []} empty="Pages you open show here." />
}

/** The home screen's lists. */
export function HomeLists() {
  return (
    <div className="home-lists">
      <section>
        <h2>Recently viewed</h2>
        <RecentList />
      </section>
      <section>
        <h2>Favourites</h2>
        <FavoritesList />
      </section>
    </div>
  )
}
