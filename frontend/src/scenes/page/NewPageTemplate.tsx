import { useId } from 'react'
import { useQuery } from 'urql'
import { graphql } from '../../gql'

const Templates = graphql(`
  query NewPageTemplates {
    templates {
      ...DocumentFields
      tags
      content
    }
    me {
      ...UserFields
    }
  }
`)

/** A template the new-page form can start from. */
export interface Template {
  id: string
  title: string
  tags: string[]
  content: string
}

/**
 * "New page from template": the templates the author can read (pages tagged
 * template, anywhere), a blank page first. Shown only when there is one.
 */
export default function NewPageTemplate({ chosen, onChange }: { chosen: Template | null; onChange: (t: Template | null, author: string) => void }) {
  const id = useId()
  const [{ data }] = useQuery({ query: Templates })
  const templates = (data?.templates ?? []) as Template[]
  const author = (data?.me as { name?: string } | null | undefined)?.name ?? ''
  if (!templates.length) return null
  return (
    <div className="new-page-template">
      <label htmlFor={id}>Start from</label>
      <select id={id} value={chosen?.id ?? ''} onChange={(e) => onChange(templates.find((t) => t.id === e.target.value) ?? null, author)}>
        <option value="">A blank page</option>
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            Template: {t.title}
          </option>
        ))}
      </select>
    </div>
  )
}
