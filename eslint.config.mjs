// Lint and format in one pass, as Effect's own packages do: typescript-eslint's recommended rules, and dprint
// (through @effect/eslint-plugin) as the formatter. `npm run lint` checks, `npm run format` rewrites.
import * as effect from "@effect/eslint-plugin"
import js from "@eslint/js"
import tseslint from "typescript-eslint"

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "lib/**",
      ".tmp/**",
      "node_modules/**",
      "test/package/consumer/**",
      "src/*/cli/command-index.ts",
      "**/*.md"
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...effect.configs.dprint,
  {
    languageOptions: { sourceType: "module", ecmaVersion: 2022 },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Generators that only delegate (`Effect.gen(function*() { return x })`) are normal in Effect code.
      "require-yield": "off",
      "no-fallthrough": "off",
      "no-irregular-whitespace": "off",
      // Terminal safety matches control characters on purpose (core/visible.ts and its tests).
      "no-control-regex": "off",
      "object-shorthand": "error",
      "@typescript-eslint/no-unused-vars": ["error", {
        argsIgnorePattern: "^_",
        varsIgnorePattern: "^_",
        caughtErrors: "none"
      }],
      "@typescript-eslint/consistent-type-imports": ["error", {
        fixStyle: "inline-type-imports",
        disallowTypeAnnotations: false
      }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-namespace": "off",
      "@typescript-eslint/no-empty-object-type": "off",
      "@effect/dprint": ["error", {
        config: {
          indentWidth: 2,
          lineWidth: 120,
          semiColons: "asi",
          quoteStyle: "alwaysDouble",
          trailingCommas: "never",
          operatorPosition: "maintain",
          "arrowFunction.useParentheses": "force"
        }
      }]
    }
  },
  {
    // Tests read answers as arbitrary JSON.
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" }
  },
  {
    // Scripts and benchmarks run under plain Node.
    files: ["**/*.mjs", "**/*.cjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        require: "readonly",
        module: "writable",
        __dirname: "readonly",
        __filename: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        performance: "readonly",
        fetch: "readonly",
        AbortController: "readonly",
        TextDecoder: "readonly",
        TextEncoder: "readonly"
      }
    },
    rules: { "@typescript-eslint/no-require-imports": "off" }
  }
)
