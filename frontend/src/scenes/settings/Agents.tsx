import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { graphql } from '../../gql'
import { Empty, ErrorNote, Loading } from '../../components/Status'
import { SettingsNav } from './SettingsNav'
import '../../components/admin.css'
import { RelativeTime } from '../../components/RelativeTime'

// /settings/agents: the agents you answer for. You read every page they write; here you choose
// whom each may share its pages with (the MCP share_document tool), revoke its tokens one by one,
// and resume it when it was paused (nobody active answered for it).

const MyAgents = graphql(`
  query MyAgentsCare {
    myAgents {
      ...ResponsibleAgentFields
    }
  }
`)

const AgentCare = graphql(`
  query AgentCare($agentId: ID!) {
    agentTokens(agentId: $agentId) {
      ...AccessTokenFields
      revokedAt
    }
    agentShareTargets(agentId: $agentId) {
      recipient
      recipientName
    }
  }
`)

const SetTargets = graphql(`
  mutation SetAgentShareTargets($input: SetAgentShareTargetsInput!) {
    setAgentShareTargets(input: $input) {
      targets {
        recipient
        recipientName
      }
    }
  }
`)

const RevokeToken = graphql(`
  mutation RevokeAgentToken($input: RevokeAgentTokenInput!) {
    revokeAgentToken(input: $input) {
      accessToken {
        ...AccessTokenFields
        revokedAt
      }
    }
  }
`)

const Resume = graphql(`
  mutation ResumeMyAgent($input: ResumeAgentInput!) {
    resumeAgent(input: $input) {
      agent {
        ...ResponsibleAgentFields
      }
    }
  }
`)

/** The recipients typed in a list: emails and group:<slug>, by commas or new lines. */
export function parseTargets(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

function AgentPanel({ agent, onChange }: { agent: { id: string; slug: string; name: string; pausedAt?: unknown }; onChange: () => void }) {
  const [care, refetch] = useQuery({ query: AgentCare, variables: { agentId: agent.id } })
  const [saved, save] = useMutation(SetTargets)
  const [revoked, revoke] = useMutation(RevokeToken)
  const [resumed, resume] = useMutation(Resume)
  const [text, setText] = useState<string | null>(null)
  const reload = () => refetch({ requestPolicy: 'network-only' })
  const targets = care.data?.agentShareTargets ?? []
  const shown = text ?? targets.map((t) => t.recipient).join(', ')
  return (
    <li className="row" aria-label={`Agent ${agent.slug}`}>
      <div className="row-main">
        <strong>{agent.name}</strong> <code>agent:{agent.slug}</code>{' '}
        {agent.pausedAt ? <span className="pill inactive">Paused</span> : null}
        {agent.pausedAt ? (
          <button
            type="button"
            aria-label={`Resume ${agent.slug}`}
            disabled={resumed.fetching}
            onClick={async () => {
              const r = await resume({ input: { agentId: agent.id } })
              if (!r.error) onChange()
            }}
          >
            Resume
          </button>
        ) : null}
        <ErrorNote error={resumed.error ?? saved.error ?? revoked.error ?? care.error} />
        <form
          className="inline-form"
          onSubmit={async (e) => {
            e.preventDefault()
            const r = await save({ input: { agentId: agent.id, principals: parseTargets(shown) } })
            if (!r.error) {
              setText(null)
              reload()
            }
          }}
        >
          <label className="grow">
            May share its pages with
            <input value={shown} onChange={(e) => setText(e.target.value)} placeholder="dana@example.com, group:ops" />
          </label>
          <button type="submit" disabled={saved.fetching}>
            Save
          </button>
        </form>
        {care.fetching && !care.data ? (
          <Loading />
        ) : (
          <ul className="rows" aria-label={`Tokens of ${agent.slug}`}>
            {(care.data?.agentTokens ?? []).map((t) => (
              <li key={t.id} className="row">
                <div className="row-main">
                  <strong>{t.name}</strong> <code>{t.prefix}…</code>
                  <span className="meta">
                    Created <RelativeTime at={t.createdAt} /> · {t.lastUsedAt ? <>last used <RelativeTime at={t.lastUsedAt} /></> : 'never used'}
                    {t.revokedAt ? <> · revoked <RelativeTime at={t.revokedAt} /></> : ''}
                  </span>
                </div>
                {!t.revokedAt && (
                  <button
                    type="button"
                    aria-label={`Revoke ${t.name} of ${agent.slug}`}
                    disabled={revoked.fetching}
                    onClick={async () => {
                      const r = await revoke({ input: { agentId: agent.id, tokenId: t.id } })
                      if (!r.error) reload()
                    }}
                  >
                    Revoke
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  )
}

/** /settings/agents: the agents you answer for. */
export default function Agents() {
  const [list, refetch] = useQuery({ query: MyAgents })
  const agents = list.data?.myAgents ?? []
  return (
    <section className="admin">
      <h1>Your agents</h1>
      <SettingsNav current="/settings/agents" />
      <p className="status">You read every page an agent you answer for writes. It shares a page only with the people and groups you list here.</p>
      {list.fetching && !list.data ? (
        <Loading />
      ) : list.error ? (
        <ErrorNote error={list.error} />
      ) : agents.length === 0 ? (
        <Empty>You answer for no agent.</Empty>
      ) : (
        <ul className="rows" aria-label="Agents">
          {agents.map((a) => (
            <AgentPanel key={a.id} agent={a} onChange={() => refetch({ requestPolicy: 'network-only' })} />
          ))}
        </ul>
      )}
    </section>
  )
}
