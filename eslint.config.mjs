import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const noProcessEnv = {
  "no-restricted-properties": [
    "error",
    { object: "process", property: "env", message: "Read configuration through lib/env.ts." },
  ],
};

// The two faces (docs/architecture.md): the dashboard and the sandbox provider meet only over HTTP.
// The sandbox's own routes are its way in; what else may cross is named here, and only here.
const SANDBOX_ROUTES = ["app/arge/**", "app/dta/**", "app/auth/**", "app/onsiteroles/**", "app/sandbox/**"];
const DASHBOARD_MAY_IMPORT_SANDBOX = [
  "lib/startup.ts", // starts the sandbox when SANDBOX=1
];
// Shared ground the sandbox stands on: the database client and its schema, the configuration (and the mail's: the
// sandbox's own IMAP server is the mailbox the app reads back when none is configured), the CSV cell format, the process's lifecycle (its mailbox closes at a shutdown), the process's clock (a
// test moves the sandbox's token lifetimes with the app's time).
const SANDBOX_MAY_IMPORT = [
  "lib/sandbox/",
  "lib/db/",
  "lib/env$",
  "lib/mail-config$",
  "lib/csv$",
  "lib/process/lifecycle$",
  "lib/process/clock$",
];
const restrictImports = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const notSandbox = (group) => ({
  group,
  message: "The dashboard reaches the sandbox only over HTTP (eslint.config.mjs names the exceptions).",
});
const noSandbox = (group) => restrictImports(notSandbox(group));
const SANDBOX_MODULES = ["@/lib/sandbox", "@/lib/sandbox/**", "**/lib/sandbox/**"];
const LIB_NOT_SANDBOX = notSandbox([...SANDBOX_MODULES, "../sandbox", "../sandbox/**"]);

// The rooms of the features (docs/architecture.md, "Layout"): what was received (lib/delivery); the register of units
// and tenancies (lib/register), the floor of the residents' side; and what stands on it, the hand-offs to residents
// (lib/handoffs) and the on-site-roles reports to the providers (lib/onsite-roles). A room imports none of the rooms
// named against it, by `@/lib/...` or a relative path: what they share lies below them, what joins them is in lib/views
// above them, a sync tells the reports by an event (lib/events.ts), a change of the register by the reporter the
// reports register (lib/register/reporter.ts). A file's rule replaces the one of lib/** above, so the sandbox's
// pattern is given again.
const APART = {
  delivery: ["register", "handoffs", "onsite-roles"],
  register: ["delivery", "handoffs", "onsite-roles"],
  handoffs: ["delivery", "onsite-roles"],
  "onsite-roles": ["delivery", "handoffs"],
};
const notRoom = (room, other) => ({
  regex: `^(@/|(\\.\\./)+)(lib/)?${other}(/|$)`,
  message: `lib/${room} does not import lib/${other}: what both need goes below them, what joins them to lib/views (eslint.config.mjs).`,
});
const apartFromTheOtherRooms = Object.entries(APART).map(([room, others]) => ({
  files: [`lib/${room}/**`],
  rules: restrictImports(LIB_NOT_SANDBOX, ...others.map((other) => notRoom(room, other))),
}));
const onlySharedGround = {
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          regex: `^@/(?!${SANDBOX_MAY_IMPORT.join("|")})`,
          message: "The sandbox imports nothing of the dashboard (eslint.config.mjs names the shared ground).",
        },
      ],
    },
  ],
};

// A principal for work outside a request (lib/auth/system-principal.ts) is made by jobs, the command line and tests;
// a route or a page gets its principal from the session (lib/api/handler.ts, lib/auth/pages.ts).
const NOT_SYSTEM_PRINCIPAL = {
  group: ["@/lib/auth/system-principal", "**/lib/auth/system-principal"],
  message: "Routes and pages take the principal of the session (lib/api/handler.ts, lib/auth/pages.ts).",
};

// A feature's slice (docs/architecture.md, "Slices"): its client.ts (fetchers and query keys), list.ts (URL state) and
// messages.ts (German and English) reach the browser, so they and the shared infrastructure under lib/client and
// lib/lists import by value only what is client-safe as well: the packages named here, the infrastructure, the three
// state lists and other slice files. A type-only import of a server module is erased, so it stays open.
const CLIENT_SAFE = [
  "zod",
  "react",
  "next/navigation",
  "@tanstack/[\\w-]+",
  "@/lib/(client|lists)/[\\w-]+",
  "@/lib/(document-states|outbox-states|handoff-states)",
  // Another slice's file, but not the server files that share its name.
  "(?!@/lib/(db|provider)/)(@/lib/[\\w/-]+|\\.{1,2}(/[\\w-]+)*)/(client|list|messages)",
  // The register page's and the hand-off month's client.ts name the print's download the way the server does.
  "@/lib/handoffs/print/file-name",
];
const SLICE_FILES = ["lib/**/client.ts", "lib/**/list.ts", "lib/**/messages.ts", "lib/client/**", "lib/lists/**"];
// The database's and the provider's clients are server code that only shares the name.
const NOT_SLICE_FILES = ["lib/db/client.ts", "lib/provider/client.ts", "lib/sandbox/**"];
const clientSafe = {
  "@typescript-eslint/no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          regex: `^(?!(${CLIENT_SAFE.join("|")})$)`,
          allowTypeImports: true,
          message:
            "A slice's client.ts, list.ts and messages.ts reach the browser: import by value only client-safe files (eslint.config.mjs), the server's types with `import type`.",
        },
      ],
    },
  ],
};
const CLIENT_INFRA_SIBLINGS = {
  "@typescript-eslint/no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          regex: `^(?!(${[...CLIENT_SAFE, "\\./[\\w-]+"].join("|")})$)`,
          allowTypeImports: true,
          message:
            "lib/client and lib/lists reach the browser: import by value only client-safe files (eslint.config.mjs), the server's types with `import type`.",
        },
      ],
    },
  ],
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The application reads its configuration in exactly one place. Launchers (lib/cli) and the test
  // harness start servers with an environment, so they are the exceptions.
  {
    files: ["app/**", "components/**", "lib/**", "proxy.ts"],
    ignores: ["lib/env.ts", "lib/cli/**"],
    rules: noProcessEnv,
  },
  {
    files: ["app/**", "components/**", "lib/**", "proxy.ts", "instrumentation.ts"],
    ignores: ["lib/sandbox/**", ...SANDBOX_ROUTES, ...DASHBOARD_MAY_IMPORT_SANDBOX],
    rules: noSandbox(SANDBOX_MODULES),
  },
  {
    files: ["app/**", "components/**"],
    ignores: SANDBOX_ROUTES,
    rules: restrictImports(notSandbox(SANDBOX_MODULES), NOT_SYSTEM_PRINCIPAL),
  },
  // Inside lib/, the relative way in too.
  {
    files: ["lib/**"],
    ignores: ["lib/sandbox/**", ...DASHBOARD_MAY_IMPORT_SANDBOX],
    rules: restrictImports(LIB_NOT_SANDBOX),
  },
  ...apartFromTheOtherRooms,
  { files: ["lib/sandbox/**"], rules: onlySharedGround },
  { files: SLICE_FILES, ignores: NOT_SLICE_FILES, rules: clientSafe },
  { files: ["lib/client/**", "lib/lists/**"], rules: CLIENT_INFRA_SIBLINGS },
  // Tests read answers as loose JSON and assert on their fields.
  { files: ["tests/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  globalIgnores([".next/**", "node_modules/**", "data/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
]);
