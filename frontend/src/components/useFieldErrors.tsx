import { useId, useState } from 'react'

/**
 * The field errors of a form the server checks (BAD_USER_INPUT on a field,
 * lib/pageForm's fieldErrors): `field(name)` gives an input its id and ARIA
 * attributes, `errorOf(name)` the message under it, `other` the messages of
 * fields the form does not show. `ids` prefixes the ids, for labels.
 */
export function useFieldErrors(known: readonly string[]) {
  const ids = useId()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const field = (name: string) => ({
    id: `${ids}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids}-${name}-error` : undefined,
  })
  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={`${ids}-${name}-error`} className="status error" role="alert">
        {errors[name]}
      </p>
    ) : null
  const other = Object.entries(errors)
    .filter(([k]) => !known.includes(k))
    .map(([, m]) => m)
  return { ids, errors, setErrors, field, errorOf, other }
}
