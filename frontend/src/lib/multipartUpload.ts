import { stringifyDocument, type TypedDocumentNode } from 'urql'

// A GraphQL multipart request (the multipart request spec): `operations`,
// then `map`, then the file as part "0". Signed in by the session cookie,
// so it carries the CSRF header.

export interface UploadResult<T> {
  data?: T | null
  errors?: { message: string; extensions?: Record<string, unknown> }[]
}

/** The FormData of a multipart request whose one file goes at `filePath` (like `variables.input.file`). */
export function multipartBody(query: string, variables: Record<string, unknown>, filePath: string, file: Blob, fileName?: string): FormData {
  const form = new FormData()
  form.append('operations', JSON.stringify({ query, variables }))
  form.append('map', JSON.stringify({ '0': [filePath] }))
  if (fileName !== undefined) form.append('0', file, fileName)
  else form.append('0', file)
  return form
}

/** Sets the value at a dotted path ("input.file") of a copy of vars to null. */
export function withNullAt(vars: Record<string, unknown>, path: string): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(vars)) as Record<string, unknown>
  const keys = path.split('.')
  let o: Record<string, unknown> = copy
  for (const k of keys.slice(0, -1)) {
    if (typeof o[k] !== 'object' || o[k] === null) o[k] = {}
    o = o[k] as Record<string, unknown>
  }
  o[keys[keys.length - 1] as string] = null
  return copy
}

/** Sends a mutation with one file at variables.<varPath>; resolves with the GraphQL answer or throws on a network or HTTP failure. */
export async function uploadMutation<T, V extends Record<string, unknown>>(
  doc: TypedDocumentNode<T, V>,
  variables: V,
  varPath: string,
  file: File,
): Promise<UploadResult<T>> {
  const body = multipartBody(stringifyDocument(doc), withNullAt(variables, varPath), 'variables.' + varPath, file, file.name)
  const res = await fetch('/graphql', { method: 'POST', body, headers: { 'X-CoDNA-CSRF': '1' }, credentials: 'same-origin' })
  if (res.status === 413) throw new Error('The file is too large.')
  let json: UploadResult<T>
  try {
    json = (await res.json()) as UploadResult<T>
  } catch {
    throw new Error(`The upload failed (${res.status}).`)
  }
  return json
}

/** The errors of an upload's answer as one message, or '' when there are none. */
export function uploadErrors(r: UploadResult<unknown>): string {
  return (r.errors ?? []).map((e) => e.message).join(' ')
}
