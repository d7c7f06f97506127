/**
 * The architecture, as rules (issue 30; README "How the code is laid out"). `npm run check`
 * runs them over every workspace; test/architecture.test.ts proves each one still fires.
 * No exceptions: code that breaks a rule moves to where it belongs.
 */

/** Code that exists for tests only: never imported by what ships. */
const TEST_ONLY = [
  '(^|/)test/',
  '\\.test\\.tsx?$',
  '^e2e/',
  '^bench/',
  '^packages/test-replay/',
  '^apps/web/src/testing/',
];

/** What ships: the apps' and packages' sources (bin launchers and build scripts included). */
const PRODUCTION = '^(apps|packages)/[^/]+/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles, type-only ones included: each file sits below what it imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-not-to-apps',
      severity: 'error',
      comment: 'packages/* are the libraries the apps are made of; they never reach up into an app.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'pure-engine-and-importers',
      severity: 'error',
      comment:
        'The engine and the importers take what they need as parameters: no node built-ins (no file, network or process access), no other workspace but contracts.',
      from: { path: '^packages/(engine|importers)/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'engine-and-importers-only-contracts',
      severity: 'error',
      comment: 'The engine and the importers import only packages/contracts and their own files of ours.',
      from: { path: '^packages/(engine|importers)/src/' },
      to: {
        path: '^(apps|packages|e2e|bench|test)/',
        pathNot: ['^packages/$1/src/', '^packages/contracts/src/'],
      },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      severity: 'error',
      comment: 'packages/contracts is the bottom layer: zod schemas and types only.',
      from: { path: '^packages/contracts/src/' },
      to: { path: '^(apps|packages|e2e|bench|test)/', pathNot: '^packages/contracts/src/' },
    },
    {
      name: 'web-shared-not-to-features',
      severity: 'error',
      comment:
        'components/, hooks/, lib/ and config/ sit below the features: they never import a feature or app/.',
      from: { path: '^apps/web/src/(components|hooks|lib|config)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-feature-not-to-app',
      severity: 'error',
      comment: 'app/ composes the features; a feature never imports app/.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-feature-not-to-other-feature',
      severity: 'error',
      comment:
        'A web feature does not import another: compose features in app/ (routes), or move what two share to components/, hooks/ or lib/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'server-module-through-service',
      severity: 'error',
      comment:
        "A server module uses another module only through that module's services (any *.service.ts inside it), never its repo, routes or helpers; what many modules need and is no module's domain lives below the modules (db/, http/, shared/).",
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/.+\\.service\\.ts$'],
      },
    },
    {
      name: 'production-not-to-tests',
      severity: 'error',
      comment: 'Tests, test helpers and replay servers are never imported by production code.',
      from: { path: PRODUCTION, pathNot: TEST_ONLY },
      to: { path: TEST_ONLY },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)\\.dist-', '^apps/web/public/', '\\.d\\.ts$'],
    },
    // Type-only imports count: a circle of types is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
