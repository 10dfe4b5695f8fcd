import { useMutation, useQuery } from 'urql'
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

const MoveFavorite = graphql(`
  mutation MoveFavorite($input: MoveFavoriteInput!) {
    moveFavorite(input: $input) {
      ...DocumentFields
    }
  }
`)

type Row = { id: string; space: string; path: string; slug: string; title: string }

/**
 * Where moving rows[i] one step puts it: the id it goes before (null: last),
 * or undefined when it cannot move that way.
 */
export function moveTarget(rows: { id: string }[], i: number, step: -1 | 1): string | null | undefined {
  const j = i + step
  if (j < 0 || j >= rows.length) return undefined
  // Up: before the one above it. Down: before the one after its lower neighbour, or last.
  return step < 0 ? (rows[j]?.id ?? null) : (rows[j + 1]?.id ?? null)
}

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

/** Your starred pages, in your order; with reorder, each can move up or down. */
export function FavoritesList({ reorder = false }: { reorder?: boolean }) {
  const [{ data, fetching, error }] = useQuery({ query: FavoritesQuery })
  const [moved, move] = useMutation(MoveFavorite)
  if (error) return <ErrorNote error={error} />
  if (fetching && !data) return <Loading what="Loading your favourites" />
  const rows = data?.favorites ?? []
  if (!reorder || rows.length < 2) return <PageLinks label="Favourites" rows={rows} empty="Star a page to keep it here." />
  const button = (d: Row, i: number, step: -1 | 1, label: string, sign: string) => {
    const before = moveTarget(rows, i, step)
    return (
      <button
        type="button"
        className="move"
        aria-label={`Move ${d.title} ${label}`}
        disabled={before === undefined || moved.fetching}
        onClick={() => move({ input: { documentId: d.id, before: before ?? null } })}
      >
        {sign}
      </button>
    )
  }
  return (
    <>
      <ul aria-label="Favourites" className="page-list">
        {rows.map((d, i) => (
          <li key={d.id}>
            <Link to={pageURL(d)}>{d.title}</Link> {button(d, i, -1, 'up', '↑')}
            {button(d, i, 1, 'down', '↓')}
          </li>
        ))}
      </ul>
      <ErrorNote error={moved.error} />
    </>
  )
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
        <FavoritesList reorder />
      </section>
    </div>
  )
}
