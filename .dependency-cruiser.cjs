/**
 * Import rules for the API (apps/api/src) and the back office (apps/admin/src), checked by
 * `npm run lint:deps` (part of `npm run lint`). In the API each folder in modules/ is a module
 * whose front door is its index.ts; in the back office features import downward only, never the
 * app/ that composes them (docs/architecture.md).
 *
 * The script cruises twice. The first pass reads all of apps/api/src for the import rules. The
 * second (DEPCRUISE_MODULES=1) reads modules/ alone and looks for cycles between modules: plugins/
 * and jobs/ are used by the modules' routes and use some modules in turn, and would otherwise
 * count as a way round.
 */

const SRC = '^apps/api/src/';
const MODULES = '^apps/api/src/modules/';
const INDEX = '^apps/api/src/modules/[^/]+/index[.]ts$';

/**
 * Dependencies between modules that may be part of a cycle, for now. Any other module
 * dependency that closes a cycle is an error.
 */
const ALLOWED_CYCLES = {
  // Ending an order (orders/ending.ts) re-checks and refunds its payments; a payment asks the
  // order's lifecycle (orders/lifecycle.ts) whether the order still waits for it. Breaking it
  // means handing the ending its payment steps from outside.
  orders: ['payments'],
  payments: [
    // the other half of the pair above
    'orders',
    // a payment settles installments and closes credits (credits/repository.ts)
    'credits',
  ],
  // a credit reads its order's goods and lifecycle, and closes the order with its last payment;
  // the cycle it closes runs through orders → payments → credits
  credits: ['orders'],
};

const moduleFolder = (name) => `${MODULES}${name}$`;

const CONFIG = '^apps/api/src/config[.]ts$';

const importRules = [
  {
    name: 'no-deep-module-imports',
    comment: 'Code outside a module reaches it only through its index.ts.',
    severity: 'error',
    from: { path: SRC, pathNot: [MODULES, CONFIG] },
    to: { path: MODULES, pathNot: INDEX },
  },
  {
    // The cluster's primary loads config.ts and none of the app, and the storefront's journeys
    // typecheck it through providers/: an index would bring in its whole module (routes and all).
    // config.ts takes the seller and the scoring modes from their own files, which import nothing.
    name: 'no-deep-module-imports',
    comment:
      'config.ts reaches a module through its index.ts, but for two files that import nothing.',
    severity: 'error',
    from: { path: CONFIG },
    to: {
      path: MODULES,
      pathNot: [INDEX, '^apps/api/src/modules/(contracts/seller|scoring/rules)[.]ts$'],
    },
  },
  {
    name: 'no-deep-module-imports',
    comment: "A module reaches another module only through that module's index.ts.",
    severity: 'error',
    from: { path: `${MODULES}([^/]+)/` },
    to: { path: MODULES, pathNot: [`${MODULES}$1/`, INDEX] },
  },
  {
    name: 'no-own-index',
    comment: "A module's files import each other directly, never through their own index.ts.",
    severity: 'error',
    from: { path: `${MODULES}([^/]+)/` },
    to: { path: `${MODULES}$1/index[.]ts$` },
  },
  {
    name: 'no-modules-in-lib-or-db',
    comment: 'lib/ and db/ sit below the modules: they import none.',
    severity: 'error',
    from: { path: `${SRC}(lib|db)/` },
    to: { path: MODULES },
  },
];

const allowing = Object.keys(ALLOWED_CYCLES);
const cycleRules = [
  {
    name: 'no-module-cycles',
    comment: 'Modules depend on each other in one direction.',
    severity: 'error',
    scope: 'folder',
    from: { path: `${MODULES}[^/]+$`, pathNot: allowing.map(moduleFolder) },
    to: { path: `${MODULES}[^/]+$`, circular: true },
  },
  ...allowing.map((name) => ({
    name: 'no-module-cycles',
    comment: `Modules depend on each other in one direction (${name}: see ALLOWED_CYCLES).`,
    severity: 'error',
    scope: 'folder',
    from: { path: moduleFolder(name) },
    to: {
      path: `${MODULES}[^/]+$`,
      pathNot: ALLOWED_CYCLES[name].map(moduleFolder),
      circular: true,
    },
  })),
];

const ADMIN = '^apps/admin/src/';

const adminRules = [
  {
    name: 'no-app-in-admin-features',
    comment:
      'A back-office feature imports components/, lib/, i18n/ and @bozor/shared, never app/: the ' +
      'router and the navigation compose the features, not the other way round.',
    severity: 'error',
    from: { path: `${ADMIN}features/` },
    to: { path: `${ADMIN}app/` },
  },
  {
    name: 'no-features-in-admin-shared',
    comment: "The back office's components/ and lib/ import no feature.",
    severity: 'error',
    from: { path: `${ADMIN}(components|lib)/` },
    to: { path: `${ADMIN}features/` },
  },
  {
    name: 'no-feature-in-another-admin-feature',
    comment:
      "A back-office feature never imports another feature's files: what two features need " +
      'lives in components/ or lib/.',
    severity: 'error',
    from: { path: `${ADMIN}features/([^/]+)/` },
    to: { path: `${ADMIN}features/`, pathNot: `${ADMIN}features/$1/` },
  },
];

const modulesPass = process.env.DEPCRUISE_MODULES === '1';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: modulesPass ? cycleRules : [...importRules, ...adminRules],
  options: {
    includeOnly: modulesPass ? MODULES : [SRC, ADMIN],
    doNotFollow: { path: 'node_modules' },
    // TypeScript 7 has no JavaScript API for dependency-cruiser yet: swc reads the sources
    // (type-only imports included)
    parser: 'swc',
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
