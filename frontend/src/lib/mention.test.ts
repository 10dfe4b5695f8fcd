import { describe, expect, it } from 'vitest'
import { insertMention, mentionChip, mentionHrefs, mentionMarkdown, mentionQuery, parseMentionHref } from './mention'

const id = '0190a000-0000-7000-8000-000000000001'

describe('mentions', () => {
  it('reads mention hrefs as the server does', () => {
    expect(parseMentionHref(`mention:user/${id.toUpperCase()}`)).toEqual({ kind: 'user', key: id })
    expect(parseMentionHref('mention:group/Platform')).toEqual({ kind: 'group', key: 'platform' })
    expect(parseMentionHref('mention:agent/build-bot')).toEqual({ kind: 'agent', key: 'build-bot' })
    expect(parseMentionHref('mention:user/nope')).toBeNull()
    expect(parseMentionHref('mention:team/x')).toBeNull()
    expect(parseMentionHref('https://example.com')).toBeNull()
  })
  it('lists a body’s mention hrefs once each', () => {
    expect(mentionHrefs(`Hi [@A](mention:user/${id}) and [@B](mention:group/p) and [@A again](mention:user/${id}).\n\n[x]: mention:agent/bot\n`))
      .toEqual([`mention:user/${id}`, 'mention:group/p', 'mention:agent/bot'])
  })
  it('shows the current name, never the link text, escaped', () => {
    const names = new Map([[`mention:user/${id}`, 'Bob <b>']])
    const chip = mentionChip(`mention:user/${id}`, names) ?? ''
    expect(chip).toContain('@Bob &lt;b&gt;')
    expect(chip).toContain(`data-mention="mention:user/${id}"`)
    expect(mentionChip('mention:group/x', names)).toContain('@…')
    expect(mentionChip('javascript:alert(1)', names)).toBeNull()
  })
  it('finds the @ query at the caret', () => {
    expect(mentionQuery('Ask @an', 7)).toEqual({ from: 4, query: 'an' })
    expect(mentionQuery('@', 1)).toEqual({ from: 0, query: '' })
    expect(mentionQuery('mail a@b', 8)).toBeNull()
    expect(mentionQuery('@an\nx', 5)).toBeNull()
    expect(mentionQuery('@ an', 4)).toBeNull()
  })
  it('inserts [@Name](href) in place of the query', () => {
    expect(mentionMarkdown('Ann [x] Lee', `mention:user/${id}`)).toBe(`[@Ann \\[x\\] Lee](mention:user/${id})`)
    const r = insertMention('Ask @an now', 4, 7, 'Ann', `mention:user/${id}`)
    expect(r.text).toBe(`Ask [@Ann](mention:user/${id})  now`)
    expect(r.caret).toBe(4 + `[@Ann](mention:user/${id}) `.length)
  })
})
