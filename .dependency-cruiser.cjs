/**
 * The layering rules of src/ (docs/architecture.md explains them). `npm test`
 * runs them through `npm run lint`; a violation fails the run and names its rule.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle makes the order of start-up and the reading order of the code ambiguous.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'store-port-names-no-adapter',
      comment: 'The store port holds interfaces, the part type and the errors; src/store/factory.ts picks the adapter.',
      severity: 'error',
      from: { path: '^src/store/port\\.ts$' },
      to: { path: '^src/store/(json|postgres)/' },
    },
    {
      name: 'group-store-names-no-adapter',
      comment:
        "A group's store.ts is its part's interface and token, as store/port.ts is the store's: only store-json.ts and store-postgres.ts implement it (and the store's core holds no group's record: test/unit/layout.test.ts).",
      severity: 'error',
      from: { path: '^src/features/[^/]+/store\\.ts$' },
      to: { path: '^src/store/(json|postgres)/' },
    },
    {
      name: 'part-implementation-stays-on-its-store',
      comment: "A group's store-json.ts is built on the JSON store's pieces only, its store-postgres.ts on PostgreSQL's only.",
      severity: 'error',
      from: { path: '^src/features/[^/]+/store-(json|postgres)\\.ts$' },
      to: { path: '^src/store/(json|postgres)/', pathNot: '^src/store/$1/' },
    },
    {
      name: 'game-port-names-no-adapter',
      comment: 'The game port is an interface; src/game/factory.ts picks the adapter.',
      severity: 'error',
      from: { path: '^src/game/(port|capabilities|errors)\\.ts$' },
      to: { path: '^src/game/(embedded|bridge|rcon)/' },
    },
    {
      name: 'lib-imports-nothing-of-the-project',
      comment: 'src/lib/ holds general pieces any layer may use; they know nothing of Gatehouse.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
    {
      name: 'no-feature-imports-another-features-wiring',
      comment: "A feature asks another's service (the service registry) or store interface, never its feature.ts.",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/feature\\.ts$', pathNot: '^src/features/$1/' },
    },
    {
      name: 'adapters-do-not-reach-into-features',
      comment: 'Game and store adapters serve every feature; they import none.',
      severity: 'error',
      from: { path: '^src/(game|store|network|http|lib|config)/' },
      to: { path: '^src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
