import type { CodegenConfig } from '@graphql-codegen/cli'

// Operation types from the server's schema (graph/schema): `npm run codegen`
// after changing an operation or the schema; CI fails when src/gql is stale.
const config: CodegenConfig = {
  schema: '../graph/schema/*.graphqls',
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**'],
  ignoreNoDocuments: true,
  generates: {
    'src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { ID: 'string', Time: 'string', JSON: 'Record<string, unknown>', Upload: 'File' },
      },
    },
  },
}
export default config
