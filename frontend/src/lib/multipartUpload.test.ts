import { describe, expect, it } from 'vitest'
import { multipartBody, withNullAt } from './multipartUpload'

describe('multipart', () => {
  it('follows the multipart request spec', async () => {
    const vars = withNullAt({ input: { file: { name: 'x' }, path: 'a' } }, 'input.file')
    expect(vars).toEqual({ input: { file: null, path: 'a' } })
    const form = multipartBody('mutation M { x }', vars, 'variables.input.file', new Blob(['hi']), 'a.txt')
    const keys = [...form.keys()]
    expect(keys).toEqual(['operations', 'map', '0'])
    expect(JSON.parse(form.get('operations') as string)).toEqual({ query: 'mutation M { x }', variables: { input: { file: null, path: 'a' } } })
    expect(JSON.parse(form.get('map') as string)).toEqual({ '0': ['variables.input.file'] })
    expect((form.get('0') as File).name).toBe('a.txt')
  })
})
