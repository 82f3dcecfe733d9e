// Three tiers (see docs/testing.md): unit (plain), workflow (time-skipping server), integration (dev server + DB + HTTP).
// Serially, one file at a time (maxWorkers 1): time skipping is global to a test server and the machine has two
// cores. Each file in a fresh process: a worker is replaced after every file (any idle memory is over the limit),
// because what a file loads leaves process-wide hooks behind (MikroORM's and the Temporal SDK's
// AsyncLocalStorages, the SDK's workflow promise hooks) that made files late in one long process run many
// times slower than alone (docs/testing.md, "One process per test file").
const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
  ],
  // The web app's pages: Preact's automatic JSX runtime, as tsconfig.json sets it for tsc and tsx. Only .tsx
  // is parsed as TSX, where `<T>(x) => …` and `<T>x` would read differently.
  '^.+\\.tsx$': [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', importSource: 'preact' } },
      },
      module: { type: 'commonjs' },
    },
  ],
};
// oidc-provider and its jose are ES modules only; Node loads them with require() (20.19 on), jest's own module
// system does not, so jest turns them into CommonJS as it does our .ts.
transform['^.+/node_modules/(oidc-provider|jose)/.+\\.js$'] = [
  '@swc/jest',
  { jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } },
];
const common = {
  transform,
  transformIgnorePatterns: ['/node_modules/(?!(oidc-provider|jose)/)'],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};

/** @type {import('jest').Config} */
module.exports = {
  // Generous: CI runs the SQLite and PostgreSQL suites at once on two cores (docs/testing.md, "What CI runs").
  testTimeout: 60_000,
  maxWorkers: 1,
  workerIdleMemoryLimit: '1kb',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'workflow',
      testMatch: ['<rootDir>/test/workflow/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup-workflows.ts',
      setupFiles: ['<rootDir>/test/support/quiet-temporal.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup-integration.ts',
      setupFiles: ['<rootDir>/test/support/quiet-temporal.ts'],
      globalTeardown: '<rootDir>/test/support/global-teardown-integration.ts',
    },
  ],
};
