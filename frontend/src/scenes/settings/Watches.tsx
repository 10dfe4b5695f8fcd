import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import type { Space, WatchesQuery as WatchesData } from '../../gql/graphql'
import { Link } from '../../router'
import { pageURL } from '../../lib/address'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { SettingsNav } from './SettingsNav'
import '../../components/admin.css'

export const WatchesQuery = graphql(`
  query Watches {
    watches {
      ...WatchFields
      document {
        ...DocumentFields
      }
    }
  }
`)

const UnwatchPage = graphql(`
  mutation UnwatchFromSettings($input: DocumentRefInput!) {
    unwatchDocument(input: $input) {
      document {
        ...DocumentFields
        watching
      }
    }
  }
`)

const WatchFolder = graphql(`
  mutation WatchFolder($input: FolderRefInput!) {
    watchFolder(input: $input) {
      watch {
        ...WatchFields
      }
    }
  }
`)

const UnwatchFolder = graphql(`
  mutation UnwatchFolder($input: FolderRefInput!) {
    unwatchFolder(input: $input) {
      watch {
        ...WatchFields
      }
    }
  }
`)

type Watch = WatchesData['watches'][number]

const sources: Record<string, string> = {
  MANUAL: 'you watched it',
  AUTHOR: 'you created it',
  COMMENT: 'you commented on it',
  MENTION: 'you were mentioned on it',
  OWNER: 'it was handed to you',
}

/** What a folder watch is called: `wiki/ops`, or `wiki` for the whole space. */
export function folderName(w: Pick<Watch, 'space' | 'path'>): string {
  const space = (w.space ?? '').toLowerCase()
  return w.path ? `${space}/${w.path}` : `${space} (the whole space)`
}

/** /settings/watches: the pages and folders you watch, each with Unwatch. */
export default function Watches() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: WatchesQuery })
  const [page, unwatchPage] = useMutation(UnwatchPage)
  const [folder, unwatchFolder] = useMutation(UnwatchFolder)
  const [added, watchFolder] = useMutation(WatchFolder)
  const [space, setSpace] = useState<Space>('WIKI')
  const [path, setPath] = useState('')
  const busy = page.fetching || folder.fetching || added.fetching
  const done = () => refetch({ requestPolicy: 'network-only' })
  const rows = data?.watches ?? []
  return (
    <section className="admin">
      <h1>Watches</h1>
      <SettingsNav current="/settings/watches" />
      <p className="status">
        You are told in your inbox when a page you watch changes, moves, goes to the trash or gets a new or resolved thread, and
        when a page appears in a folder you watch — never of your own changes, at most once per page in 10 minutes.
      </p>
      <form
        className="stack-form"
        aria-label="Watch a folder"
        onSubmit={async (e) => {
          e.preventDefault()
          const r = await watchFolder({ input: { space, path } })
          if (!r.error) {
            setPath('')
            done()
          }
        }}
      >
        <label>
          Space
          <select value={space} onChange={(e) => setSpace(e.target.value as Space)}>
            <option value="WIKI">wiki</option>
            <option value="RAW">raw</option>
            <option value="OUTPUT">output</option>
          </select>
        </label>
        <label>
          Folder (empty: the whole space)
          <input value={path} onChange={(e) => setPath(e.target.value)} placeholder="engineering/runbooks" />
        </label>
        <div className="buttons">
          <button type="submit" disabled={busy}>
            Watch folder
          </button>
        </div>
      </form>
      <ErrorNote error={error ?? page.error ?? folder.error ?? added.error} />
      {fetching && !data ? (
        <Loading what="Loading your watches" />
      ) : rows.length === 0 ? (
        <Empty>You watch nothing yet: use Watch on a page.</Empty>
      ) : (
        <ul aria-label="Watches" className="page-list">
          {rows.map((w) => (
            <li key={w.id}>
              {w.document ? <Link to={pageURL(w.document)}>{w.document.title}</Link> : <span>Folder {folderName(w)}</span>}{' '}
              <span className="meta">({w.document ? (sources[w.source] ?? w.source.toLowerCase()) : 'every page in it'})</span>{' '}
              <button
                type="button"
                disabled={busy}
                aria-label={`Unwatch ${w.document ? w.document.title : folderName(w)}`}
                onClick={async () => {
                  const r = w.document
                    ? await unwatchPage({ input: { documentId: w.document.id } })
                    : await unwatchFolder({ input: { space: w.space as Space, path: w.path ?? '' } })
                  if (!r.error) done()
                }}
              >
                Unwatch
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
